import { describe, expect, it } from "vitest";
import { answer, failedChecks, setUpScenario, verifyAnswer } from "@/test/credential-scenario";
import { certificateFromDer, X509Certificate } from "../x509";
import { createTestIssuer, testIssuerFromSecret } from "./test-issuer";

describe("test issuers", () => {
  it("a secret gives the same IACA across restarts: a credential issued before one verifies after it", async () => {
    const before = await testIssuerFromSecret("sandbox-secret-0123456789");
    const after = await testIssuerFromSecret("sandbox-secret-0123456789");
    const rootBefore = new X509Certificate(before.rootPem);
    const rootAfter = new X509Certificate(after.rootPem);
    expect(rootAfter.subject).toBe(rootBefore.subject);
    expect(Buffer.from(rootAfter.publicKey.rawData)).toEqual(Buffer.from(rootBefore.publicKey.rawData));
    expect(after.signerPublicJwk).toEqual(before.signerPublicJwk);

    const scenario = await setUpScenario("MDL", { issuer: before });
    const verdict = await verifyAnswer(scenario, await answer(scenario), { trustAnchors: [after.rootPem] });
    expect(failedChecks(verdict)).toEqual([]);
  });

  it("another secret gives another IACA", async () => {
    const one = await testIssuerFromSecret("sandbox-secret-0123456789");
    const other = await testIssuerFromSecret("another-secret-0123456789");
    expect(other.signerPublicJwk).not.toEqual(one.signerPublicJwk);
    await expect(testIssuerFromSecret("short")).rejects.toThrow(/at least 16/);
  });

  it("issues an IACA root (CA) and a document signer below it, with the issuer's country", async () => {
    const issuer = await createTestIssuer({ country: "fr", name: "Test FR" });
    const root = new X509Certificate(issuer.rootPem);
    const signer = certificateFromDer(issuer.signerChain[0]!);
    expect(root.subject).toBe("C=FR, O=Test FR, CN=Test FR IACA");
    expect(signer.issuer).toBe(root.subject);
    expect(await signer.verify({ publicKey: root.publicKey, signatureOnly: true })).toBe(true);
  });
});
