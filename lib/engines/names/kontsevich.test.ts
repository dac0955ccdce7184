import { describe, expect, it } from "vitest";
import { kontsevichName, kontsevichSpellings } from "@/lib/engines/names/kontsevich";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { expectSameNameBothWays, similarity } from "@/test/name-pairs";

describe("Korean names written in Cyrillic", () => {
  it("spell out what the Cyrillic hides: a final Н as N or NG, Е as E, YE or EO", () => {
    expect(kontsevichSpellings("Чон")).toEqual(["CHON", "CHONG"]);
    expect(kontsevichSpellings("Чжэ")).toEqual(["JAE"]);
    expect(kontsevichSpellings("Хе")).toEqual(["HE", "HYE", "HEO"]);
    expect(kontsevichSpellings("Цзин")).toEqual([]);
  });

  it("read as a Korean name only with a Korean surname first", () => {
    expect(kontsevichName("Пак Кын Хе")?.[0]).toEqual(["PARK", "PAK", "BAK"]);
    expect(kontsevichName("Иван Петров")).toBeNull();
    expect(kontsevichName("Ким Иванов")).toBeNull();
    expect(kontsevichName("Ли Цян")).toBeNull();
  });

  it("find the person under the Latin spellings lists use (0.14 to 0.40 before), both ways round", () => {
    expectSameNameBothWays([
      ["Ким Чен Ын", "Kim Jong Un"],
      ["Ким Ир Сен", "Kim Il Sung"],
      ["Пак Кын Хе", "Park Geun-hye"],
      ["Мун Чжэ Ин", "Moon Jae-in"],
      ["Ли Мён Бак", "Lee Myung-bak"],
      ["Чхве Рён Хэ", "Choe Ryong Hae"],
    ]);
  });

  it("leave relatives and namesakes alone", () => {
    expect(similarity("Ким Чен Ын", "Kim Jong Il")).toBeLessThan(T);
    expect(similarity("Ким Чен Ын", "Kim Yo Jong")).toBeLessThan(T);
    expect(similarity("Пак Кын Хе", "Park Chung-hee")).toBeLessThan(T);
  });
});
