import { describe, expect, it } from "vitest";
import { calibrate, distribution, equalErrorRate, outcomes, ratesAt, type Scored } from "./calibration";

const pairs: Scored[] = [
  ...[0.9, 0.8, 0.7, 0.55].map((similarity) => ({ same: true, similarity })),
  ...[0.1, 0.2, 0.3, 0.6].map((similarity) => ({ same: false, similarity })),
];

describe("calibration", () => {
  it("counts false matches at or above and false non-matches below the threshold", () => {
    expect(ratesAt(pairs, 0.6)).toMatchObject({
      falseMatches: 1,
      falseNonMatches: 1,
      falseMatchRate: 0.25,
      falseNonMatchRate: 0.25,
    });
    expect(ratesAt(pairs, 0.61)).toMatchObject({ falseMatches: 0, falseNonMatches: 1 });
  });

  it("puts PASSED above every different pair and FAILED below every same pair", () => {
    const t = calibrate(pairs, 0.01);
    expect(t).toEqual({ MATCH: 0.61, REVIEW: 0.54 });
    const o = outcomes(pairs, t);
    expect(o.different.PASSED).toBe(0);
    expect(o.same.FAILED).toBe(0);
    expect(o.same.REVIEW + o.different.REVIEW).toBe(2); // 0.55 and 0.6: the overlap goes to a person
  });

  it("needs no band when the sets do not overlap", () => {
    const apart: Scored[] = [
      { same: true, similarity: 0.9 },
      { same: false, similarity: 0.3 },
    ];
    const t = calibrate(apart, 0.01);
    expect(t.REVIEW).toBe(t.MATCH);
    expect(outcomes(apart, t).same.PASSED).toBe(1);
    expect(outcomes(apart, t).different.FAILED).toBe(1);
  });

  it("refuses evidence without both kinds of pair", () => {
    expect(() => calibrate([{ same: true, similarity: 0.9 }])).toThrow(/both/);
  });

  it("summarises distributions and the equal error rate", () => {
    expect(distribution([3, 1, 2])).toMatchObject({ count: 3, min: 1, median: 2, max: 3 });
    expect(distribution([])).toBeNull();
    expect(equalErrorRate(pairs).rate).toBe(0.25);
  });
});
