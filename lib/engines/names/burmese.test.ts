import { describe, expect, it } from "vitest";
import { burmeseSyllables } from "@/lib/engines/names/burmese";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { blocks, similarity } from "@/test/name-pairs";

// Burmese public figures against the Latin spellings lists use for them. Written for this test from general
// knowledge, not taken from the evaluation's pairs; before the syllable reading (any-ascii letter by letter, one
// word: MNEANLHIUN) none was found.
const BURMESE_NAMES: [string, string][] = [
  ["မင်းအောင်လှိုင်", "Min Aung Hlaing"],
  ["အောင်ဆန်းစုကြည်", "Aung San Suu Kyi"],
  ["သန်းရွှေ", "Than Shwe"],
  ["သိန်းစိန်", "Thein Sein"],
  ["ဝင်းမြင့်", "Win Myint"],
  ["စိုးဝင်း", "Soe Win"],
  ["ထင်ကျော်", "Htin Kyaw"],
  ["မြင့်ဆွေ", "Myint Swe"],
  ["နေဝင်း", "Ne Win"],
];

describe("Burmese names", () => {
  it("are cut into syllables and read in the customary romanisation", () => {
    expect(burmeseSyllables("မင်းအောင်လှိုင်")).toEqual(["MIN", "AUNG", "HLAING"]);
    expect(burmeseSyllables("သန်းရွှေ")).toEqual(["THAN", "SHWE"]); // ရှ is SH
    expect(burmeseSyllables("ဝင်းမြင့်")).toEqual(["WIN", "MYINT"]); // the creaky -in written INT
    expect(burmeseSyllables("Min Aung")).toEqual([]);
  });

  it("find Burmese public figures under their Latin names", () => {
    for (const [query, listed] of BURMESE_NAMES) {
      expect(similarity(query, listed), `${query} ~ ${listed}`).toBeGreaterThanOrEqual(T);
      expect(blocks(query, listed), `${query} shares a blocking key with ${listed}`).toBe(true);
    }
  });

  it("leave other people with other names alone", () => {
    expect(similarity("မင်းအောင်လှိုင်", "Min Ko Naing")).toBeLessThan(T);
    expect(similarity("သန်းရွှေ", "Than Tun")).toBeLessThan(T);
    expect(similarity("ဝင်းမြင့်", "Win Tin")).toBeLessThan(T);
  });
});
