import "server-only";
import { CoseKey, DateOnly, DeviceKey, Issuer, SignatureAlgorithm } from "@owf/mdoc";
import { ES256, digest, generateSalt } from "@sd-jwt/crypto-nodejs";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { webcrypto } from "node:crypto";
import type { CredentialKind } from "@/lib/shared/digital-credentials";
import { KIND_PROFILES, MDL_NAMESPACE, PID_MDOC_NAMESPACE } from "../claim-map";
import { mdocContext } from "../mdoc-context";
import type { CredentialFormat } from "../types";
import { addStatusToIssuerSigned } from "./mdoc-status";
import { drawPortrait, isAgeAtLeast, type TestPerson } from "./sample-people";
import type { TestIssuer } from "./test-issuer";

// Test credentials signed by a test issuer with the same libraries a real issuer uses (@owf/mdoc, @sd-jwt/sd-jwt-vc):
// what the verifier reads from them is exactly what it reads from a wallet's credential.

export type TestCredentialOptions = {
  validFrom?: Date;
  validUntil?: Date;
  /** a status list entry the credential names (createTestStatusList makes the list) */
  status?: { uri: string; index: number };
  /** the holder's (wallet's) key; a fresh P-256 key when absent */
  holderPrivateJwk?: JsonWebKey;
};

export type TestCredential = {
  kind: CredentialKind;
  format: CredentialFormat;
  /** mdoc: IssuerSigned, base64url (as OpenID4VCI delivers it); SD-JWT VC: the issued SD-JWT, all disclosures */
  encoded: string;
  holderPrivateJwk: JsonWebKey;
  person: TestPerson;
};

const DAY = 86_400_000;

async function holderKey(options: TestCredentialOptions): Promise<JsonWebKey> {
  if (options.holderPrivateJwk) return options.holderPrivateJwk;
  const pair = (await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  return webcrypto.subtle.exportKey("jwk", pair.privateKey);
}

function publicHalf(jwk: JsonWebKey): JsonWebKey {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
}

function validity(options: TestCredentialOptions) {
  const validFrom = options.validFrom ?? new Date(Date.now() - DAY);
  const validUntil = options.validUntil ?? new Date(validFrom.getTime() + 365 * DAY);
  return { signed: validFrom, validFrom, validUntil };
}

async function issueMdoc(
  issuer: TestIssuer,
  kind: "MDL" | "EU_PID_MDOC",
  person: TestPerson,
  options: TestCredentialOptions,
  holder: JsonWebKey,
): Promise<string> {
  const { validFrom, validUntil, signed } = validity(options);
  const isMdl = kind === "MDL";
  const elements: Record<string, unknown> = {
    family_name: person.familyName,
    given_name: person.givenName,
    birth_date: new DateOnly(person.birthDate),
    age_over_18: isAgeAtLeast(person, 18, validFrom),
    portrait: new Uint8Array(await drawPortrait(person)),
    document_number: person.documentNumber,
    expiry_date: new DateOnly(person.expiryDate),
    issuing_country: issuer.country,
    issuing_authority: issuer.name,
    // the mDL carries one nationality, the PID an array of them (PID rulebook 3.1.2)
    nationality: isMdl ? person.nationality : [person.nationality],
    resident_address: person.address.line,
    resident_city: person.address.city,
    resident_postal_code: person.address.postalCode,
    resident_country: person.address.country,
    ...(person.address.region ? { resident_state: person.address.region } : {}),
    ...(isMdl ? { issue_date: new DateOnly(validFrom.toISOString().slice(0, 10)), driving_privileges: [] } : {}),
  };
  const issued = await new Issuer(KIND_PROFILES[kind].type, mdocContext)
    .addIssuerNamespace(isMdl ? MDL_NAMESPACE : PID_MDOC_NAMESPACE, elements)
    .sign({
      signingKey: CoseKey.fromJwk({ ...issuer.signerPrivateJwk, alg: "ES256" } as Record<string, unknown>),
      algorithm: SignatureAlgorithm.ES256,
      digestAlgorithm: "SHA-256",
      validityInfo: { signed, validFrom, validUntil },
      deviceKeyInfo: { deviceKey: DeviceKey.fromJwk(publicHalf(holder) as Record<string, unknown>) },
      certificates: issuer.signerChain,
    });
  const withStatus = options.status ? await addStatusToIssuerSigned(issued, options.status, issuer) : issued;
  return withStatus.encodedForOid4Vci;
}

async function issueSdJwt(
  issuer: TestIssuer,
  person: TestPerson,
  options: TestCredentialOptions,
  holder: JsonWebKey,
): Promise<string> {
  const { validFrom, validUntil } = validity(options);
  const portrait = await drawPortrait(person);
  const sdJwt = new SDJwtVcInstance({
    signer: await ES256.getSigner(issuer.signerPrivateJwk),
    signAlg: ES256.alg,
    hasher: digest,
    hashAlg: "sha-256",
    saltGenerator: generateSalt,
  });
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const address = {
    street_address: person.address.line,
    locality: person.address.city,
    postal_code: person.address.postalCode,
    country: person.address.country,
    ...(person.address.region ? { region: person.address.region } : {}),
  };
  const payload = {
    iss: "https://test-issuer.invalid",
    iat: seconds(validFrom),
    nbf: seconds(validFrom),
    exp: seconds(validUntil),
    vct: KIND_PROFILES.EU_PID_SD_JWT.type,
    cnf: { jwk: publicHalf(holder) },
    ...(options.status ? { status: { status_list: { idx: options.status.index, uri: options.status.uri } } } : {}),
    given_name: person.givenName,
    family_name: person.familyName,
    birthdate: person.birthDate,
    age_equal_or_over: { "18": isAgeAtLeast(person, 18, validFrom) },
    picture: `data:image/jpeg;base64,${portrait.toString("base64")}`,
    nationalities: [person.nationality],
    address,
    document_number: person.documentNumber,
    date_of_expiry: person.expiryDate,
    issuing_country: issuer.country,
    issuing_authority: issuer.name,
  };
  return sdJwt.issue(
    payload,
    {
      _sd: [
        "given_name",
        "family_name",
        "birthdate",
        "age_equal_or_over",
        "picture",
        "nationalities",
        "address",
        "document_number",
        "date_of_expiry",
        "issuing_country",
        "issuing_authority",
      ],
      age_equal_or_over: { _sd: ["18"] },
      address: { _sd: Object.keys(address) as (keyof typeof address)[] },
    },
    { header: { typ: "dc+sd-jwt", x5c: issuer.signerChain.map((der) => Buffer.from(der).toString("base64")) } },
  );
}

/** a credential of `kind` for `person`, signed by `issuer`, bound to a holder key */
export async function issueTestCredential(
  issuer: TestIssuer,
  kind: CredentialKind,
  person: TestPerson,
  options: TestCredentialOptions = {},
): Promise<TestCredential> {
  const holder = await holderKey(options);
  const encoded =
    kind === "EU_PID_SD_JWT"
      ? await issueSdJwt(issuer, person, options, holder)
      : await issueMdoc(issuer, kind, person, options, holder);
  return { kind, format: KIND_PROFILES[kind].format, encoded, holderPrivateJwk: holder, person };
}
