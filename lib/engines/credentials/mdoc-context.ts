import "server-only";
import { CoseKey, type MdocContext } from "@owf/mdoc";
import { certificateFromDer } from "./x509";
import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, webcrypto } from "node:crypto";

// @owf/mdoc leaves the cryptography to its caller (one context object). Ours is Node's own crypto: ECDSA with the
// raw r||s encoding COSE uses (ieee-p1363), SHA digests, X.509 parsing by @peculiar/x509. Certificate chains are
// checked by trust-chain.ts (apart from the library, so each failure gets its own check); device MAC (ISO 18013-5
// proximity only) is refused: OpenID4VP answers carry a device signature.

const HASHES = { "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" } as const;
const CURVE_HASH: Record<string, string> = { "P-256": "sha256", "P-384": "sha384", "P-521": "sha512" };

function keyObject(key: CoseKey, half: "public" | "private") {
  const jwk = key.jwk as Record<string, string>;
  if (half === "private") return createPrivateKey({ key: jwk as never, format: "jwk" });
  const { d: _private, ...publicJwk } = jwk;
  return createPublicKey({ key: publicJwk as never, format: "jwk" });
}

function hashFor(key: CoseKey): string {
  const crv = (key.jwk as Record<string, string>).crv ?? "P-256";
  const hash = CURVE_HASH[crv];
  if (!hash) throw new Error(`unsupported curve ${crv}`);
  return hash;
}

export const mdocContext: MdocContext = {
  crypto: {
    random: (length) => new Uint8Array(randomBytes(length)),
    digest: ({ digestAlgorithm, bytes }) => new Uint8Array(createHash(HASHES[digestAlgorithm]).update(bytes).digest()),
    calculateEphemeralMacKey: () => {
      throw new Error("device MAC authentication is not supported (OpenID4VP answers are device-signed)");
    },
  },
  cose: {
    sign1: {
      sign: ({ toBeSigned, key }) =>
        new Uint8Array(sign(hashFor(key), toBeSigned, { key: keyObject(key, "private"), dsaEncoding: "ieee-p1363" })),
      verify: ({ sign1, key }) =>
        verify(
          hashFor(key),
          sign1.toBeSigned,
          { key: keyObject(key, "public"), dsaEncoding: "ieee-p1363" },
          sign1.signature,
        ),
    },
    mac0: {
      sign: () => {
        throw new Error("device MAC authentication is not supported");
      },
      verify: () => false,
    },
  },
  x509: {
    getIssuerNameField: ({ certificate, field }) => certificateFromDer(certificate).issuerName.getField(field),
    getPublicKey: async ({ certificate }) => {
      const spki = Buffer.from(certificateFromDer(certificate).publicKey.rawData);
      const publicKey = createPublicKey({ key: spki, format: "der", type: "spki" });
      return CoseKey.fromJwk(publicKey.export({ format: "jwk" }) as Record<string, unknown>);
    },
    verifyCertificateChain: () => {
      throw new Error("certificate chains are verified by trust-chain.ts");
    },
    getCertificateData: async ({ certificate }) => {
      const cert = certificateFromDer(certificate);
      const thumbprint = Buffer.from(await cert.getThumbprint(webcrypto as Crypto)).toString("hex");
      return {
        issuerName: cert.issuerName.toString(),
        subjectName: cert.subjectName.toString(),
        serialNumber: cert.serialNumber,
        thumbprint,
        notBefore: cert.notBefore,
        notAfter: cert.notAfter,
        pem: cert.toString(),
      };
    },
  },
};
