import { describe, expect, it } from "vitest";
import { areNameVariants } from "@/lib/engines/names/given-names";
import { indicReadings } from "@/lib/engines/names/indic";
import { indicInitial, withLatinInitials } from "@/lib/engines/names/indic-initials";
import { normalizeName } from "@/lib/engines/names/normalize";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { blocks, similarity } from "@/test/name-pairs";

// Persons written in the scripts and conventions the earlier rounds had not met (issue 30, seventeenth round): a
// letter with the Hindi nukta, Tamil's dental, a flap, initials written out in an Indic script, a Mongolian patronymic in the genitive, the
// everyday short forms of Greek, Georgian, South Slavic, Hungarian and Czech given names. Public figures, written for
// these tests from general knowledge, not taken from the evaluation's pairs; each failed before.

describe("persons written in other scripts", () => {
  it("read a consonant with the nukta as the sound it marks, and ज as Z where the nukta is left out", () => {
    // हाफ़िज़ with the nukta as its own mark: any-ascii read HAPHIJ
    expect(indicReadings("हाफ़िज़")).toEqual(["HAFIZ"]);
    expect(indicReadings("ज़फ़र")[0]).toBe("ZFR");
    expect(similarity("हाफ़िज़ सईद", "Hafiz Saeed")).toBeGreaterThanOrEqual(0.95);
    expect(similarity("हाफिज सईद", "Hafiz Saeed")).toBeGreaterThanOrEqual(0.95);
    expect(blocks("हाफिज सईद", "Hafiz Saeed")).toBe(true);
    // a Hindu name's J stays a J as well
    expect(similarity("राजेश कुमार", "Rajesh Kumar")).toBe(1);
    expect(similarity("हाफिज सईद", "Hafiz Khan")).toBeLessThan(T);
  });

  it("read a letter as names customarily spell it: Tamil's dental as TH, a flap as D or R, Malayalam's NT", () => {
    expect(indicReadings("ஜெயலலிதா")).toContain("JEYLLITHA");
    expect(blocks("ஜெ. ஜெயலலிதா", "J. Jayalalithaa")).toBe(true);
    expect(indicReadings("कपाड़िया")).toContain("KPARIYA");
    expect(similarity("कपाड़िया", "Kapadia")).toBeGreaterThanOrEqual(0.95);
    expect(similarity("एच. डी. देवेगौड़ा", "H. D. Deve Gowda")).toBeGreaterThanOrEqual(0.95);
    expect(indicReadings("ആന്റണി")).toEqual(["ANTNI"]);
    expect(similarity("എ. കെ. ആന്റണി", "A. K. Antony")).toBeGreaterThanOrEqual(0.95);
    expect(similarity("എ. കെ. ആന്റണി", "A. K. Anirudh")).toBeLessThan(T);
  });

  it("read dotted initials written out in an Indic script as the Latin initials lists write", () => {
    expect(indicInitial("एम")).toBe("M");
    expect(indicInitial("ए")).toBe("A");
    expect(indicInitial("वाई")).toBe("Y");
    // Tamil writes the first syllable of the name the initial stands for
    expect(indicInitial("மு")).toBe("M");
    expect(indicInitial("राजेश")).toBeNull();
    expect(withLatinInitials("एम. के. स्टालिन")).toBe("M. K. स्टालिन");
    // without the dot a short word is a name's own (जी is also the honorific)
    expect(withLatinInitials("एम के स्टालिन")).toBe("एम के स्टालिन");
    expect(similarity("एम. के. स्टालिन", "M. K. Stalin")).toBe(1);
    expect(similarity("மு. க. ஸ்டாலின்", "M. K. Stalin")).toBe(1);
    expect(similarity("ए. पी. जे. अब्दुल कलाम", "A. P. J. Abdul Kalam")).toBeGreaterThanOrEqual(0.95);
    // an initial that conflicts is a conflict, as in Latin
    expect(similarity("एम. के. स्टालिन", "J. V. Stalin")).toBeLessThan(T);
  });

  it("read a Mongolian patronymic in the genitive as the father's name lists write after the given name", () => {
    expect(normalizeName("Ухнаагийн Хүрэлсүх").parts[0]!.alts).toContain("UKHNAA");
    expect(normalizeName("Намбарын Энхбаяр").parts[0]!.alts).toContain("NAMBAR");
    expect(normalizeName("Ukhnaagiin Khurelsukh").parts[0]!.alts).toContain("UKHNAA");
    expect(similarity("Ухнаагийн Хүрэлсүх", "Khurelsukh Ukhnaa")).toBeGreaterThanOrEqual(T);
    expect(similarity("Намбарын Энхбаяр", "Enkhbayar Nambar")).toBeGreaterThanOrEqual(T);
    // a Russian -ин, which other romanisations write -YN, and a Somali -iin are no genitives
    expect(normalizeName("Владимир Пулин").parts[1]!.alts).not.toContain("PUL");
    expect(normalizeName("Yasiin Ahmed").parts[0]!.alts).toEqual([]);
    expect(similarity("Ухнаагийн Хүрэлсүх", "Khurelsukh Batbold")).toBeLessThan(T);
  });

  it("read Arabic names as Russian and Persian write them: the article assimilated in Cyrillic, ض as Z", () => {
    expect(similarity("Айман аз-Завахири", "Ayman al-Zawahiri")).toBeGreaterThanOrEqual(0.95);
    expect(similarity("Абдель Фаттах ас-Сиси", "Abdel Fattah el-Sisi")).toBe(1);
    // a hyphen after a word that is no article stays a hyphen
    expect(normalizeName("Оюун-Эрдэнэ").tokens).toEqual(["OYUUN", "ERDENE"]);
    expect(similarity("رمضان قديروف", "Ramzan Kadyrov")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("رضا پهلوی", "Reza Pahlavi")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("رمضان قديروف", "Ramzan Kadyrbekov")).toBeLessThan(T);
  });

  it("read J written DJ, as French writes Arabic names and Serbian its Đ, as J", () => {
    // 0.22 before: DJAMEL against JAMAL, and BEGHAL against BAGHAL, each a little apart
    expect(similarity("Djamel Beghal", "Jamal Baghal")).toBeGreaterThanOrEqual(T);
    expect(similarity("Djordje Djordjevic", "Dorde Dordevic")).toBeGreaterThanOrEqual(T);
    expect(similarity("Djamel Beghal", "Jamal Khashoggi")).toBeLessThan(T);
  });

  // nineteenth round: 0.36, 0.23, 0.00, 0.23 before — ALEH met no OLEG, RAMANAU no ROMANOV, a Belarusian patronymic
  // conflicted with the Russian one
  it("read a Belarusian name in a Belarusian passport's spelling as its Russian form", () => {
    expect(similarity("Aliaksandr Ryhoravich Lukashenka", "Aleksandr Grigoryevich Lukashenko")).toBeGreaterThanOrEqual(
      0.9,
    );
    expect(similarity("Ihar Sergeyenka", "Igor Sergeyenko")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Aleh Ramanau", "Oleg Romanov")).toBeGreaterThanOrEqual(T);
    // Ў inside the name written U, -ANKA for -ENKO (Раўкоў, Галоўчанка)
    expect(similarity("Andrei Raukou", "Andrei Ravkov")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Raman Halouchanka", "Roman Golovchenko")).toBeGreaterThanOrEqual(T);
    expect(similarity("Natallia Ryhorauna Kachanava", "Natalya Grigoryevna Kochanova")).toBeGreaterThanOrEqual(T);
    // a Ukrainian patronymic is its father's name too
    expect(similarity("Volodymyr Oleksandrovych Zelenskyy", "Vladimir Aleksandrovich Zelensky")).toBeGreaterThanOrEqual(
      0.9,
    );
    // another father, another given name, a brother, a sister, a Greek or French surname stay apart
    expect(similarity("Ivan Sergeyevich Petrov", "Ivan Nikolayevich Petrov")).toBeLessThan(T);
    expect(similarity("Aleksandr Grigoryevich Lukashenko", "Aleksandr Grigoryevna Lukashenko")).toBeLessThan(T);
    expect(similarity("Ihar Karpenka", "Ivan Karpenko")).toBeLessThan(T);
    expect(similarity("Viktar Lukashenka", "Dmitry Lukashenko")).toBeLessThan(T);
    expect(similarity("Ivan Makarau", "Ivan Markov")).toBeLessThan(T);
  });

  // nineteenth round: 0.25, 0.25, 0.23 before — SERHII, HENNADII met no Russian form; HRYTSENKO's H no G
  it("read a Ukrainian name in a Ukrainian passport's spelling as its Russian form", () => {
    expect(similarity("Serhii Arbuzov", "Sergei Arbuzov")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Hennadii Kernes", "Gennady Kernes")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Anatolii Hrytsenko", "Anatoly Gritsenko")).toBeGreaterThanOrEqual(T);
    // an H of a digraph is no G, and an English surname's H no Russian G
    expect(similarity("Ivan Hrytsenko", "Ivan Grishchenko")).toBeLessThan(T);
    expect(similarity("Serhii Arbuzov", "Sergei Morozov")).toBeLessThan(T);
  });

  it("know the everyday short forms of Greek, Georgian, South Slavic, Hungarian and Czech given names", () => {
    expect(similarity("Νίκος Μιχαλολιάκος", "Nikolaos Michaloliakos")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Γιάννης Λαγός", "Ioannis Lagos")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Vano Merabishvili", "Ivane Merabishvili")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Misha Saakashvili", "Mikheil Saakashvili")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Sloba Milosevic", "Slobodan Milosevic")).toBeGreaterThanOrEqual(0.9);
    expect(areNameVariants("LACI", "LASZLO")).toBe(true);
    expect(areNameVariants("JARDA", "JAROSLAV")).toBe(true);
    // a short form is its full name's only: not another name's, nor the full names related through it
    expect(similarity("Nikos Michaloliakos", "Nikolai Michaloliakos")).toBeLessThan(0.9);
    expect(areNameVariants("NIKOLAOS", "NIKOLAI")).toBe(false);
    expect(similarity("Giannis Lagos", "Georgios Lagos")).toBeLessThan(T);
  });

  // twenty-first round: 0.23, 0.28, 0.25, 0.38 before — LEE, LOONG, CHOONG, SOONG were no Chinese syllables
  it("read the customary spellings of Chinese syllables outside Pinyin and Wade–Giles (LEE, LOONG, SOONG)", () => {
    expect(similarity("Lee Hsien Loong", "李显龙")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Lee Hsien Loong", "Li Xianlong")).toBeGreaterThanOrEqual(0.9);
    expect(similarity("Choong Wei", "钟伟")).toBeGreaterThanOrEqual(T);
    expect(similarity("Soong Ching-ling", "宋庆龄")).toBeGreaterThanOrEqual(T);
    // his brother, her sister
    expect(similarity("Lee Hsien Yang", "Li Xianlong")).toBeLessThan(T);
    expect(similarity("Soong Mei-ling", "宋庆龄")).toBeLessThan(T);
  });
});
