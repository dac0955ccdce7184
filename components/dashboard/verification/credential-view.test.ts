import { describe, expect, it } from "vitest";
import { credentialView } from "./credential-view";

const verifiedData = {
  verified_from: "SIGNED_CREDENTIAL",
  credential_failure: null,
  credential: {
    kind: "EU_PID_SD_JWT",
    format: "dc+sd-jwt",
    issuer: { name: "Bundesdruckerei test", country: "DE" },
    valid_from: "2026-01-01T00:00:00Z",
    valid_until: "2027-01-01T00:00:00Z",
    disclosed: ["portrait", "given_name", "family_name"],
  },
};

describe("credentialView", () => {
  it("says a verified credential was signed, by whom, and which claims it disclosed (catalogue order)", () => {
    expect(credentialView("DIGITAL_CREDENTIAL", "APPROVED", verifiedData)).toEqual({
      verified: true,
      headline: "Verified from a signed credential",
      kind: "EU person identification data (PID), SD-JWT VC",
      format: "dc+sd-jwt",
      issuer: "Bundesdruckerei test, DE",
      validity: "2026-01-01 – 2027-01-01",
      disclosed: ["given_name", "family_name", "portrait"],
    });
  });

  it("names the reason of a refused credential, never calling it verified", () => {
    const view = credentialView("DIGITAL_CREDENTIAL", "DECLINED", { ...verifiedData, credential_failure: "REVOKED" });
    expect(view?.verified).toBe(false);
    expect(view?.headline).toBe("Signed credential refused: revoked by its issuer");
  });

  it("says a credential to review is one, not a refusal", () => {
    const view = credentialView("DIGITAL_CREDENTIAL", "MANUAL_REVIEW", {
      ...verifiedData,
      credential_failure: "CLAIMS_MISSING",
    });
    expect(view?.headline).toBe("Signed credential to review: a claim asked for was not disclosed");
  });

  it("is nothing for another process's step", () => {
    expect(credentialView("DOCUMENT_VERIFICATION", "APPROVED", verifiedData)).toBeNull();
  });
});
