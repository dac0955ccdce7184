import { describe, expect, it } from "vitest";
import { japaneseReading, loadJapaneseReader } from "@/lib/engines/names/japanese";
import { normalizeName } from "@/lib/engines/names/normalize";
import { nameSimilarity } from "@/lib/engines/names/score";

describe("Japanese readings of kanji names", () => {
  it("reads a kanji name in Hepburn once the dictionary is loaded, and nothing else", async () => {
    await loadJapaneseReader();
    expect(japaneseReading("山田太郎")?.key).toBe("YAMADA TARO");
    expect(japaneseReading("Yamada Taro")).toBeNull();
    const query = normalizeName("山田太郎");
    // Mandarin alone reads SHAN TIAN TAI LANG: no match without the Japanese reading
    expect(nameSimilarity(query, normalizeName("Yamada Taro")).score).toBe(0);
    query.readings.push(japaneseReading("山田太郎")!);
    expect(nameSimilarity(query, normalizeName("Yamada Taro")).score).toBe(1);
  });
});
