import { describe, expect, it } from "vitest";
import { auc, ratesTable, wilson, type Scored } from "./pad-metrics";

describe("eval:pad metrics", () => {
  it("gives the Wilson 95 % interval (reference values from the formula, e.g. 2 of 29 → 1.9–22.0 %)", () => {
    const [lo, hi] = wilson(2, 29);
    expect(lo).toBeCloseTo(0.0191, 3);
    expect(hi).toBeCloseTo(0.2197, 3);
    const [zeroLo, zeroHi] = wilson(0, 1);
    expect(zeroLo).toBe(0);
    expect(zeroHi).toBeCloseTo(0.7935, 3);
  });

  it("counts an attack sent to review as caught (APCER) and a genuine one sent to review as an error (BPCER)", () => {
    const items: Scored[] = [
      { label: "spoof", attackType: "print", score: 0.9, decision: "PASSED" },
      { label: "spoof", attackType: "print", score: 0.3, decision: "REVIEW" },
      { label: "spoof", attackType: "replay", score: 0.0, decision: "FAILED" },
      { label: "bona_fide", attackType: "live", score: 0.99, decision: "PASSED" },
      { label: "bona_fide", attackType: "live", score: 0.5, decision: "REVIEW" },
    ];
    const table = ratesTable(items);
    expect(table.map((r) => [r.type, r.n, r.rate])).toEqual([
      ["all attacks", 3, 1 / 3],
      ["print", 2, 0.5],
      ["replay", 1, 0],
      ["live", 2, 0.5],
    ]);
    expect(table.find((r) => r.type === "live")).toMatchObject({ failed: 0, review: 1, passed: 1 });
    expect(auc(items as (Scored & { score: number })[])).toBeCloseTo(5 / 6);
  });
});
