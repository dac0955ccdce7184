import { describe, expect, it } from "vitest";
import { normalizeName } from "@/lib/engines/names/normalize";
import { nameSimilarity } from "@/lib/engines/names/score";
import { MIN_ENTRIES, RARITY_FLOOR, rarityFromCounts } from "@/lib/engines/names/token-rarity";

const ENTRIES = 1000;
// a list of 1,000 entries where MOHAMMAD, MOHAMED and AHMED are on every tenth entry
const rarity = rarityFromCounts(
  new Map([
    ["MOHAMMAD", 100],
    ["MOHAMED", 100],
    ["AHMED", 100],
    ["AKHTAR", 1],
    ["MANSOUR", 2],
    ["EVERYWHERE", 1000],
  ]),
  ENTRIES,
);
const similarity = (a: string, b: string, withRarity = true) =>
  nameSimilarity(normalizeName(a), normalizeName(b), withRarity ? rarity : undefined).score;

describe("token rarity", () => {
  it("weighs rare and unknown tokens in full, common ones less, never below the floor", () => {
    expect(rarity("AKHTAR")).toBe(1);
    expect(rarity("NOT ON THE LIST")).toBe(1);
    expect(rarity("MOHAMMAD")).toBeLessThan(0.5);
    expect(rarity("MOHAMMAD")).toBeGreaterThan(RARITY_FLOOR);
    expect(rarity("EVERYWHERE")).toBe(RARITY_FLOOR);
  });

  it("leaves every token in full on a list too small to count", () => {
    const small = rarityFromCounts(new Map([["MOHAMMAD", 50]]), MIN_ENTRIES - 1);
    expect(small("MOHAMMAD")).toBe(1);
  });

  it("makes a common token the screened name omits cost less, and says so", () => {
    const withRarity = similarity("Akhtar Mansour", "Akhtar Mohammad Mansour Shah Mohammed");
    const scored = nameSimilarity(normalizeName("Akhtar Mansour"), normalizeName("Akhtar Mohammad Mansour"), rarity);
    expect(scored.commonTokens).toEqual([{ token: "MOHAMMAD", weight: Math.round(rarity("MOHAMMAD") * 100) / 100 }]);
    expect(withRarity).toBeGreaterThan(similarity("Akhtar Mansour", "Akhtar Mohammad Mansour Shah Mohammed", false));
  });

  it("shows a name with no word alike the entry's as nothing matched, every word left over, common ones named", () => {
    const scored = nameSimilarity(normalizeName("Gunnar Lindqvist"), normalizeName("Mohammad Akhtar"), rarity);
    expect(scored.score).toBe(0);
    expect(scored.pairs).toEqual([]);
    expect([scored.unmatchedQuery, scored.unmatchedList]).toEqual([
      ["GUNNAR", "LINDQVIST"],
      ["MOHAMMAD", "AKHTAR"],
    ]);
    expect(scored.commonTokens).toEqual([{ token: "MOHAMMAD", weight: Math.round(rarity("MOHAMMAD") * 100) / 100 }]);
  });

  it("keeps a conflict on common tokens in full: a different father's name is a different person", () => {
    const [query, listed] = ["Tariq Anwar Mohamed Sayed", "Tariq Anwar Ahmed Sayed"];
    expect(similarity(query, listed)).toBeLessThanOrEqual(similarity(query, listed, false));
  });
});
