import { describe, expect, it } from "vitest";
import { fitLogistic, predict, thresholdFor } from "./pad-cv-model";

// The fit behind lib/engines/pad/combined-score.ts and the threshold rule of eval:pad-cv: a wrong sign, a penalty
// that does nothing or an off-by-one in the threshold would change what the check lets through.

const xs = [[-2], [-1.5], [-1], [-0.2], [0.3], [1], [1.4], [2]];
const ys = [0, 0, 0, 1, 0, 1, 1, 1];

describe("fitLogistic", () => {
  it("learns the direction of the evidence", () => {
    const model = fitLogistic(xs, ys, 1);
    expect(model.weights[0]).toBeGreaterThan(0);
    expect(predict(model, [2])).toBeGreaterThan(0.8);
    expect(predict(model, [-2])).toBeLessThan(0.2);
  });

  it("shrinks the weights as the penalty grows, and is deterministic", () => {
    const weak = fitLogistic(xs, ys, 0.1).weights[0]!;
    const strong = fitLogistic(xs, ys, 30).weights[0]!;
    expect(strong).toBeLessThan(weak / 3);
    expect(fitLogistic(xs, ys, 3)).toEqual(fitLogistic(xs, ys, 3));
  });

  it("ignores a feature's scale (features are standardised)", () => {
    const scaled = fitLogistic(
      xs.map(([x]) => [x! * 1000]),
      ys,
      1,
    );
    expect(predict(scaled, [1500])).toBeCloseTo(predict(fitLogistic(xs, ys, 1), [1.5]), 9);
  });
});

describe("thresholdFor", () => {
  it("lets through exactly `allowed` training attacks: those at or above it", () => {
    const attacks = [0.1, 0.9, 0.4, 0.7];
    const t = thresholdFor(attacks, 1);
    expect(attacks.filter((a) => a >= t)).toEqual([0.9]);
    expect(attacks.filter((a) => a >= thresholdFor(attacks, 0))).toEqual([]);
  });
});
