import { THAI_TITLES } from "@/lib/engines/names/thai";

// The words of persons' names that are not names (normalize.ts gives them their roles): titles, dropped, and
// particles, kept at little weight.

// Titles and honorifics say nothing about who someone is, and lists carry them inconsistently. The Muslim world's
// religious honorifics stand before any name of the chain (HAJI KHAIRULLAH HAJI SATTAR): dropped wherever they are.
export const HONORIFICS = new Set(
  "SHEIKH SHEIK SHAIKH SHAYKH SHEYKH HAJI HAJJI HADJI MULLAH MAULANA MAWLANA MAULVI MAULAVI MAWLAWI MAWLAVI MOULVI MUFTI QARI AYATOLLAH AYATULLAH HOJATOLESLAM HOJJATOLESLAM".split(
    " ",
  ),
);
// The words that introduce a maiden or a married name inside a person's name (Marie Martin née Dupont, Anna Schmidt
// geb. Müller, Marie Dupont épouse Martin, Ana Pérez vda. de Gómez): dropped wherever they stand, the names kept.
export const NAME_MARKERS = new Set("NEE GEB GEBORENE EPOUSE EP VVE VEUVE VDA VIUDA".split(" "));
// Courtesy, academic, military, religious and office titles open a name (Prof. Dr., Field Marshal, President, King):
// dropped only before its first name, where they are titles — MAJOR in John Major, LORD in Jack Lord are surnames.
// Words that are names elsewhere are not here: given names (EMIR, AMIR, SULTAN, SHAH, DON) and surnames any-ascii
// or a romanisation may write as a title (HON for Khmer ហ៊ុន Hun, HER for the Hmong Her).
export const LEADING_TITLES = new Set(
  (
    "MR MRS MS MISS MX DR PROF PROFESSOR SIR DAME LORD LADY MONSIEUR MADAME MME MLLE HERR FRAU SENOR SENORA SIGNOR " +
    "SIGNORA DONA GENERAL GEN COLONEL COL CAPTAIN CAPT MAJOR LIEUTENANT LT SERGEANT SGT CORPORAL ADMIRAL MARSHAL " +
    "BRIGADIER COMMANDER COMMODORE PRESIDENT PRESIDENTE PRESIDENTA PRASIDENT PRAESIDENT PREZIDENT PREMIER MINISTER " +
    "CHANCELLOR SENATOR GOVERNOR MAYOR AMBASSADOR CONGRESSMAN CONGRESSWOMAN KING QUEEN PRINCE PRINCESS EMPEROR " +
    "EMPRESS HIS EXCELLENCY HONOURABLE HONORABLE REV REVEREND BISHOP ARCHBISHOP CARDINAL ING DIPL MGR MUDR JUDR PHDR " +
    "RNDR " +
    // other languages' courtesy titles, in the letters their names are read into (Господин, Госпожа, de heer, senhor,
    // sayın, dottore, excelentísimo, превосходительство)
    "GOSPODIN GOSPOZHA GOSPOZA GOSPODJA DHR MEVR MEVROUW SENHOR SENHORA SAYIN DOTT DOTTSSA DOTTORESSA EXCMO EXCMA " +
    "PREVOSKHODITELSTVO"
  ).split(" "),
);
// the first word of a two-word title (FIELD MARSHAL, CROWN PRINCE, PRIME MINISTER, VICE PRESIDENT), a title only so
// (and Russian's ЕГО, ЕЁ before ПРЕВОСХОДИТЕЛЬСТВО, His or Her Excellency)
export const TITLE_OPENERS = new Set(["FIELD", "CROWN", "PRIME", "VICE", "DEPUTY", "GRAND", "EGO", "EE"]);

/** How many of a person's first words are titles (the last word is kept whatever it is: a title alone is the name). */
export function leadingTitleCount(words: readonly string[]): number {
  const isTitle = (i: number): boolean =>
    LEADING_TITLES.has(words[i]!) ||
    HONORIFICS.has(words[i]!) ||
    (TITLE_OPENERS.has(words[i]!) && i + 1 < words.length && isTitle(i + 1));
  let count = 0;
  while (count < words.length - 1 && isTitle(count)) count++;
  return count;
}
// A generational suffix after a name tells father and son apart (Ferdinand Marcos Jr. is not Ferdinand Marcos Sr.),
// as a regnal number tells a king from his ancestor: kept as a qualifier (normalize.ts), one spelling each. JR and II
// both name a namesake of the generation before and are written for each other; SR is the elder.
export const GENERATIONS: Readonly<Record<string, string>> = {
  JR: "JR",
  JNR: "JR",
  JUNIOR: "JR",
  SR: "SR",
  SNR: "SR",
  SENIOR: "SR",
  II: "II",
  III: "III",
  IV: "IV",
};
export const GENERATION_ALTS: Readonly<Record<string, string[]>> = { JR: ["II"], II: ["JR"] };
// the same titles written in Arabic, Persian, Urdu, Bengali and Devanagari, matched on the word as written: read in
// ASCII an abjad word's consonants may spell a Latin title (عمر, Omar, reads MR); and Thai's and Lao's written apart
export const NATIVE_TITLES = new Set([
  ..."شيخ الشيخ شیخ حاج الحاج حاجی حاجي حاجى ملا ملّا مولانا مولوی مولوي آقای جناب শেখ শাইখ হাজী মাওলানা মৌলভী शेख हाजी मौलाना मौलवी".split(
    " ",
  ),
  ...THAI_TITLES,
  "ທ້າວ",
  "ນາງ",
]);
// Particles are written joined, hyphenated, apart or left out (AL-RASHID, Al Rashid, Rashid): they weigh little and
// may join their neighbour (VAN DER BILT = VANDERBILT). Surnames that are particles elsewhere (Le, Du) are absent.
// With them the Turkic patronymic's "son of", "daughter of", written after the father's name and left out as often
// (Ilham Heydar oglu Aliyev, Ilham Aliyev): Azerbaijani OGLU, QIZI; Kazakh ULY, QYZY; Kyrgyz UULU, KYZY; Uzbek O'G'LI.
export const PARTICLES = new Set(
  (
    "AL EL UL BIN BEN BINT IBN ABU ABOU DE DEL DELLA DER DEN DOS DAS DI DA VAN VON ZU " +
    "OGLU OGLY OGHLU OGLI QIZI GIZI KIZI ULY QYZY KYZY UULU"
  ).split(" "),
);
export const FIRST_AS_NAME = new Set(["BEN", "ABU", "ABOU"]);
export const PARTICLE_FORMS: Record<string, string> = { EL: "AL", UL: "AL", BEN: "BIN", IBN: "BIN", ABOU: "ABU" };

// the consonants the Arabic article assimilates to (the sun letters, as Latin spellings write them)
const SUN_LETTER = /^(TH|DH|SH|[TDRZSNL])/;
/**
 * A run's joined spellings with its inner article AL assimilated to the next word's sun letter, vowel A, U or E:
 * SALAH AL DIN is SALAHUDDIN, ABD AL RAHMAN ABDURRAHMAN, NUR AL DIN NUREDDIN (align.ts compares them, phonetic.ts
 * keys them).
 */
export function assimilatedForms(tokens: readonly { text: string; role: string }[]): string[] {
  const at = tokens.findIndex((t, k) => k > 0 && k < tokens.length - 1 && t.text === "AL" && t.role === "PARTICLE");
  const sun = at > 0 ? SUN_LETTER.exec(tokens[at + 1]!.text)?.[1] : undefined;
  if (!sun) return [];
  const [before, after] = [tokens.slice(0, at), tokens.slice(at + 1)].map((run) => run.map((t) => t.text).join(""));
  return ["A", "U", "E"].map((vowel) => `${before}${vowel}${sun}${after}`);
}

// A Mongolian patronymic is the father's name in the genitive, written before the given name (Ukhnaagiin Khurelsukh,
// Khurelsukh son of Ukhnaa): -GIIN after a vowel, -IIN or -YN after a consonant (Nambaryn Enkhbayar), as Cyrillic
// -гийн, -ийн, -ын is romanised (-GIYN, -IYN too). Lists also write the father's name bare (Khurelsukh Ukhnaa). Only
// -GIIN is read so in a name written in Latin letters: -IIN and -YN end names of their own there (Somali Yasiin,
// Welsh Glyn).
const GENITIVE = /^([A-Z]{3,}?)(?:GIIN|GIYN)$/;
const CYRILLIC_GENITIVE = /^([A-Z]{3,}?)(?:GIIN|GIYN|IIN|IYN|(?<=[^AEIOUY])YN)$/;

/** The father's name in a Mongolian patronymic written in the genitive, or null. */
export function mongolianPatronymStem(word: { text: string; alts: readonly string[]; script: string }): string | null {
  // the word as read letter by letter: Cyrillic's other romanisations write a Russian -ин as -YN too (ПУЛИН: PULYN)
  const stem = (word.script === "OTHER" ? CYRILLIC_GENITIVE : GENITIVE).exec(word.text)?.[1];
  return stem && !word.alts.includes(stem) ? stem : null;
}

// Forms of address Russian writes short (г-н, г-жа: господин, госпожа), and those Chinese, Japanese and Korean write
// after a name, joined to it or apart (习近平先生, 岸田文雄氏, 김정은 위원장): Mr, Ms, Miss, comrade, chairman, president,
// premier, minister, general, excellency. Dropped where a name of two characters or more stays.
const CYRILLIC_SHORT_TITLE = /(^|\s)[Гг]-(?:н|жа|ну|же|на)\.?(?=\s)/gu;
const CJK_TITLES = (
  "先生 女士 小姐 同志 主席 总统 總統 总理 總理 阁下 閣下 部长 部長 将军 將軍 " +
  "さん 様 さま 氏 殿 首相 大統領 " +
  "씨 님 선생님 선생 위원장 대통령 총리 장관 동지 각하"
).split(" ");
const CJK_WORD = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u;

/**
 * A person's name without the forms of address above (Г-н Путин: Путин; 习近平先生: 习近平). The spaces between the
 * words stay as written: two of them part the words of a name spelt letter by letter (evasion.ts).
 */
export function withoutFormsOfAddress(text: string): string {
  const untitled = text.replace(CYRILLIC_SHORT_TITLE, "$1");
  const words = untitled.match(/\S+/g) ?? [];
  return untitled.replace(/\S+/g, (word) => {
    if (!CJK_WORD.test(word)) return word;
    if (words.length > 1 && CJK_TITLES.includes(word)) return "";
    const title = CJK_TITLES.find((t) => word.endsWith(t) && [...word].length - [...t].length >= 2);
    return title ? word.slice(0, -title.length) : word;
  });
}
