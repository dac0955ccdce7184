import { describe, expect, it } from "vitest";
import type { CredentialKind } from "@/lib/shared/digital-credentials";
import { ALL_CLAIMS, answer, check, failedChecks, setUpScenario, verifyAnswer } from "@/test/credential-scenario";
import { createTestIssuer, createTestStatusList, SAMPLE_PEOPLE } from "./test-kit";

const KINDS: CredentialKind[] = ["MDL", "EU_PID_MDOC", "EU_PID_SD_JWT"];

describe("verifyPresentation: a genuine answer", () => {
  it.each(KINDS)("%s passes every check and reads the claims", async (kind) => {
    const scenario = await setUpScenario(kind);
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(verdict.checks.filter((one) => one.result !== "PASSED")).toEqual([
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
    expect(verdict.credential?.portrait?.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect([...(verdict.credential?.disclosed ?? [])].sort()).toEqual([...ALL_CLAIMS].sort());
    expect(verdict.credential?.issuer).toEqual({ name: scenario.issuer.name, country: "DE" });
    expect(verdict.credential?.kind).toBe(kind);
  });

  it.each(KINDS)("%s: reads only the claims the workflow asks for", async (kind) => {
    const scenario = await setUpScenario(kind, { claims: ["age_over_18"] });
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(failedChecks(verdict)).toEqual([]);
    expect(verdict.credential?.claims).toEqual({ ageOver18: true, issuingCountry: "DE" });
    expect(verdict.credential?.disclosed).toEqual(["age_over_18"]);
    expect(verdict.credential?.portrait).toBeNull();
  });

  it.each([
    ["MDL", "jwt"],
    ["MDL", "cwt"],
    ["EU_PID_MDOC", "cwt"],
    ["EU_PID_SD_JWT", "jwt"],
  ] as const)("%s: a %s status list saying the entry is valid passes STATUS", async (kind, format) => {
    const issuer = await createTestIssuer();
    const uri = "https://status.test-issuer.invalid/lists/1";
    const list = await createTestStatusList(issuer, { uri, revoked: [3], format });
    const scenario = await setUpScenario(kind, { issuer, credential: { status: { uri, index: 4 } } });
    const fetched: string[] = [];
    const verdict = await verifyAnswer(scenario, await answer(scenario), {
      fetchStatusList: async (asked) => {
        fetched.push(asked);
        return list.bytes;
      },
    });
    expect(fetched).toEqual([uri]);
    expect(check(verdict, "STATUS")).toMatchObject({ result: "PASSED" });
    expect(failedChecks(verdict)).toEqual([]);
  });

  it.each(KINDS)("%s: a person under 18 is read as such (age_over_18 false), every check passing", async (kind) => {
    const scenario = await setUpScenario(kind, { claims: ["age_over_18", "birth_date"], person: SAMPLE_PEOPLE.minor });
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(failedChecks(verdict)).toEqual([]);
    expect(verdict.credential?.claims).toMatchObject({ ageOver18: false, birthDate: "2012-06-01" });
  });

  it("accepts any one of several accepted kinds (credential_sets)", async () => {
    const scenario = await setUpScenario("EU_PID_MDOC", {
      kinds: ["MDL", "EU_PID_MDOC", "EU_PID_SD_JWT"],
      claims: ["family_name"],
      person: SAMPLE_PEOPLE.jordan,
    });
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(failedChecks(verdict)).toEqual([]);
    expect(verdict.credential).toMatchObject({ kind: "EU_PID_MDOC", claims: { familyName: "Sample" } });
  });
});

describe("verifyPresentation: an answer that cannot be read", () => {
  it("refuses an answer that is not an encrypted response, every other check not reached", async () => {
    const scenario = await setUpScenario("MDL");
    const verdict = await verifyAnswer(scenario, { vp_token: { mdl: ["x"] } });
    expect(check(verdict, "RESPONSE_FORMAT")).toMatchObject({ result: "FAILED" });
    expect(verdict.checks.filter((one) => one.name !== "RESPONSE_FORMAT").map((one) => one.result)).toEqual(
      Array(9).fill("SKIPPED"),
    );
    expect(verdict.credential).toBeNull();
  });

  it("refuses an oversized answer before decrypting it", async () => {
    const scenario = await setUpScenario("MDL");
    const verdict = await verifyAnswer(scenario, { response: "a".repeat(2_000_001) });
    expect(check(verdict, "RESPONSE_FORMAT").detail).toBe("the answer is larger than any credential");
  });

  it("refuses a credential of a kind the workflow does not accept", async () => {
    const scenario = await setUpScenario("MDL");
    const verdict = await verifyAnswer(scenario, await answer(scenario), { kinds: ["EU_PID_SD_JWT"] });
    expect(check(verdict, "RESPONSE_FORMAT")).toEqual({
      name: "RESPONSE_FORMAT",
      result: "FAILED",
      detail: "the answer holds no credential of an accepted kind",
    });
  });
});
