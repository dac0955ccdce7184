// Threshold calibration from labelled pairs: distributions, error rates and the rule the face checks follow
// (issue 11): PASSED only above every different-person pair seen, FAILED ("a different person") only below every
// same-person pair seen, the band between to a reviewer. Pure functions, shared by tools/eval/faces.ts and the
// never-regress test.

export type Scored = { same: boolean; similarity: number; label?: string };
export type Distribution = { count: number; min: number; p5: number; median: number; p95: number; max: number };
export type Rates = {
  threshold: number;
  falseMatchRate: number;
  falseNonMatchRate: number;
  falseMatches: number;
  falseNonMatches: number;
};
export type Outcome = "PASSED" | "REVIEW" | "FAILED";
export type Thresholds = { MATCH: number; REVIEW: number };

function quantile(sorted: readonly number[], q: number): number {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i),
    hi = Math.ceil(i);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
}

export function distribution(values: readonly number[]): Distribution | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  return {
    count: s.length,
    min: s[0]!,
    p5: quantile(s, 0.05),
    median: quantile(s, 0.5),
    p95: quantile(s, 0.95),
    max: s.at(-1)!,
  };
}

/** False match rate (different pairs at or above t) and false non-match rate (same pairs below t). */
export function ratesAt(pairs: readonly Scored[], threshold: number): Rates {
  const different = pairs.filter((p) => !p.same),
    same = pairs.filter((p) => p.same);
  const falseMatches = different.filter((p) => p.similarity >= threshold).length;
  const falseNonMatches = same.filter((p) => p.similarity < threshold).length;
  return {
    threshold,
    falseMatches,
    falseNonMatches,
    falseMatchRate: different.length ? falseMatches / different.length : 0,
    falseNonMatchRate: same.length ? falseNonMatches / same.length : 0,
  };
}

/** Equal error rate: where the false match and false non-match rates cross (the lower of the two at the best t). */
export function equalErrorRate(pairs: readonly Scored[]): { threshold: number; rate: number } {
  let best = { threshold: 0, rate: 1, gap: Infinity };
  for (const t of [...new Set(pairs.map((p) => p.similarity))].sort((a, b) => a - b)) {
    const r = ratesAt(pairs, t);
    const gap = Math.abs(r.falseMatchRate - r.falseNonMatchRate);
    if (gap < best.gap) best = { threshold: t, rate: Math.max(r.falseMatchRate, r.falseNonMatchRate), gap };
  }
  return { threshold: best.threshold, rate: best.rate };
}

/**
 * The thresholds the evidence allows, with a safety margin on each side:
 *   MATCH  = just above the highest different-person similarity (no different pair PASSES)
 *   REVIEW = just below the lowest same-person similarity (no same pair FAILS)
 * When the two sets do not overlap REVIEW can exceed MATCH; then REVIEW = MATCH (no band is needed on this evidence,
 * but the margins still hold). Values rounded to two decimals, outward.
 */
export function calibrate(pairs: readonly Scored[], margin = 0.01): Thresholds {
  const different = pairs.filter((p) => !p.same).map((p) => p.similarity);
  const same = pairs.filter((p) => p.same).map((p) => p.similarity);
  if (!different.length || !same.length)
    throw new Error("calibration needs both same-person and different-person pairs");
  const hundredths = (x: number) => Math.round(x * 1e6) / 1e4; // no 61.00000000000001 from 0.61 * 100
  const match = Math.ceil(hundredths(Math.max(...different) + margin)) / 100;
  const review = Math.floor(hundredths(Math.min(...same) - margin)) / 100;
  return { MATCH: match, REVIEW: Math.min(review, match) };
}

export function outcome(similarity: number, thresholds: Thresholds): Outcome {
  return similarity >= thresholds.MATCH ? "PASSED" : similarity >= thresholds.REVIEW ? "REVIEW" : "FAILED";
}

/** How the pairs fare under given thresholds: counts of each outcome for same and different pairs. */
export function outcomes(
  pairs: readonly Scored[],
  thresholds: Thresholds,
): Record<"same" | "different", Record<Outcome, number>> {
  const empty = (): Record<Outcome, number> => ({ PASSED: 0, REVIEW: 0, FAILED: 0 });
  const result = { same: empty(), different: empty() };
  for (const p of pairs) result[p.same ? "same" : "different"][outcome(p.similarity, thresholds)]++;
  return result;
}
