import { describe, expect, it } from "vitest";
import { explainReview, formatAge, slaColour } from "@/lib/domain/review/review-explain";

describe("explainReview", () => {
  it("turns REVIEW checks into short sentences, deduplicated, and ignores passed/failed ones", () => {
    expect(
      explainReview("COMPLETED", [
        {
          processType: "DOCUMENT_VERIFICATION",
          result: "MANUAL_REVIEW",
          checks: [
            { name: "DOCUMENT_EXPIRY", result: "REVIEW", detail: "The expiry date could not be read." },
            { name: "DATE_OF_BIRTH", result: "PASSED", detail: "Born 1990-01-01." },
            { name: "MRZ_READ", result: "REVIEW", detail: "x" },
          ],
        },
        {
          processType: "LIVENESS",
          result: "MANUAL_REVIEW",
          checks: [{ name: "MRZ_READ", result: "REVIEW", detail: "again" }],
        },
      ]),
    ).toEqual(["Document expiry unclear or expired", "Machine-readable zone could not be read"]);
  });

  it("falls back to the check's own detail, then to the step, and says when processing failed", () => {
    expect(
      explainReview("FAILED", [
        { processType: "CUSTOM_THING", result: "MANUAL_REVIEW", checks: [] },
        {
          processType: "X",
          result: "MANUAL_REVIEW",
          checks: [{ name: "NEW_CHECK", result: "REVIEW", detail: "Something odd." }],
        },
        { processType: "WATCHLIST_CHECK", result: "MANUAL_REVIEW", checks: "not an array" },
        { processType: "LIVENESS", result: "APPROVED", checks: [{ name: "bad" }] },
      ]),
    ).toEqual([
      "Processing failed: decide from the inputs",
      "custom thing needs a look",
      "New check: Something odd",
      "Watchlist check needs a person's look",
    ]);
  });
});

describe("slaColour and formatAge", () => {
  const since = new Date("2026-01-01T00:00:00Z");
  const at = (hours: number) => new Date(since.getTime() + hours * 3_600_000);
  it("is green before amber, amber from amberHours, red from redHours", () => {
    const sla = { amberHours: 4, redHours: 8 };
    expect(slaColour(since, at(3.9), sla)).toBe("green");
    expect(slaColour(since, at(4), sla)).toBe("amber");
    expect(slaColour(since, at(8), sla)).toBe("red");
  });
  it("formats minutes, hours and days", () => {
    expect(formatAge(since, at(0.5))).toBe("30 min");
    expect(formatAge(since, at(5))).toBe("5 h");
    expect(formatAge(since, at(48))).toBe("2 d");
    expect(formatAge(since, at(50))).toBe("2 d 2 h");
  });
});
