import { describe, expect, it } from "vitest";
import type { CredentialClaim, CredentialKind } from "@/lib/shared/digital-credentials";
import { prepareCredentialRequest } from "./prepare-credential-request";
import { answerAsTestWallet, createTestIssuer, issueTestCredential, SAMPLE_PEOPLE } from "./test-kit";
import type { PresentationCheckName, PresentationVerdict } from "./types";
import { verifyPresentation } from "./verify-presentation";

const ORIGIN = "https://kyc.example.test";
const ALL_CLAIMS: CredentialClaim[] = [
  "given_name",
  "family_name",
  "birth_date",
  "age_over_18",
  "portrait",
  "document_number",
  "expiry_date",
  "nationality",
  "address",
];

function resultOf(verdict: PresentationVerdict, name: PresentationCheckName) {
  return verdict.checks.find((check) => check.name === name)?.result;
}

describe("verifyPresentation: a genuine answer", () => {
  it.each<CredentialKind>(["MDL", "EU_PID_MDOC", "EU_PID_SD_JWT"])(
    "%s passes every check and reads the claims",
    async (kind) => {
      const issuer = await createTestIssuer();
      const credential = await issueTestCredential(issuer, kind, SAMPLE_PEOPLE.erika);
      const nonce = "nonce-for-verification-1";
      const prepared = await prepareCredentialRequest({ nonce, origin: ORIGIN, kinds: [kind], claims: ALL_CLAIMS });
      const response = await answerAsTestWallet(prepared.requests, credential, { origin: ORIGIN });
      const verdict = await verifyPresentation({
        response,
        nonce,
        origin: ORIGIN,
        kinds: [kind],
        claims: ALL_CLAIMS,
        responsePrivateJwk: prepared.responsePrivateJwk,
        trustAnchors: [issuer.rootPem],
        now: new Date(),
        fetchStatusList: async () => {
          throw new Error("no status list named");
        },
      });
      expect(verdict.checks.filter((check) => check.result !== "PASSED")).toEqual([
        { name: "STATUS", result: "SKIPPED", detail: "the credential names no status list" },
      ]);
      expect(verdict.credential?.claims).toEqual({
        givenName: "Erika",
        familyName: "Mustermann",
        birthDate: "1984-08-12",
        ageOver18: true,
        documentNumber: "T22000129",
        expiryDate: "2031-10-31",
        nationality: "DE",
        issuingCountry: "DE",
        address: { line: "Heidestrasse 17", city: "Köln", postalCode: "51147", region: "NW", country: "DE" },
      });
      expect(verdict.credential?.portrait?.contentType).toBe("image/jpeg");
      expect(verdict.credential?.disclosed.sort()).toEqual([...ALL_CLAIMS].sort());
      expect(resultOf(verdict, "DEVICE_BINDING")).toBe("PASSED");
    },
  );
});
