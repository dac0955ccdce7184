import { describe, expect, it } from "vitest";
import { createTestIssuer } from "./test-kit";
import { readTrustAnchor, verifyChain } from "./trust-chain";
import { certificateFromDer } from "./x509";

describe("trust anchors", () => {
  it("reads an IACA root the operator pastes", async () => {
    const issuer = await createTestIssuer({ country: "NL", name: "Test NL" });
    const summary = await readTrustAnchor(issuer.rootPem);
    expect(summary).toMatchObject({ subject: "C=NL, O=Test NL, CN=Test NL IACA", country: "NL" });
    expect((summary as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a document signer (not a CA) and garbage as trust anchors", async () => {
    const issuer = await createTestIssuer();
    const signerPem = certificateFromDer(issuer.signerChain[0]!).toString("pem");
    expect(await readTrustAnchor(signerPem)).toEqual({
      error: "not a CA certificate (basicConstraints cA is not set)",
    });
    expect(await readTrustAnchor("-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----")).toEqual({
      error: "not a PEM or DER X.509 certificate",
    });
  });

  it("chains a signer to its root among several anchors, skipping a malformed one", async () => {
    const issuer = await createTestIssuer();
    const other = await createTestIssuer();
    const result = await verifyChain(issuer.signerChain, ["garbage", other.rootPem, issuer.rootPem]);
    expect(result.trusted).toBe(true);
  });

  it("does not trust a chain whose root is presented by the credential but not configured", async () => {
    const issuer = await createTestIssuer();
    const other = await createTestIssuer();
    const root = new Uint8Array(Buffer.from(issuer.rootPem.replace(/-----[^-]+-----|\s/g, ""), "base64"));
    const result = await verifyChain([...issuer.signerChain, root], [other.rootPem]);
    expect(result).toMatchObject({ trusted: false });
  });
});
