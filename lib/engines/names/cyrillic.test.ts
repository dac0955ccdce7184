import { describe, expect, it } from "vitest";
import { cyrillicReadings } from "@/lib/engines/names/cyrillic";
import { normalizeName } from "@/lib/engines/names/normalize";
import { DEFAULT_WATCHLIST_THRESHOLD as T, nameSimilarity } from "@/lib/engines/names/score";
import { blocks } from "@/test/name-pairs";

const score = (a: string, b: string) => nameSimilarity(normalizeName(a), normalizeName(b)).score;

describe("Cyrillic names in the romanisation systems lists and documents use", () => {
  it("are read once per system: BGN/PCGN, ICAO 9303, Ukrainian, French, German, scientific, popular English", () => {
    expect(cyrillicReadings("Юрий")).toEqual(expect.arrayContaining(["YURIY", "IURII", "IOURII", "JURIJ", "YURY"]));
    expect(cyrillicReadings("Жуков")).toEqual(expect.arrayContaining(["ZHUKOV", "JOUKOV", "SCHUKOW"]));
    expect(cyrillicReadings("Гончаренко")).toContain("HONCHARENKO");
    expect(cyrillicReadings("Ельцин")).toContain("YELTSIN");
    expect(cyrillicReadings("Ivan")).toEqual([]);
  });

  it("match the same name written in another system as the same name (0.23 to 0.95 before, by spelling at best)", () => {
    for (const [cyrillic, latin] of [
      ["Вагнер", "Wagner"],
      ["Олександр Гончаренко", "Oleksandr Honcharenko"],
      ["Борис Ельцин", "Boris Yeltsin"],
      ["Юрий Гагарин", "IURII GAGARIN"],
      ["Георгий Жуков", "Georgi Schukow"],
    ]) {
      expect(score(cyrillic!, latin!), `${cyrillic} ~ ${latin}`).toBeGreaterThanOrEqual(0.95);
      expect(blocks(cyrillic!, latin!)).toBe(true);
    }
  });

  it("leave other people alone", () => {
    expect(score("Иван Петров", "Ivan Sidorov")).toBeLessThan(T);
    expect(score("Георгий Жуков", "Georgi Zhivkov")).toBeLessThan(0.95);
  });
});
