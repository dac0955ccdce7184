import fc from "fast-check";
import jaroWinkler from "talisman/metrics/jaro-winkler";
import damerau from "talisman/metrics/damerau-levenshtein";
import { describe, expect, it } from "vitest";
import { bestSpelling, closestOf, spelling, spellingFrom, spellingOf } from "@/lib/engines/names/spelling-measure";

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

describe("the spelling measure from a floor (the loops over many spellings)", () => {
  const floor = fc.constantFrom(0.6, 0.7, 0.78, 0.8, 0.85, 0.9);
  const fromFloor = ([a, b]: readonly [string, string], f: number) => {
    const full = spelling(a, b);
    const answered = spellingFrom(a, b, f);
    if (full >= f) expect(answered, `${a} / ${b} from ${f}`).toBe(full);
    else expect(answered, `${a} / ${b} from ${f}`).toBeLessThan(f);
  };

  it("answers as the measure at and above the floor, and under the floor where the measure is", () => {
    fc.assert(fc.property(fc.tuple(word, word), floor, fromFloor), { numRuns: 5_000 });
    fc.assert(fc.property(edited, floor, fromFloor), { numRuns: 5_000 });
  });

  it("keeps the lift of one typo that the shared letters' bound stays under", () => {
    // one letter changed, no common prefix: the bound from the shared letters is 0.79, the lifted measure 0.8
    expect(spelling("XBCD", "YBCD")).toBe(0.8);
    expect(spellingFrom("XBCD", "YBCD", 0.8)).toBe(0.8);
  });

  it("finds the same closest spelling among many as measuring every pair, from the floor up", () => {
    const forms = fc.array(word, { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(forms, forms, floor, (xs, ys, f) => {
        const first = spelling(xs[0]!, ys[0]!);
        const every = first < 0.4 ? first : Math.max(...xs.flatMap((x) => ys.map((y) => spelling(x, y))));
        const best = bestSpelling(xs, ys, f);
        if (every >= f) expect(best).toBe(every);
        else expect(best).toBeLessThan(f);
        // every pair, however far apart the first: the sounds of a Latin word against another script's spellings
        const all = Math.max(...xs.flatMap((x) => ys.map((y) => spelling(x, y))));
        const closest = closestOf(xs, ys, f);
        if (all >= f) expect(closest, `${xs} / ${ys} from ${f}`).toBe(all);
        else expect(closest, `${xs} / ${ys} from ${f}`).toBeLessThan(f);
      }),
      { numRuns: 3_000 },
    );
    // the spellings of one Greek word against a Latin word's: alike in their letters, none reaching the floor
    const greek = ["MPAMPIS", "BAMBIS", "BABIS", "MBAMBIS"];
    expect(closestOf(greek, ["KARAMANLIS"], 0.78)).toBeLessThan(0.78);
    expect(closestOf(greek, ["BAMPIS", "KARAMANLIS"], 0.78)).toBe(spelling("BAMBIS", "BAMPIS"));
    // a common prefix lifts Jaro–Winkler past what the shared letters alone allow (0.861 without it, 0.883 measured)
    expect(closestOf(["ABCDEF"], ["ABCDEG"], 0.87)).toBe(spelling("ABCDEF", "ABCDEG"));
  });
});
