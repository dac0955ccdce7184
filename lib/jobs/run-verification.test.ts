import { describe, expect, it } from "vitest";
import { planWaves } from "@/lib/jobs/run-verification";
import { combineResults, resultOfChecks } from "@/lib/checks/types";
import { webhookStatus } from "@/lib/jobs/step-payload";

describe("planWaves", () => {
  it("runs a step after the steps it depends on, independent steps together", () => {
    // full-kyc: the document and the selfie video are examined side by side; address and watchlist use the document
    expect(planWaves(["DOCUMENT_VERIFICATION", "LIVENESS", "ADDRESS_VERIFICATION", "WATCHLIST_CHECK"])).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // the agreement video compares with the liveness step, so it waits for it
    expect(planWaves(["LIVENESS", "VIDEO_AGREEMENT"])).toEqual([[0], [1]]);
    expect(planWaves(["EMAIL_CHECK", "LOCATION_INTELLIGENCE", "ADDRESS_VERIFICATION"])).toEqual([[0, 1], [2]]);
    // a dependency listed later in the workflow still runs first
    expect(planWaves(["WATCHLIST_CHECK", "DOCUMENT_VERIFICATION"])).toEqual([[1], [0]]);
    expect(planWaves(["EMAIL_CHECK"])).toEqual([[0]]);
  });
});

describe("results", () => {
  it("any DECLINED → DECLINED, else any MANUAL_REVIEW → MANUAL_REVIEW, else APPROVED", () => {
    expect(combineResults(["APPROVED", "MANUAL_REVIEW", "DECLINED"])).toBe("DECLINED");
    expect(combineResults(["APPROVED", "MANUAL_REVIEW"])).toBe("MANUAL_REVIEW");
    expect(combineResults(["APPROVED", "APPROVED"])).toBe("APPROVED");
    expect(
      resultOfChecks([
        { name: "a", result: "PASSED", detail: "" },
        { name: "b", result: "SKIPPED", detail: "" },
      ]),
    ).toBe("APPROVED");
    expect(
      resultOfChecks([
        { name: "a", result: "REVIEW", detail: "" },
        { name: "b", result: "FAILED", detail: "" },
      ]),
    ).toBe("DECLINED");
  });

  it("maps final states to the webhook's verificationStatus", () => {
    expect(webhookStatus("COMPLETED", "APPROVED")).toBe("SUCCESS");
    expect(webhookStatus("COMPLETED", "DECLINED")).toBe("REJECTED");
    expect(webhookStatus("COMPLETED", "MANUAL_REVIEW")).toBe("NEEDS_REVIEW");
    expect(webhookStatus("FAILED", null)).toBe("NEEDS_REVIEW");
    expect(webhookStatus("ABANDONED", null)).toBe("ABANDONED");
    expect(webhookStatus("EXPIRED", null)).toBe("ABANDONED");
  });
});
