import { describe, expect, it } from "vitest";
import { polivanovName, polivanovReading } from "@/lib/engines/names/polivanov";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { expectSameNameBothWays, similarity } from "@/test/name-pairs";

describe("Japanese names written in Cyrillic by Polivanov", () => {
  it("are read back in Hepburn", () => {
    expect(["Дзюнъитиро", "Коидзуми", "Тиэко", "Хаяси", "Сёко", "Ёсихидэ", "Цутому"].map(polivanovReading)).toEqual([
      "JUNICHIRO",
      "KOIZUMI",
      "CHIEKO",
      "HAYASHI",
      "SHOKO",
      "YOSHIHIDE",
      "TSUTOMU",
    ]);
  });

  it("only when every word is Japanese syllables", () => {
    expect(polivanovName("Синдзо Абэ")).toEqual([["SHINZO"], ["ABE"]]);
    expect(polivanovName("Иван Петров")).toBeNull();
    expect(polivanovName("Сергей Лавров")).toBeNull();
    expect(polivanovName("Си Цзиньпин")).toBeNull();
  });

  it("find the person under the Hepburn spelling lists use (0.20 to 0.23 before), both ways round", () => {
    expectSameNameBothWays([
      ["Дзюнъитиро Коидзуми", "Junichiro Koizumi"],
      ["Тиэко Хаяси", "Chieko Hayashi"],
      ["Сёко Асахара", "Shoko Asahara"],
    ]);
  });

  it("leave namesakes alone", () => {
    expect(similarity("Синдзо Абэ", "Shintaro Abe")).toBeLessThan(T);
    expect(similarity("Фумио Кисида", "Fumio Kishimoto")).toBeLessThan(T);
  });
});
