import { describe, expect, it } from "vitest";
import { rates, slices, type PairOutcome } from "./screening-report";

const pair = (over: Partial<PairOutcome>): PairOutcome => ({
  pairId: "p",
  source: "s",
  group: "g",
  schema: "Person",
  script: "Latin",
  quality: "MEDIUM",
  category: "",
  isCrossScript: false,
  isMatch: true,
  isHit: true,
  score: 1,
  peerMatch: null,
  query: "q",
  listName: "l",
  ...over,
});

describe("eval:screening figures", () => {
  it("counts recall on matches, false hits on non-matches, and the peer on its own rows only", () => {
    const r = rates([
      pair({ isMatch: true, isHit: true, peerMatch: false }),
      pair({ isMatch: true, isHit: false, peerMatch: null }),
      pair({ isMatch: false, isHit: true, peerMatch: true }),
      pair({ isMatch: false, isHit: false, peerMatch: true }),
    ]);
    expect(r).toMatchObject({ matches: 2, found: 1, recall: 0.5, nonMatches: 2, falseHits: 1, falseHitRate: 0.5 });
    expect(r.sameRows).toEqual({ recall: 1, falseHitRate: 0.5 });
    expect(r.peer).toMatchObject({ matches: 1, found: 0, recall: 0, nonMatches: 2, falseHits: 2, falseHitRate: 1 });
  });

  it("slices by schema and by cross-script", () => {
    const all = slices([pair({ schema: "Company", isCrossScript: true }), pair({ isHit: false })]);
    expect(all.schema!.Company!.recall).toBe(1);
    expect(all.crossScript!["cross-script"]!.recall).toBe(1);
    expect(all.overall!.all!.recall).toBe(0.5);
  });

  it("slices by the label's certainty and by generated versus curated pairs", () => {
    const all = slices([
      pair({ quality: "STRONG", category: "LLM-proposed deviation", isHit: false }),
      pair({ quality: "WEAK" }),
    ]);
    expect(all.quality!.STRONG!.recall).toBe(0);
    expect(all.quality!.WEAK!.recall).toBe(1);
    expect(all.origin!.generated!.matches).toBe(1);
    expect(all.origin!.curated!.recall).toBe(1);
  });
});
