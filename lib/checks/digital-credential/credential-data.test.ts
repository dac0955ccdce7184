import { describe, expect, it } from "vitest";
import type { PresentationCheck } from "@/lib/engines/credentials/types";
import { failureReason, toStepCheck } from "./credential-data";

const passed = (name: PresentationCheck["name"]): PresentationCheck => ({ name, result: "PASSED", detail: "ok" });
const failed = (name: PresentationCheck["name"]): PresentationCheck => ({ name, result: "FAILED", detail: "no" });

describe("failureReason", () => {
  it("names the first failure in the engine's order", () => {
    expect(failureReason([passed("RESPONSE_FORMAT"), failed("VALIDITY"), failed("STATUS")])).toBe("EXPIRED");
    expect(failureReason([passed("RESPONSE_FORMAT"), failed("VALIDITY")])).toBe("EXPIRED");
    expect(failureReason([passed("RESPONSE_FORMAT"), passed("NONCE")])).toBeNull();
  });

  it("says both when nonce and audience fail together (an mdoc's one session transcript)", () => {
    expect(failureReason([failed("NONCE"), failed("AUDIENCE"), failed("DEVICE_BINDING")])).toBe(
      "REPLAYED_OR_WRONG_AUDIENCE",
    );
    expect(failureReason([failed("NONCE"), passed("AUDIENCE")])).toBe("REPLAYED");
    expect(failureReason([passed("NONCE"), failed("AUDIENCE")])).toBe("WRONG_AUDIENCE");
  });
});

describe("failureReason of STATUS", () => {
  const status = (detail: string): PresentationCheck[] => [{ name: "STATUS", result: "FAILED", detail }];
  it("tells a revocation and a suspension from a list that could not be checked", () => {
    expect(failureReason(status("the issuer's status list says revoked (INVALID) (entry 42)"))).toBe("REVOKED");
    expect(failureReason(status("the issuer's status list says suspended (entry 3)"))).toBe("SUSPENDED");
    expect(failureReason(status("the status list's signature does not hold"))).toBe("STATUS_UNAVAILABLE");
  });
});

describe("toStepCheck", () => {
  it("sends a claim not disclosed to review; every other failure stays a failure", () => {
    expect(toStepCheck(failed("CLAIMS_DISCLOSED")).result).toBe("REVIEW");
    expect(toStepCheck(failed("ELEMENTS_INTACT")).result).toBe("FAILED");
    const status = (detail: string) => toStepCheck({ name: "STATUS", result: "FAILED", detail }).result;
    expect(status("the issuer's status list says revoked (INVALID) (entry 42)")).toBe("FAILED");
    expect(status("the status list could not be fetched: HTTP 503")).toBe("REVIEW");
    expect(toStepCheck({ name: "STATUS", result: "SKIPPED", detail: "none" }).result).toBe("SKIPPED");
  });
});
