import { describe, expect, it } from "vitest";
import type { CredentialKind } from "@/lib/shared/digital-credentials";
import {
  answer,
  check,
  failedChecks,
  encodeDisclosure,
  holderForgesDisclosure,
  holderRewritesDisclosures,
  reEncrypt,
  rewritePresentation,
  setUpScenario,
  verifyAnswer,
  withEditedIssuerPayload,
  withForgedMsoDigest,
  withTamperedMdocElement,
} from "@/test/credential-scenario";
import { createTestIssuer, createTestStatusList, issueTestCredential, SAMPLE_PEOPLE } from "./test-kit";

// Each forged case is refused by its own check, with its reason, and by no other check than the ones it must break:
// removing that check from the verifier makes its test fail. An mdoc binds nonce, origin and our key into one
// session-transcript hash under the device signature, so for an mdoc a wrong nonce or origin fails NONCE, AUDIENCE
// and DEVICE_BINDING together (which one differs cannot be told); an SD-JWT VC's KB-JWT tells them apart.

const KINDS: CredentialKind[] = ["MDL", "EU_PID_MDOC", "EU_PID_SD_JWT"];
const DAY = 86_400_000;

describe("forged: one element changed after signing", () => {
  it.each<CredentialKind>(["MDL", "EU_PID_MDOC"])("%s: a changed family_name fails ELEMENTS_INTACT", async (kind) => {
    const scenario = await setUpScenario(kind);
    scenario.credential = withTamperedMdocElement(scenario.credential, "family_name", "Forged");
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(check(verdict, "ELEMENTS_INTACT").detail).toMatch(/changed after signing: .*\/family_name/);
    // the forged value is not read, so the claim counts as not disclosed
    expect(failedChecks(verdict)).toEqual(["ELEMENTS_INTACT", "CLAIMS_DISCLOSED"]);
    expect(verdict.credential?.claims.familyName).toBeUndefined();
  });

  it("EU_PID_SD_JWT: a changed family_name disclosure fails ELEMENTS_INTACT", async () => {
    const scenario = await setUpScenario("EU_PID_SD_JWT");
    const forged = await holderForgesDisclosure(scenario, await answer(scenario), "family_name", "Forged");
    const verdict = await verifyAnswer(scenario, forged);
    expect(check(verdict, "ELEMENTS_INTACT").detail).toMatch(/changed after signing .*family_name/);
    expect(failedChecks(verdict)).toEqual(["ELEMENTS_INTACT", "CLAIMS_DISCLOSED"]);
    expect(verdict.credential?.claims.familyName).toBeUndefined();
  });
});

describe("forged: disclosures the issuer never signed", () => {
  it("EU_PID_SD_JWT: an invented address (a parent disclosure naming a nested one) fails ELEMENTS_INTACT", async () => {
    const scenario = await setUpScenario("EU_PID_SD_JWT", { claims: ["age_over_18", "address"] });
    const child = encodeDisclosure(["c2FsdC0x", "locality", "Forged City"]);
    const parent = encodeDisclosure(["c2FsdC0y", "address", { _sd: [child.digest] }]);
    const forged = await holderRewritesDisclosures(
      scenario,
      await answer(scenario, { decline: ["address"] }),
      (list) => [...list, parent.encoded, child.encoded],
    );
    const verdict = await verifyAnswer(scenario, forged);
    expect(check(verdict, "ELEMENTS_INTACT").detail).toBe(
      "changed after signing (no signed digest): address, locality",
    );
    expect(failedChecks(verdict)).toEqual(["ELEMENTS_INTACT", "CLAIMS_DISCLOSED"]);
    expect(verdict.credential?.claims.address).toBeUndefined();
  });
});

describe("forged: a signed part edited, the issuer's signature kept", () => {
  it.each<CredentialKind>(["MDL", "EU_PID_MDOC"])(
    "%s: an element and its MSO digest changed fail ISSUER_SIGNATURE",
    async (kind) => {
      const scenario = await setUpScenario(kind);
      scenario.credential = withForgedMsoDigest(scenario.credential, "birth_date", "1970-01-01");
      const verdict = await verifyAnswer(scenario, await answer(scenario));
      // the element matches the (forged) digest: only the signature over the MSO tells
      expect(failedChecks(verdict)).toEqual(["ISSUER_SIGNATURE"]);
    },
  );

  it("EU_PID_SD_JWT: an expiry pushed forward fails ISSUER_SIGNATURE", async () => {
    const scenario = await setUpScenario("EU_PID_SD_JWT", {
      credential: { validFrom: new Date(Date.now() - 400 * DAY), validUntil: new Date(Date.now() - 35 * DAY) },
    });
    scenario.credential = withEditedIssuerPayload(scenario.credential, (payload) => {
      payload.exp = Math.floor(Date.now() / 1000) + 365 * 86_400;
    });
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(failedChecks(verdict)).toEqual(["ISSUER_SIGNATURE"]);
  });

  it("EU_PID_SD_JWT: disclosures added to a key-bound presentation fail DEVICE_BINDING (sd_hash)", async () => {
    const scenario = await setUpScenario("EU_PID_SD_JWT", { claims: ["age_over_18"] });
    const extra = scenario.credential.encoded.split("~").slice(1, -1);
    const widened = await rewritePresentation(scenario, await answer(scenario), (presentation) => {
      const parts = presentation.split("~");
      const kb = parts.pop()!;
      return [...parts, ...extra.filter((disclosure) => !parts.includes(disclosure)), kb].join("~");
    });
    const verdict = await verifyAnswer(scenario, widened);
    expect(failedChecks(verdict)).toEqual(["DEVICE_BINDING"]);
    expect(check(verdict, "DEVICE_BINDING").detail).toMatch(/covers other disclosures/);
  });
});

describe("forged: an issuer outside the trust anchors", () => {
  it.each(KINDS)("%s: fails ISSUER_TRUSTED only (its own signature holds)", async (kind) => {
    const scenario = await setUpScenario(kind);
    const stranger = await createTestIssuer({ name: "Another issuer" });
    const verdict = await verifyAnswer(scenario, await answer(scenario), { trustAnchors: [stranger.rootPem] });
    expect(failedChecks(verdict)).toEqual(["ISSUER_TRUSTED"]);
    expect(check(verdict, "ISSUER_TRUSTED").detail).toMatch(/does not chain to a configured trust anchor/);
  });

  it.each(KINDS)("%s: with no trust anchor configured, nothing is trusted", async (kind) => {
    const scenario = await setUpScenario(kind);
    const verdict = await verifyAnswer(scenario, await answer(scenario), { trustAnchors: [] });
    expect(check(verdict, "ISSUER_TRUSTED")).toMatchObject({
      result: "FAILED",
      detail: "no trust anchor is configured",
    });
  });
});

describe("forged: an expired credential", () => {
  it.each(KINDS)("%s: fails VALIDITY only", async (kind) => {
    const scenario = await setUpScenario(kind, {
      credential: { validFrom: new Date(Date.now() - 400 * DAY), validUntil: new Date(Date.now() - 35 * DAY) },
    });
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(failedChecks(verdict)).toEqual(["VALIDITY"]);
    expect(check(verdict, "VALIDITY").detail).toMatch(/^expired on /);
  });

  it.each(KINDS)("%s: not yet valid fails VALIDITY", async (kind) => {
    const scenario = await setUpScenario(kind, { credential: { validFrom: new Date(Date.now() + 2 * DAY) } });
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(failedChecks(verdict)).toEqual(["VALIDITY"]);
    expect(check(verdict, "VALIDITY").detail).toMatch(/^not valid before /);
  });
});

describe("a credential signed under an expired certificate", () => {
  it.each(KINDS)("%s: still within its own dates, its document signer's expiry fails VALIDITY", async (kind) => {
    const scenario = await setUpScenario(kind, { credential: { validUntil: new Date(Date.now() + 30 * 365 * DAY) } });
    const elevenYearsOn = new Date(Date.now() + 11 * 365 * DAY);
    const verdict = await verifyAnswer(scenario, await answer(scenario), { now: elevenYearsOn });
    expect(failedChecks(verdict)).toEqual(["VALIDITY"]);
    expect(check(verdict, "VALIDITY").detail).toMatch(/^certificate ".*document signer" expired on /);
  });
});

describe("forged: a presentation replayed into another verification", () => {
  it.each(KINDS)("%s: the other verification's answer does not decrypt with this one's key", async (kind) => {
    const issuer = await createTestIssuer();
    const first = await setUpScenario(kind, { issuer });
    const second = await setUpScenario(kind, { issuer });
    const verdict = await verifyAnswer(second, await answer(first));
    expect(failedChecks(verdict)).toEqual(["RESPONSE_FORMAT"]);
    expect(check(verdict, "RESPONSE_FORMAT").detail).toMatch(/does not decrypt with this verification's key/);
  });

  it("EU_PID_SD_JWT: re-encrypted to this verification's key, it fails NONCE only", async () => {
    const issuer = await createTestIssuer();
    const first = await setUpScenario("EU_PID_SD_JWT", { issuer });
    const second = await setUpScenario("EU_PID_SD_JWT", { issuer });
    second.credential = first.credential;
    const replayed = await reEncrypt(await answer(first), first.prepared.responsePrivateJwk, second.prepared);
    const verdict = await verifyAnswer(second, replayed);
    expect(failedChecks(verdict)).toEqual(["NONCE"]);
    expect(check(verdict, "NONCE").detail).toMatch(/another nonce: a presentation made for another verification/);
  });

  it.each<CredentialKind>(["MDL", "EU_PID_MDOC"])(
    "%s: re-encrypted to this verification's key, its device signature does not cover this nonce",
    async (kind) => {
      const issuer = await createTestIssuer();
      const first = await setUpScenario(kind, { issuer });
      const second = await setUpScenario(kind, { issuer });
      const replayed = await reEncrypt(await answer(first), first.prepared.responsePrivateJwk, second.prepared);
      const verdict = await verifyAnswer(second, replayed);
      expect(failedChecks(verdict)).toEqual(["NONCE", "AUDIENCE", "DEVICE_BINDING"]);
      expect(check(verdict, "NONCE").detail).toMatch(/^not bound to this verification's nonce/);
    },
  );
});

describe("forged: a wrong audience / origin", () => {
  it("EU_PID_SD_JWT: a KB-JWT for another origin fails AUDIENCE only", async () => {
    const scenario = await setUpScenario("EU_PID_SD_JWT");
    const verdict = await verifyAnswer(scenario, await answer(scenario, { origin: "https://phishing.example" }));
    expect(failedChecks(verdict)).toEqual(["AUDIENCE"]);
    expect(check(verdict, "AUDIENCE").detail).toBe(
      "bound to origin:https://phishing.example, not origin:https://kyc.example.test",
    );
  });

  it.each<CredentialKind>(["MDL", "EU_PID_MDOC"])(
    "%s: a session transcript for another origin fails AUDIENCE",
    async (kind) => {
      const scenario = await setUpScenario(kind);
      const verdict = await verifyAnswer(scenario, await answer(scenario, { origin: "https://phishing.example" }));
      expect(failedChecks(verdict)).toEqual(["NONCE", "AUDIENCE", "DEVICE_BINDING"]);
      expect(check(verdict, "AUDIENCE").detail).toMatch(/^not bound to the origin https:\/\/kyc\.example\.test/);
    },
  );
});

describe("forged: presented by someone without the holder's key", () => {
  it.each(KINDS)("%s: signed with another device key fails DEVICE_BINDING", async (kind) => {
    const scenario = await setUpScenario(kind);
    const thief = await issueTestCredential(scenario.issuer, kind, SAMPLE_PEOPLE.jordan);
    scenario.credential = { ...scenario.credential, holderPrivateJwk: thief.holderPrivateJwk };
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(failedChecks(verdict)).toContain("DEVICE_BINDING");
    expect(failedChecks(verdict).filter((name) => !["NONCE", "AUDIENCE"].includes(name))).toEqual(["DEVICE_BINDING"]);
  });
});

describe("forged: an SD-JWT VC without its key binding", () => {
  it("EU_PID_SD_JWT: the KB-JWT stripped fails DEVICE_BINDING, and nonce and audience are not established", async () => {
    const scenario = await setUpScenario("EU_PID_SD_JWT");
    const stripped = await rewritePresentation(scenario, await answer(scenario), (presentation) =>
      presentation.slice(0, presentation.lastIndexOf("~") + 1),
    );
    const verdict = await verifyAnswer(scenario, stripped);
    expect(failedChecks(verdict)).toEqual(["NONCE", "AUDIENCE", "DEVICE_BINDING"]);
    expect(check(verdict, "DEVICE_BINDING").detail).toBe("no key binding JWT");
  });
});

describe("forged: a revoked credential", () => {
  it.each(KINDS)("%s: its status list entry set fails STATUS only", async (kind) => {
    const issuer = await createTestIssuer();
    const uri = "https://status.test-issuer.invalid/lists/7";
    const list = await createTestStatusList(issuer, { uri, revoked: [42] });
    const scenario = await setUpScenario(kind, { issuer, credential: { status: { uri, index: 42 } } });
    const verdict = await verifyAnswer(scenario, await answer(scenario), { fetchStatusList: async () => list.bytes });
    expect(failedChecks(verdict)).toEqual(["STATUS"]);
    expect(check(verdict, "STATUS").detail).toBe("the issuer's status list says revoked (INVALID) (entry 42)");
  });

  it.each<CredentialKind>(["MDL", "EU_PID_MDOC"])(
    "%s: a revoked entry in a CWT status list fails STATUS",
    async (kind) => {
      const issuer = await createTestIssuer();
      const uri = "https://status.test-issuer.invalid/lists/cwt";
      const list = await createTestStatusList(issuer, { uri, revoked: [42], format: "cwt" });
      const scenario = await setUpScenario(kind, { issuer, credential: { status: { uri, index: 42 } } });
      const verdict = await verifyAnswer(scenario, await answer(scenario), { fetchStatusList: async () => list.bytes });
      expect(failedChecks(verdict)).toEqual(["STATUS"]);
      expect(check(verdict, "STATUS").detail).toBe("the issuer's status list says revoked (INVALID) (entry 42)");
    },
  );

  it.each(["jwt", "cwt"] as const)(
    "a %s status list under the issuer's certificate but another key fails STATUS",
    async (format) => {
      const issuer = await createTestIssuer();
      const forger = await createTestIssuer({ name: "Forger" });
      const uri = "https://status.test-issuer.invalid/lists/12";
      const forged = await createTestStatusList(
        { ...issuer, signerPrivateJwk: forger.signerPrivateJwk },
        { uri, format },
      );
      const scenario = await setUpScenario("MDL", { issuer, credential: { status: { uri, index: 5 } } });
      const verdict = await verifyAnswer(scenario, await answer(scenario), {
        fetchStatusList: async () => forged.bytes,
      });
      expect(failedChecks(verdict)).toEqual(["STATUS"]);
      expect(check(verdict, "STATUS").detail).toBe("the status list's signature does not hold");
    },
  );

  it("a status list published for another uri fails STATUS", async () => {
    const issuer = await createTestIssuer();
    const uri = "https://status.test-issuer.invalid/lists/10";
    const other = await createTestStatusList(issuer, { uri: "https://status.test-issuer.invalid/lists/11" });
    const scenario = await setUpScenario("EU_PID_SD_JWT", { issuer, credential: { status: { uri, index: 5 } } });
    const verdict = await verifyAnswer(scenario, await answer(scenario), { fetchStatusList: async () => other.bytes });
    expect(check(verdict, "STATUS").detail).toMatch(/is for https:\/\/status\.test-issuer\.invalid\/lists\/11$/);
  });

  it.each(KINDS)("%s: a status list that cannot be fetched fails STATUS (never assumed valid)", async (kind) => {
    const issuer = await createTestIssuer();
    const uri = "https://status.test-issuer.invalid/lists/8";
    const scenario = await setUpScenario(kind, { issuer, credential: { status: { uri, index: 1 } } });
    const verdict = await verifyAnswer(scenario, await answer(scenario));
    expect(failedChecks(verdict)).toEqual(["STATUS"]);
    expect(check(verdict, "STATUS").detail).toMatch(/could not be fetched/);
  });

  it("a status list signed by an untrusted key fails STATUS", async () => {
    const issuer = await createTestIssuer();
    const forger = await createTestIssuer({ name: "Forger" });
    const uri = "https://status.test-issuer.invalid/lists/9";
    const forgedList = await createTestStatusList(forger, { uri, revoked: [] });
    const scenario = await setUpScenario("EU_PID_SD_JWT", { issuer, credential: { status: { uri, index: 5 } } });
    const verdict = await verifyAnswer(scenario, await answer(scenario), {
      fetchStatusList: async () => forgedList.bytes,
    });
    expect(failedChecks(verdict)).toEqual(["STATUS"]);
    expect(check(verdict, "STATUS").detail).toMatch(/signer is not trusted/);
  });
});

describe("a claim asked for but not disclosed", () => {
  it.each(KINDS)("%s: a declined portrait fails CLAIMS_DISCLOSED only", async (kind) => {
    const scenario = await setUpScenario(kind);
    const verdict = await verifyAnswer(scenario, await answer(scenario, { decline: ["portrait"] }));
    expect(failedChecks(verdict)).toEqual(["CLAIMS_DISCLOSED"]);
    expect(check(verdict, "CLAIMS_DISCLOSED").detail).toBe("asked for but not disclosed: portrait");
    expect(verdict.credential?.portrait).toBeNull();
  });
});
