import { describe, expect, it } from "vitest";
import { japaneseReading, japaneseReadings, loadJapaneseReader } from "@/lib/engines/names/japanese";
import { normalizeName } from "@/lib/engines/names/normalize";
import { nameSimilarity } from "@/lib/engines/names/score";

const screened = (kanji: string) => {
  const query = normalizeName(kanji);
  query.readings.push(...japaneseReadings(kanji));
  return query;
};

describe("Japanese readings of kanji names", () => {
  it("reads a kanji name in Hepburn once the dictionary is loaded, and nothing else", async () => {
    await loadJapaneseReader();
    expect(japaneseReading("山田太郎")?.key).toBe("YAMADA TARO");
    expect(japaneseReading("Yamada Taro")).toBeNull();
    expect(japaneseReadings("Yamada Taro")).toEqual([]);
    const query = normalizeName("山田太郎");
    // Mandarin alone reads SHAN TIAN TAI LANG: no match without the Japanese reading
    expect(nameSimilarity(query, normalizeName("Yamada Taro")).score).toBe(0);
    query.readings.push(japaneseReading("山田太郎")!);
    expect(nameSimilarity(query, normalizeName("Yamada Taro")).score).toBe(1);
  });

  it("gives a name every reading ENAMDICT lists for its surname and given name, in either order", async () => {
    await loadJapaneseReader();
    // kuromoji alone: ABE SUSUMU SAN, SUGA as KAN YOSHI ERA, OYA SHO TAIRA, MIYAZAKI SHUN, MAGO MASAYOSHI
    for (const [kanji, latin] of <[string, string][]>[
      ["安倍晋三", "Shinzo Abe"],
      ["安倍 晋三", "ABE Shinzo"],
      ["菅義偉", "Yoshihide Suga"],
      ["宮崎駿", "Hayao Miyazaki"],
      ["孫正義", "Masayoshi Son"],
      ["三木谷浩史", "Hiroshi Mikitani"],
      ["細川護熙", "Morihiro Hosokawa"],
    ])
      expect(nameSimilarity(screened(kanji), normalizeName(latin)).score, `${kanji} / ${latin}`).toBe(1);
    // Ohtani, the passport spelling of おおたに, against OTANI: a spelling apart, still a strong match
    expect(nameSimilarity(screened("大谷翔平"), normalizeName("Shohei Ohtani")).score).toBeGreaterThan(0.9);
  });

  it("does not make another person of the same surname, or the same given name, a match", async () => {
    await loadJapaneseReader();
    for (const [kanji, latin] of <[string, string][]>[
      ["安倍晋三", "Shintaro Abe"],
      ["宮崎駿", "Goro Miyazaki"],
      ["麻生太郎", "Taro Kono"],
      ["田中角栄", "Makiko Tanaka"],
    ])
      expect(nameSimilarity(screened(kanji), normalizeName(latin)).score, `${kanji} / ${latin}`).toBeLessThan(0.7);
  });
});
