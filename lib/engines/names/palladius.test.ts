import { describe, expect, it } from "vitest";
import { palladiusName, palladiusOf, palladiusReadings } from "@/lib/engines/names/palladius";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { expectSameNameBothWays, similarity } from "@/test/name-pairs";

describe("Chinese names written in Cyrillic by Palladius", () => {
  it("writes Pinyin syllables by the system's rules", () => {
    const written = Object.fromEntries(
      ["xi", "jin", "zhang", "qiang", "ze", "zi", "si", "shi", "ri", "ju", "jue", "lv", "yu", "wang", "wan", "duo"].map(
        (s) => [s, palladiusOf(s)],
      ),
    );
    expect(written).toEqual({
      xi: "си",
      jin: "цзинь",
      zhang: "чжан",
      qiang: "цян",
      ze: "цзэ",
      zi: "цзы",
      si: "сы",
      shi: "ши",
      ri: "жи",
      ju: "цзюй",
      jue: "цзюэ",
      lv: "люй",
      yu: "юй",
      wang: "ван",
      wan: "вань",
      duo: "до",
    });
  });

  it("reads a word made wholly of such syllables back in Pinyin, and only such a name", () => {
    expect(palladiusReadings("Цзиньпин")).toEqual(["JINPING"]);
    expect(palladiusReadings("Сяомин")).toEqual(["XIAOMING"]);
    expect(palladiusReadings("Лу")).toEqual(["LU"]);
    expect(palladiusReadings("Люй")).toEqual(["LU"]);
    expect(palladiusReadings("Петров")).toEqual([]);
    expect(palladiusName("Си Цзиньпин")).toEqual([["XI"], ["JINPING"]]);
    // Иван spells и·ван (YIWANG), Петров spells nothing: a Russian name, not read as Chinese
    expect(palladiusName("Иван Петров")).toBeNull();
  });

  it("finds the person under the Pinyin and Wade–Giles spellings lists use, both ways round", () => {
    expectSameNameBothWays([
      ["Си Цзиньпин", "Xi Jinping"],
      ["Мао Цзэдун", "Mao Zedong"],
      ["Мао Цзэдун", "Mao Tse-tung"],
      ["Дэн Сяопин", "Deng Xiaoping"],
      ["Чжоу Эньлай", "Zhou Enlai"],
      ["Ли Цян", "Li Qiang"],
    ]);
  });

  it("leaves other people alone", () => {
    expect(similarity("Иван Петров", "Yi Wang")).toBeLessThan(T);
    expect(similarity("Ван Ци", "Wang Qishan")).toBeLessThan(T);
    expect(similarity("Си Цзиньпин", "Xi Jinhua")).toBeLessThan(0.95);
  });
});
