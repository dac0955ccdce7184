import fc from "fast-check";
import jaroWinkler from "talisman/metrics/jaro-winkler";
import damerau from "talisman/metrics/damerau-levenshtein";
import { describe, expect, it } from "vitest";
import { spellingOf } from "@/lib/engines/names/spelling-measure";

// The spelling measure in full, as it was before pairs far apart were answered by a bound: the mean of
// (1 − Damerau–Levenshtein / longer length) and Jaro–Winkler, one typo lifted to 0.8 (token-similarity.ts)
function measuredInFull(a: string, b: string): number {
  const edits = damerau(a, b);
  const measured = (1 - edits / Math.max(a.length, b.length) + jaroWinkler(a, b)) / 2;
  if (edits !== 1 || Math.min(a.length, b.length) < 2) return measured;
  const isSubstitution = a.length === b.length && [...a].sort().join("") !== [...b].sort().join("");
  return isSubstitution && Math.max(a.length, b.length) < 4 ? measured : Math.max(measured, 0.8);
}

// few letters, so that words share many and some pairs land on either side of the bound
const word = fc.string({ unit: fc.constantFrom(..."AEIHKLMNORS"), minLength: 1, maxLength: 12 });
// a word and the same word with a few letters changed, dropped, added or swapped: the pairs that are measured in full
const edited = fc
  .tuple(word, fc.array(fc.tuple(fc.nat(), fc.constantFrom("change", "drop", "add", "swap")), { maxLength: 4 }))
  .map(([w, edits]) => {
    let out = w;
    for (const [at, edit] of edits) {
      const i = at % Math.max(out.length, 1);
      if (edit === "change") out = `${out.slice(0, i)}Z${out.slice(i + 1)}`;
      if (edit === "drop" && out.length > 1) out = out.slice(0, i) + out.slice(i + 1);
      if (edit === "add") out = `${out.slice(0, i)}Y${out.slice(i)}`;
      if (edit === "swap" && i + 1 < out.length) out = out.slice(0, i) + out[i + 1] + out[i] + out.slice(i + 2);
    }
    return [w, out] as const;
  });

describe("the spelling measure, with pairs far apart bounded", () => {
  const agrees = ([a, b]: readonly [string, string]) => {
    const full = measuredInFull(a, b);
    const answered = spellingOf(a, b);
    // 0.4 is where bestSpelling stops trying other spellings; nothing uses a measure below it
    if (full >= 0.4) expect(answered, `${a} / ${b}`).toBe(full);
    else {
      expect(answered, `${a} / ${b}`).toBeLessThan(0.4);
      expect(answered + 1e-12, `${a} / ${b}`).toBeGreaterThanOrEqual(full);
    }
  };

  it("answers exactly as measured in full from 0.4 up, and under 0.4 where the measure is", () => {
    fc.assert(fc.property(fc.tuple(word, word), agrees), { numRuns: 5_000 });
    fc.assert(fc.property(edited, agrees), { numRuns: 5_000 });
  });

  it("keeps the lift of one typo, however far apart the letters look", () => {
    // Jaro finds no match in two letters swapped (its window is 0), yet a swap is one typo
    expect(spellingOf("AB", "BA")).toBe(0.8);
    expect(spellingOf("MOHAMED", "MOHAMMED")).toBe(measuredInFull("MOHAMED", "MOHAMMED"));
    expect(spellingOf("AHMED", "KARIMOV")).toBe(measuredInFull("AHMED", "KARIMOV")); // 0.424
    expect(spellingOf("HASSAN", "MOHAMMED")).toBeLessThan(0.4); // 0.389 measured in full
  });
});
