// Test-only: one verification's wallet exchange with the credentials engine (issue 34), and the forgeries its tests
// throw at it. Each forgery is what an attacker can do without the issuer's or the holder's key.
import {
  cborDecode,
  cborEncode,
  DataItem,
  IssuerAuth,
  IssuerNamespaces,
  IssuerSigned,
  IssuerSignedItem,
} from "@owf/mdoc";
import { CompactEncrypt, compactDecrypt, decodeJwt, importJWK, SignJWT, type JWK } from "jose";
import { createHash } from "node:crypto";
import { CREDENTIAL_CLAIMS, type CredentialClaim, type CredentialKind } from "@/lib/shared/digital-credentials";
import { prepareCredentialRequest } from "@/lib/engines/credentials/prepare-credential-request";
import {
  answerAsTestWallet,
  createTestIssuer,
  issueTestCredential,
  SAMPLE_PEOPLE,
  type TestCredential,
  type TestCredentialOptions,
  type TestIssuer,
  type TestPerson,
} from "@/lib/engines/credentials/test-kit";
import type {
  PreparedCredentialRequest,
  PresentationCheckName,
  PresentationVerdict,
  VerifyPresentationInput,
} from "@/lib/engines/credentials/types";
import { verifyPresentation } from "@/lib/engines/credentials/verify-presentation";

export const ORIGIN = "https://kyc.example.test";
export const ALL_CLAIMS: readonly CredentialClaim[] = CREDENTIAL_CLAIMS;

export type Scenario = {
  kind: CredentialKind;
  /** the kinds the workflow accepts (the scenario's own by default) */
  kinds: readonly CredentialKind[];
  issuer: TestIssuer;
  credential: TestCredential;
  nonce: string;
  claims: readonly CredentialClaim[];
  prepared: PreparedCredentialRequest;
};

let counter = 0;

export async function setUpScenario(
  kind: CredentialKind,
  options: {
    claims?: readonly CredentialClaim[];
    kinds?: readonly CredentialKind[];
    credential?: TestCredentialOptions;
    issuer?: TestIssuer;
    person?: TestPerson;
  } = {},
): Promise<Scenario> {
  const issuer = options.issuer ?? (await createTestIssuer());
  const person = options.person ?? SAMPLE_PEOPLE.erika;
  const credential = await issueTestCredential(issuer, kind, person, options.credential);
  const kinds = options.kinds ?? [kind];
  const claims = options.claims ?? ALL_CLAIMS;
  const nonce = `nonce-${++counter}-${Math.random().toString(36).slice(2)}`;
  const prepared = await prepareCredentialRequest({ nonce, origin: ORIGIN, kinds, claims });
  return { kind, kinds, issuer, credential, nonce, claims, prepared };
}

export function verifyAnswer(
  scenario: Scenario,
  response: unknown,
  overrides: Partial<VerifyPresentationInput> = {},
): Promise<PresentationVerdict> {
  return verifyPresentation({
    response,
    nonce: scenario.nonce,
    origin: ORIGIN,
    kinds: scenario.kinds,
    claims: scenario.claims,
    responsePrivateJwk: scenario.prepared.responsePrivateJwk,
    trustAnchors: [scenario.issuer.rootPem],
    now: new Date(),
    fetchStatusList: async (uri) => {
      throw new Error(`no status list at ${uri}`);
    },
    ...overrides,
  });
}

/** the wallet's genuine answer to the scenario's request */
export function answer(scenario: Scenario, options: { origin?: string; decline?: CredentialClaim[] } = {}) {
  return answerAsTestWallet(scenario.prepared.requests, scenario.credential, {
    origin: options.origin ?? ORIGIN,
    decline: options.decline,
  });
}

export function failedChecks(verdict: PresentationVerdict): PresentationCheckName[] {
  return verdict.checks.filter((check) => check.result === "FAILED").map((check) => check.name);
}

export function check(verdict: PresentationVerdict, name: PresentationCheckName) {
  const found = verdict.checks.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} check in the verdict`);
  return found;
}

/** the credential with one mdoc element's value replaced after the issuer signed it */
export function withTamperedMdocElement(credential: TestCredential, element: string, value: unknown): TestCredential {
  const issued = IssuerSigned.fromEncodedForOid4Vci(credential.encoded);
  const namespaces = new Map(issued.issuerNamespaces.issuerNamespaces);
  for (const [namespace, items] of namespaces) {
    namespaces.set(
      namespace,
      items.map((item) =>
        item.elementIdentifier === element
          ? IssuerSignedItem.fromOptions({
              digestId: item.digestId,
              random: item.random,
              elementIdentifier: element,
              elementValue: value,
            })
          : item,
      ),
    );
  }
  const forged = IssuerSigned.create({
    issuerNamespaces: IssuerNamespaces.create({ issuerNamespaces: namespaces }),
    issuerAuth: issued.issuerAuth,
  });
  return { ...credential, encoded: forged.encodedForOid4Vci };
}

/** the wallet's answer with its one presentation rewritten (an attacker who can open it: the holder, or a relay) */
export async function rewritePresentation(
  scenario: Scenario,
  genuine: { response: string },
  rewrite: (presentation: string) => string | Promise<string>,
): Promise<{ response: string }> {
  const key = await importJWK(scenario.prepared.responsePrivateJwk as JWK, "ECDH-ES");
  const { plaintext } = await compactDecrypt(genuine.response, key);
  const answer = JSON.parse(new TextDecoder().decode(plaintext)) as { vp_token: Record<string, string[]> };
  const [queryId, [presentation]] = Object.entries(answer.vp_token)[0]!;
  const rewritten = JSON.stringify({ vp_token: { [queryId]: [await rewrite(presentation!)] } });
  return { response: await encryptTo(scenario.prepared, new TextEncoder().encode(rewritten)) };
}

function replaceDisclosure(part: string, claim: string, value: unknown): string {
  const disclosure = JSON.parse(Buffer.from(part, "base64url").toString()) as unknown[];
  if (disclosure.length !== 3 || disclosure[1] !== claim) return part;
  return Buffer.from(JSON.stringify([disclosure[0], claim, value])).toString("base64url");
}

/**
 * The holder's own forgery of an SD-JWT VC: its disclosures rewritten in the wallet's answer and the KB-JWT signed
 * again over them with the holder's key, so only the issuer's digests can catch it.
 */
export function holderRewritesDisclosures(
  scenario: Scenario,
  genuine: { response: string },
  rewrite: (disclosures: string[]) => string[],
): Promise<{ response: string }> {
  return rewritePresentation(scenario, genuine, async (presentation) => {
    const [jwt, ...rest] = presentation.split("~");
    const kb = decodeJwt(rest.pop()!);
    const sdJwt = `${[jwt, ...rewrite(rest.filter(Boolean))].join("~")}~`;
    const kbJwt = await new SignJWT({ ...kb, sd_hash: createHash("sha256").update(sdJwt).digest("base64url") })
      .setProtectedHeader({ alg: "ES256", typ: "kb+jwt" })
      .sign(await importJWK(scenario.credential.holderPrivateJwk as JWK, "ES256"));
    return sdJwt + kbJwt;
  });
}

/** one disclosure's value replaced (same salt and name) by the holder */
export function holderForgesDisclosure(
  scenario: Scenario,
  genuine: { response: string },
  claim: string,
  value: unknown,
): Promise<{ response: string }> {
  return holderRewritesDisclosures(scenario, genuine, (disclosures) =>
    disclosures.map((part) => replaceDisclosure(part, claim, value)),
  );
}

export function encodeDisclosure(disclosure: unknown[]): { encoded: string; digest: string } {
  const encoded = Buffer.from(JSON.stringify(disclosure)).toString("base64url");
  return { encoded, digest: createHash("sha256").update(encoded).digest("base64url") };
}

/** an SD-JWT VC whose issuer-signed payload was edited (its signature kept): e.g. an expiry pushed forward */
export function withEditedIssuerPayload(
  credential: TestCredential,
  edit: (payload: Record<string, unknown>) => void,
): TestCredential {
  const [jwt, ...rest] = credential.encoded.split("~");
  const [header, payload, signature] = jwt!.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
  edit(claims);
  const edited = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return { ...credential, encoded: [`${header}.${edited}.${signature}`, ...rest].join("~") };
}

/**
 * An mdoc whose element was changed AND whose MSO digest was updated to match (the issuer's signature kept): the
 * forgery only the issuer signature can catch.
 */
export function withForgedMsoDigest(credential: TestCredential, element: string, value: unknown): TestCredential {
  const tampered = IssuerSigned.fromEncodedForOid4Vci(withTamperedMdocElement(credential, element, value).encoded);
  const mso = cborDecode<DataItem<Map<string, unknown>>>(tampered.issuerAuth.payload!, {
    unwrapTopLevelDataItem: false,
  }).data;
  const digests = mso.get("valueDigests") as Map<string, Map<number, Uint8Array>>;
  for (const [namespace, items] of tampered.issuerNamespaces.issuerNamespaces) {
    for (const item of items) {
      if (item.elementIdentifier !== element) continue;
      const digest = createHash("sha256")
        .update(item.encode({ asDataItem: true }))
        .digest();
      digests.get(namespace)!.set(item.digestId, new Uint8Array(digest));
    }
  }
  const sign1 = [...tampered.issuerAuth.encodedStructure] as unknown[];
  sign1[2] = cborEncode(DataItem.fromData(mso));
  const issuerAuth = IssuerAuth.fromEncodedStructure(sign1 as never);
  const forged = IssuerSigned.create({ issuerNamespaces: tampered.issuerNamespaces, issuerAuth });
  return { ...credential, encoded: forged.encodedForOid4Vci };
}

async function encryptTo(to: PreparedCredentialRequest, plaintext: Uint8Array): Promise<string> {
  const key = (to.requests[0]!.data as { client_metadata: { jwks: { keys: JWK[] } } }).client_metadata.jwks.keys[0]!;
  return new CompactEncrypt(plaintext)
    .setProtectedHeader({ alg: "ECDH-ES", enc: "A128GCM", kid: key.kid })
    .encrypt(await importJWK(key, "ECDH-ES"));
}

/** what an attacker holding a decrypted answer from another verification can do: encrypt it to this one's key */
export async function reEncrypt(
  response: { response: string },
  fromPrivateJwk: JsonWebKey,
  to: PreparedCredentialRequest,
): Promise<{ response: string }> {
  const { plaintext } = await compactDecrypt(response.response, await importJWK(fromPrivateJwk as JWK, "ECDH-ES"));
  return { response: await encryptTo(to, plaintext) };
}
