// The small pieces tools/eval/pad-cv.ts cross-validates with: an L2-regularised logistic regression on standardised
// features (Newton's method: exact, deterministic, a few features and tens of rows), and the threshold rule that
// turns a score into PASSED given the attacks of the training folds.

/** `low`/`high`: the training range of each feature; a new value is clipped to it before use (see predict). */
export type Model = { mean: number[]; sd: number[]; weights: number[]; bias: number; low: number[]; high: number[] };

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** eval:pad-cv --no-clip measures the model without clipping */
export const CLIP = !process.argv.includes("--no-clip");

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Fits P(bona fide | x) with penalty lambda/2·|w|² (the intercept is not penalised). y: 1 bona fide, 0 attack. */
export function fitLogistic(xs: readonly number[][], ys: readonly number[], lambda: number): Model {
  const d = xs[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((s, x) => s + x[j]!, 0) / xs.length);
  const sd = Array.from({ length: d }, (_, j) =>
    Math.max(1e-9, Math.sqrt(xs.reduce((s, x) => s + (x[j]! - mean[j]!) ** 2, 0) / xs.length)),
  );
  const z = xs.map((x) => [1, ...x.map((v, j) => (v - mean[j]!) / sd[j]!)]);
  let beta = new Array<number>(d + 1).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (const [i, row] of z.entries()) {
      const p = sigmoid(row.reduce((s, v, j) => s + v * beta[j]!, 0));
      const w = p * (1 - p);
      for (let j = 0; j <= d; j++) {
        grad[j]! += (p - ys[i]!) * row[j]!;
        for (let k = 0; k <= d; k++) hess[j]![k]! += w * row[j]! * row[k]!;
      }
    }
    for (let j = 1; j <= d; j++) {
      grad[j]! += lambda * beta[j]!;
      hess[j]![j]! += lambda;
    }
    hess[0]![0]! += 1e-9;
    const step = solve(hess, grad);
    beta = beta.map((b, j) => b - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  const low = Array.from({ length: d }, (_, j) => Math.min(...xs.map((x) => x[j]!)));
  const high = Array.from({ length: d }, (_, j) => Math.max(...xs.map((x) => x[j]!)));
  return { mean, sd, bias: beta[0]!, weights: beta.slice(1), low, high };
}

/** P(bona fide). With `clip`, each feature is first held inside its training range: a linear model must not
 * extrapolate — a colour statistic far beyond anything seen in training would otherwise outvote the rest. */
export function predict(model: Model, x: readonly number[], clip = CLIP): number {
  const z = x.reduce((s, raw, j) => {
    const v = clip ? Math.min(model.high[j]!, Math.max(model.low[j]!, raw)) : raw;
    return s + model.weights[j]! * ((v - model.mean[j]!) / model.sd[j]!);
  }, model.bias);
  return sigmoid(z);
}

/**
 * The lowest threshold at which at most `allowed` of the training attacks score at or above it: just above the
 * (allowed+1)-th highest attack score. Everything at or above it PASSES.
 */
export function thresholdFor(attackScores: readonly number[], allowed: number): number {
  const sorted = [...attackScores].sort((a, b) => b - a);
  const bar = sorted[allowed];
  if (bar === undefined) return -Infinity;
  return bar + 1e-9 * Math.max(1, Math.abs(bar));
}

export { logitOf as logit } from "@/lib/engines/pad/combined-score";
