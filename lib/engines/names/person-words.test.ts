import { describe, expect, it } from "vitest";
import { normalizeName } from "@/lib/engines/names/normalize";
import { withoutFormsOfAddress } from "@/lib/engines/names/person-words";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { similarity } from "@/test/name-pairs";

// Forms of address other languages write before or after a name (issue 30, nineteenth round): Russian's in full and
// short, Dutch, Portuguese, Turkish and Italian courtesy titles, and the titles Chinese, Japanese and Korean write
// after a name. Public figures, written for these tests from general knowledge.

describe("a person's forms of address in other languages", () => {
  it("leaves out Russian's, in full, short and as His Excellency, and other languages' courtesy titles", () => {
    expect(normalizeName("Господин Сергей Лавров").key).toBe("SERGEY LAVROV");
    expect(normalizeName("Г-н Владимир Путин").key).toBe("VLADIMIR PUTIN");
    expect(normalizeName("г-жа Эльвира Набиуллина").key).toBe("ELVIRA NABIULLINA");
    expect(normalizeName("Его превосходительство Сергей Лавров").key).toBe("SERGEY LAVROV");
    expect(normalizeName("Dhr. Mark Rutte").key).toBe("MARK RUTTE");
    expect(normalizeName("Senhor Jair Bolsonaro").key).toBe("JAIR BOLSONARO");
    expect(normalizeName("Sayın Recep Tayyip Erdoğan").key).toBe("RECEP TAYYIP ERDOGAN");
    // 0.74 before: Г-н was read as the initials G and N
    expect(similarity("Г-н Путин Владимир", "Vladimir Putin")).toBeGreaterThanOrEqual(0.85);
  });

  it("leaves out the titles Chinese, Japanese and Korean write after a name, joined or apart", () => {
    expect(withoutFormsOfAddress("习近平先生")).toBe("习近平");
    expect(withoutFormsOfAddress("岸田文雄氏")).toBe("岸田文雄");
    expect(withoutFormsOfAddress("김정은 위원장").trim()).toBe("김정은");
    expect(withoutFormsOfAddress("김정은위원장")).toBe("김정은");
    // 0.29 before: XI JIN PING XIAN SHENG
    expect(similarity("习近平先生", "Xi Jinping")).toBeGreaterThanOrEqual(0.95);
  });

  it("keeps a word that is the name there is, or a name of the same letters", () => {
    // one character would be left: 李先生 is Mr Li, and 李 alone names no one
    expect(withoutFormsOfAddress("李先生")).toBe("李先生");
    expect(withoutFormsOfAddress("源氏")).toBe("源氏");
    // a title alone is the name there is
    expect(withoutFormsOfAddress("위원장")).toBe("위원장");
    // the spaces stay as written: two part the words of a name spelt letter by letter
    expect(withoutFormsOfAddress("V L A D I M I R  P U T I N")).toBe("V L A D I M I R  P U T I N");
    expect(normalizeName("V L A D I M I R  P U T I N").readings.map((r) => r.key)).toContain("VLADIMIR PUTIN");
    // PAN is a Chinese surname, not the Polish title; GOSPODINOV a Bulgarian surname
    expect(normalizeName("Pan Wei").key).toBe("PAN WEI");
    expect(normalizeName("Ivan Gospodinov").key).toBe("IVAN GOSPODINOV");
    expect(similarity("Господин Иван Петров", "Ivan Petrenko")).toBeLessThan(T);
  });
});
