import "server-only";
import { SDJwt } from "@sd-jwt/core";
import { digest } from "@sd-jwt/crypto-nodejs";
import { compactVerify, importJWK, importX509, type JWK } from "jose";
import { createHash } from "node:crypto";
import { fail, pass, record, type CheckBook } from "./check-book";
import type { KindProfile } from "./claim-map";
import { normaliseClaims } from "./normalise-claims";
import { checkStatusList, readStatusReference } from "./status-list";
import { certificateOutOfDate, issuerOf, verifyChain } from "./trust-chain";
import type { VerifiedCredential, VerifyPresentationInput } from "./types";

// An SD-JWT VC presentation (issuer JWT ~ disclosures ~ KB-JWT). @sd-jwt/core splits it and rebuilds the claims
// from the disclosures; the signatures are checked with jose, one check per step. The issuer's key comes from its
// x5c chain to a trust anchor (no issuer metadata or DID is fetched). OpenID4VP 1.0 over the DC API without a
// client_id: the KB-JWT's aud is "origin:" + the page's origin (appendix A.4).

const SKEW_S = 60;
const ALGS = ["ES256", "ES384", "ES512"];
const hasher = { hasher: digest, alg: "sha-256" };

type IssuerPayload = Record<string, unknown> & {
  vct?: unknown;
  iat?: number;
  nbf?: number;
  exp?: number;
  cnf?: { jwk?: JWK };
  status?: unknown;
  _sd_alg?: string;
};

/** every digest the issuer signed, at any depth (`_sd` members and `{"...": digest}` array entries) */
function signedDigests(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const reference = (entry as { "..."?: unknown } | null)?.["..."];
      if (typeof reference === "string") into.add(reference);
      else signedDigests(entry, into);
    }
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "_sd" && Array.isArray(inner)) inner.forEach((item) => typeof item === "string" && into.add(item));
      else signedDigests(inner, into);
    }
  }
  return into;
}

function readPath(claims: unknown, path: readonly string[]): unknown {
  let node = claims;
  for (const part of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

async function verifyJws(token: string, key: CryptoKey | Uint8Array): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await compactVerify(token, key, { algorithms: ALGS });
    return JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return null;
  }
}

export async function verifySdJwtVc(
  book: CheckBook,
  presentation: string,
  profile: KindProfile,
  input: VerifyPresentationInput,
): Promise<VerifiedCredential | null> {
  const parts = presentation.split("~");
  const issuerJwt = parts[0] ?? "";
  const kbJwt = parts.at(-1) ?? "";
  let decoded: Awaited<ReturnType<typeof SDJwt.decodeSDJwt>>;
  try {
    decoded = await SDJwt.decodeSDJwt(presentation, digest);
  } catch {
    fail(book, "RESPONSE_FORMAT", "the presentation is not an SD-JWT");
    return null;
  }
  const header = decoded.jwt.header as { alg?: string; typ?: string; x5c?: string[] };
  const payload = decoded.jwt.payload as IssuerPayload;
  if (header.typ !== "dc+sd-jwt" && header.typ !== "vc+sd-jwt") {
    fail(book, "RESPONSE_FORMAT", `the SD-JWT's typ is ${header.typ ?? "absent"}, not dc+sd-jwt`);
    return null;
  }
  if (payload.vct !== profile.type) {
    fail(book, "RESPONSE_FORMAT", `the credential type is ${String(payload.vct)}, not ${profile.type}`);
    return null;
  }
  pass(book, "RESPONSE_FORMAT", `an SD-JWT VC of type ${profile.type}, decrypted with this verification's key`);

  const chain = await verifyChain(
    (header.x5c ?? []).map((cert) => new Uint8Array(Buffer.from(cert, "base64"))),
    input.trustAnchors,
  );
  if (chain.trusted) pass(book, "ISSUER_TRUSTED", `issued under the trust anchor "${chain.anchor.subject}"`);
  else fail(book, "ISSUER_TRUSTED", header.x5c ? chain.reason : "the issuer names no x5c certificate chain");

  let signed: Record<string, unknown> | null = null;
  if (chain.leaf && header.alg && ALGS.includes(header.alg)) {
    signed = await verifyJws(issuerJwt, await importX509(chain.leaf.toString("pem"), header.alg));
  }
  if (signed) pass(book, "ISSUER_SIGNATURE", "the issuer's signature over the SD-JWT holds");
  else fail(book, "ISSUER_SIGNATURE", "the issuer's signature over the SD-JWT does not hold");

  const known = signedDigests(payload, new Set());
  const unreferenced: string[] = [];
  if (payload._sd_alg !== undefined && payload._sd_alg !== "sha-256") {
    fail(book, "ELEMENTS_INTACT", `the disclosure digest algorithm ${payload._sd_alg} is not supported`);
  } else {
    const digests = await Promise.all(decoded.disclosures.map((disclosure) => disclosure.digest(hasher)));
    const name = (index: number) => decoded.disclosures[index]!.key ?? "an array element";
    digests.forEach((value, index) => {
      if (digests.indexOf(value) !== index) unreferenced.push(`${name(index)} (disclosed twice)`);
    });
    // a nested disclosure is signed through its parent's disclosed value, once the parent itself is referenced
    const reached = new Set<number>();
    for (let grew = true; grew;) {
      grew = false;
      digests.forEach((value, index) => {
        if (reached.has(index) || !known.has(value)) return;
        reached.add(index);
        signedDigests(decoded.disclosures[index]!.value, known);
        grew = true;
      });
    }
    digests.forEach((_, index) => {
      if (!reached.has(index)) unreferenced.push(name(index));
    });
    if (unreferenced.length === 0) pass(book, "ELEMENTS_INTACT", "every disclosure matches a digest the issuer signed");
    else fail(book, "ELEMENTS_INTACT", `changed after signing (no signed digest): ${unreferenced.join(", ")}`);
  }

  const now = Math.floor(input.now.getTime() / 1000);
  const certificates = chain.trusted ? [...chain.chain, chain.anchor] : chain.chain;
  const outOfDate = certificateOutOfDate(certificates, input.now);
  if (typeof payload.exp === "number" && now - SKEW_S > payload.exp) {
    fail(book, "VALIDITY", `expired on ${new Date(payload.exp * 1000).toISOString()}`);
  } else if (typeof payload.nbf === "number" && now + SKEW_S < payload.nbf) {
    fail(book, "VALIDITY", `not valid before ${new Date(payload.nbf * 1000).toISOString()}`);
  } else if (typeof payload.iat === "number" && now + SKEW_S < payload.iat) {
    fail(book, "VALIDITY", "issued in the future");
  } else if (outOfDate) fail(book, "VALIDITY", outOfDate);
  else
    pass(
      book,
      "VALIDITY",
      typeof payload.exp === "number" ? `valid until ${new Date(payload.exp * 1000).toISOString()}` : "no expiry set",
    );

  await checkKeyBinding(book, presentation, kbJwt, payload, input);

  const statusRef = readStatusReference(payload.status);
  if (statusRef === null) record(book, "STATUS", "SKIPPED", "the credential names no status list");
  else if (statusRef === "malformed") fail(book, "STATUS", "the credential's status reference is malformed");
  else book.set("STATUS", await checkStatusList(statusRef, input));

  // claims only from disclosures that matched a signed digest (unreferenced ones are not unpacked)
  const claims = await new SDJwt({ jwt: decoded.jwt, disclosures: decoded.disclosures }).getClaims(digest);
  const normalised = normaliseClaims((path) => readPath(claims, path), profile, input.claims);
  const missing = input.claims.filter((claim) => !normalised.disclosed.includes(claim));
  if (missing.length === 0) pass(book, "CLAIMS_DISCLOSED", `disclosed: ${normalised.disclosed.join(", ")}`);
  else fail(book, "CLAIMS_DISCLOSED", `asked for but not disclosed: ${missing.join(", ")}`);

  const issuer = chain.leaf ? issuerOf(chain.leaf) : { name: "unknown", country: null };
  const iso = (seconds: unknown) => (typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : "");
  return {
    kind: profile.kind,
    format: profile.format,
    issuer,
    validFrom: iso(payload.nbf ?? payload.iat),
    validUntil: iso(payload.exp),
    claims: { ...normalised.claims, ...(issuer.country ? { issuingCountry: issuer.country } : {}) },
    disclosed: normalised.disclosed,
    portrait: normalised.portrait,
  };
}

async function checkKeyBinding(
  book: CheckBook,
  presentation: string,
  kbJwt: string,
  payload: IssuerPayload,
  input: VerifyPresentationInput,
): Promise<void> {
  const holderJwk = payload.cnf?.jwk;
  const notChecked = "not established: the key binding JWT is missing or its signature does not hold";
  if (!kbJwt || !holderJwk) {
    fail(book, "DEVICE_BINDING", !holderJwk ? "the credential names no holder key (cnf.jwk)" : "no key binding JWT");
    record(book, "NONCE", "FAILED", notChecked);
    record(book, "AUDIENCE", "FAILED", notChecked);
    return;
  }
  let kb: Record<string, unknown> | null = null;
  try {
    const header = JSON.parse(Buffer.from(kbJwt.split(".")[0] ?? "", "base64url").toString()) as {
      typ?: string;
      alg?: string;
    };
    if (header.typ === "kb+jwt" && header.alg && ALGS.includes(header.alg)) {
      kb = await verifyJws(kbJwt, (await importJWK(holderJwk, header.alg)) as CryptoKey);
    }
  } catch {
    kb = null;
  }
  const sdHash = createHash("sha256")
    .update(presentation.slice(0, presentation.length - kbJwt.length))
    .digest("base64url");
  if (!kb) {
    fail(book, "DEVICE_BINDING", "the key binding JWT is not signed by the credential's holder key");
    record(book, "NONCE", "FAILED", notChecked);
    record(book, "AUDIENCE", "FAILED", notChecked);
    return;
  }
  if (kb.sd_hash !== sdHash) fail(book, "DEVICE_BINDING", "the key binding JWT covers other disclosures (sd_hash)");
  else pass(book, "DEVICE_BINDING", "the key binding JWT is signed by the credential's holder key");
  if (kb.nonce === input.nonce) pass(book, "NONCE", "the key binding JWT carries this verification's nonce");
  else fail(book, "NONCE", "the key binding JWT carries another nonce: a presentation made for another verification");
  const audience = `origin:${input.origin}`;
  if (kb.aud === audience) pass(book, "AUDIENCE", `bound to ${audience}`);
  else fail(book, "AUDIENCE", `bound to ${String(kb.aud)}, not ${audience}`);
}
