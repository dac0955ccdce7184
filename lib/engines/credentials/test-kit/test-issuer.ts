import "server-only";
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  ExtendedKeyUsageExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  SubjectKeyIdentifierExtension,
  type X509Certificate,
  X509CertificateGenerator,
  certificateFromDer,
} from "../x509";
import { createECDH, hkdfSync, webcrypto } from "node:crypto";

// A test IACA (the root an operator would import) and a document signer below it, P-256, for tests and the sandbox
// only: never among the trust anchors outside the sandbox. The same signer signs mdocs, SD-JWT VCs and status lists,
// as a small issuer would.

export type TestIssuer = {
  name: string;
  country: string;
  /** the IACA root, PEM: what the verifier is given as a trust anchor */
  rootPem: string;
  /** the document signer's chain, DER, leaf first (x5chain / x5c) */
  signerChain: Uint8Array[];
  signerPrivateJwk: JsonWebKey;
  signerPublicJwk: JsonWebKey;
};

export type TestIssuerOptions = { name?: string; country?: string };

const EC = { name: "ECDSA", namedCurve: "P-256" } as const;
const SIGNING = { name: "ECDSA", hash: "SHA-256" } as const;
// ISO/IEC 18013-5 extended key usage of a document signer certificate
const MDL_DS_EKU = "1.0.18013.5.1.2";
const crypto = webcrypto as Crypto;

async function keyPair(seed: Buffer | null): Promise<CryptoKeyPair> {
  if (!seed) return (await crypto.subtle.generateKey(EC, true, ["sign", "verify"])) as CryptoKeyPair;
  // a stable key from a secret: the sandbox trusts the same test IACA across restarts
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(seed);
  const point = ecdh.getPublicKey();
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33, 65).toString("base64url"),
  };
  const privateKey = await crypto.subtle.importKey("jwk", { ...jwk, d: seed.toString("base64url") }, EC, true, [
    "sign",
  ]);
  const publicKey = await crypto.subtle.importKey("jwk", jwk, EC, true, ["verify"]);
  return { privateKey, publicKey };
}

function seedFrom(secret: string, label: string): Buffer {
  // HKDF output is below the P-256 group order with overwhelming probability; createECDH refuses the rare miss
  return Buffer.from(hkdfSync("sha256", secret, "kyc-test-issuer", label, 32));
}

async function build(options: TestIssuerOptions, secret: string | null): Promise<TestIssuer> {
  const name = options.name ?? "Test issuer (sandbox only)";
  const country = (options.country ?? "DE").toUpperCase();
  const rootKeys = await keyPair(secret === null ? null : seedFrom(secret, "iaca"));
  const signerKeys = await keyPair(secret === null ? null : seedFrom(secret, "document-signer"));
  // fixed dates and serials for a secret-derived issuer: the same secret gives the same certificates' keys and names
  // two years back, so a test may backdate a credential (an expired one) inside its signer's validity
  const notBefore = secret === null ? new Date(Date.now() - 2 * 365 * 86_400_000) : new Date("2025-01-01T00:00:00Z");
  const notAfter = new Date(notBefore.getTime() + 20 * 365 * 86_400_000);
  const root = await X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: secret === null ? undefined : "01",
      name: `C=${country}, O=${name}, CN=${name} IACA`,
      notBefore,
      notAfter,
      keys: rootKeys,
      signingAlgorithm: SIGNING,
      extensions: [
        new BasicConstraintsExtension(true, 0, true),
        new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
        await SubjectKeyIdentifierExtension.create(rootKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const signer = await X509CertificateGenerator.create(
    {
      serialNumber: secret === null ? undefined : "02",
      subject: `C=${country}, O=${name}, CN=${name} document signer`,
      issuer: root.subject,
      notBefore,
      notAfter: new Date(notBefore.getTime() + 10 * 365 * 86_400_000),
      publicKey: signerKeys.publicKey,
      signingKey: rootKeys.privateKey,
      signingAlgorithm: SIGNING,
      extensions: [
        new BasicConstraintsExtension(false, undefined, true),
        new KeyUsagesExtension(KeyUsageFlags.digitalSignature, true),
        new ExtendedKeyUsageExtension([MDL_DS_EKU], true),
        await AuthorityKeyIdentifierExtension.create(root, false, crypto),
        await SubjectKeyIdentifierExtension.create(signerKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  return {
    name,
    country,
    rootPem: root.toString("pem"),
    signerChain: [new Uint8Array(signer.rawData)],
    signerPrivateJwk: await crypto.subtle.exportKey("jwk", signerKeys.privateKey),
    signerPublicJwk: await crypto.subtle.exportKey("jwk", signerKeys.publicKey),
  };
}

/** a fresh test issuer (new keys each call) */
export function createTestIssuer(options: TestIssuerOptions = {}): Promise<TestIssuer> {
  return build(options, null);
}

/** the same test issuer (same keys, names and trust anchor) for the same secret: the sandbox's */
export async function testIssuerFromSecret(secret: string, options: TestIssuerOptions = {}): Promise<TestIssuer> {
  if (secret.length < 16) throw new Error("the test issuer's secret must be at least 16 characters");
  return build(options, secret);
}

export function certificateOf(der: Uint8Array): X509Certificate {
  return certificateFromDer(der);
}
