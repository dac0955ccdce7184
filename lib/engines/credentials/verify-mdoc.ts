import "server-only";
import {
  cborDecode,
  DataItem,
  DeviceAuthentication,
  DeviceResponse,
  type Document,
  type MobileSecurityObject,
  SessionTranscript,
} from "@owf/mdoc";
import { fail, pass, record, type CheckBook } from "./check-book";
import type { KindProfile } from "./claim-map";
import { mdocContext } from "./mdoc-context";
import { normaliseClaims } from "./normalise-claims";
import { checkStatusList, readStatusReference } from "./status-list";
import { certificateOutOfDate, issuerOf, verifyChain } from "./trust-chain";
import type { VerifiedCredential, VerifyPresentationInput } from "./types";

// An ISO/IEC 18013-5 DeviceResponse from an OpenID4VP DC API answer (OpenID4VP 1.0 appendix B.2). @owf/mdoc
// decodes the CBOR and computes the digests and signatures; each step's outcome is recorded as its own check
// instead of the library's all-in-one verify, so a reviewer sees which one failed.

// clock skew tolerated on the credential's validFrom / validUntil
const SKEW_MS = 60_000;

function decodeDocument(presentation: string, profile: KindProfile): Document | string {
  let response: DeviceResponse;
  try {
    response = DeviceResponse.fromEncodedForOid4Vp(presentation);
  } catch {
    return "the mdoc presentation is not a DeviceResponse";
  }
  const document = response.documents?.find((candidate) => candidate.docType === profile.type);
  return document ?? `the DeviceResponse holds no ${profile.type} document`;
}

async function deviceSigned(document: Document, input: VerifyPresentationInput, jwkThumbprint: Uint8Array) {
  const deviceSignature = document.deviceSigned.deviceAuth.deviceSignature;
  if (!deviceSignature)
    return { signed: false, reason: "the document carries no device signature (device MAC is not accepted)" };
  const sessionTranscript = await SessionTranscript.forOid4VpDcApi(
    { origin: input.origin, nonce: input.nonce, jwkThumbprint },
    mdocContext,
  );
  deviceSignature.detachedPayload = DeviceAuthentication.create({
    sessionTranscript,
    docType: document.docType,
    deviceNamespaces: document.deviceSigned.deviceNamespaces,
  }).encode({ asDataItem: true });
  const { deviceKey } = document.issuerSigned.issuerAuth.mobileSecurityObject.deviceKeyInfo;
  try {
    const signed = await mdocContext.cose.sign1.verify({ sign1: deviceSignature, key: deviceKey });
    return { signed, reason: "" };
  } catch (error) {
    return { signed: false, reason: `the device signature could not be checked: ${(error as Error).message}` };
  }
}

export async function verifyMdoc(
  book: CheckBook,
  presentation: string,
  profile: KindProfile,
  input: VerifyPresentationInput,
  jwkThumbprint: Uint8Array,
): Promise<VerifiedCredential | null> {
  const document = decodeDocument(presentation, profile);
  if (typeof document === "string") {
    fail(book, "RESPONSE_FORMAT", document);
    return null;
  }
  const { issuerAuth } = document.issuerSigned;
  let mso: MobileSecurityObject;
  try {
    mso = issuerAuth.mobileSecurityObject;
  } catch {
    fail(book, "RESPONSE_FORMAT", "the document's Mobile Security Object does not parse");
    return null;
  }
  pass(book, "RESPONSE_FORMAT", `an ${profile.type} mdoc, decrypted with this verification's key`);

  const chain = await verifyChain(issuerAuth.certificateChain, input.trustAnchors);
  if (chain.trusted) pass(book, "ISSUER_TRUSTED", `issued under the trust anchor "${chain.anchor.subject}"`);
  else fail(book, "ISSUER_TRUSTED", chain.reason);

  const signatureHolds = await issuerAuth.verifySignature({}, mdocContext).catch(() => false);
  if (signatureHolds) pass(book, "ISSUER_SIGNATURE", "the issuer's signature over the Mobile Security Object holds");
  else fail(book, "ISSUER_SIGNATURE", "the issuer's signature over the Mobile Security Object does not hold");

  const broken: string[] = [];
  if (mso.docType !== document.docType) broken.push(`the signed docType is ${mso.docType}`);
  for (const [namespace, items] of document.issuerSigned.issuerNamespaces?.issuerNamespaces ?? []) {
    for (const item of items) {
      const intact = await item.isValid(namespace, issuerAuth, mdocContext).catch(() => false);
      if (!intact) broken.push(`${namespace}/${item.elementIdentifier}`);
    }
  }
  if (broken.length === 0) pass(book, "ELEMENTS_INTACT", "every returned element matches its signed digest");
  else fail(book, "ELEMENTS_INTACT", `changed after signing: ${broken.join(", ")}`);

  const { validFrom, validUntil, signed } = mso.validityInfo;
  const now = input.now.getTime();
  const certificates = chain.trusted ? [...chain.chain, chain.anchor] : chain.chain;
  const outOfDate = certificateOutOfDate(certificates, input.now);
  if (now + SKEW_MS < validFrom.getTime()) fail(book, "VALIDITY", `not valid before ${validFrom.toISOString()}`);
  else if (now - SKEW_MS > validUntil.getTime()) fail(book, "VALIDITY", `expired on ${validUntil.toISOString()}`);
  else if (outOfDate) fail(book, "VALIDITY", outOfDate);
  else if (chain.leaf && (signed < chain.leaf.notBefore || signed > chain.leaf.notAfter)) {
    fail(book, "VALIDITY", "signed outside its document signer certificate's validity");
  } else pass(book, "VALIDITY", `valid from ${validFrom.toISOString()} until ${validUntil.toISOString()}`);

  // the session transcript binds origin, nonce and our key in one hash: a signature over another one cannot say
  // which of them differs, so all three checks fail together, each saying so
  const device = await deviceSigned(document, input, jwkThumbprint);
  if (device.signed) {
    pass(book, "DEVICE_BINDING", "signed by the credential's device key over this verification's session transcript");
    pass(book, "NONCE", "the device signature covers this verification's nonce");
    pass(book, "AUDIENCE", `the device signature covers the origin ${input.origin}`);
  } else {
    const why =
      device.reason ||
      "the device signature does not cover this verification's session transcript (nonce, origin and key)";
    fail(book, "DEVICE_BINDING", why);
    fail(book, "NONCE", `not bound to this verification's nonce: ${why}; a presentation made for another verification`);
    fail(book, "AUDIENCE", `not bound to the origin ${input.origin}: ${why}`);
  }

  const rawMso = cborDecode<DataItem<Map<string, unknown>>>(issuerAuth.payload!, { unwrapTopLevelDataItem: false });
  const statusValue = rawMso.data.get("status");
  const statusRef = readStatusReference(statusValue instanceof Map ? mapToObject(statusValue) : statusValue);
  if (statusRef === null) record(book, "STATUS", "SKIPPED", "the credential names no status list");
  else if (statusRef === "malformed") fail(book, "STATUS", "the credential's status reference is malformed");
  else book.set("STATUS", await checkStatusList(statusRef, input));

  const elements = new Map<string, unknown>();
  for (const [namespace, items] of document.issuerSigned.issuerNamespaces?.issuerNamespaces ?? []) {
    for (const item of items) {
      const key = `${namespace}/${item.elementIdentifier}`;
      // an element that does not match its digest is not the issuer's: it is neither read nor counted as disclosed
      if (!broken.includes(key)) elements.set(key, item.elementValue);
    }
  }
  const read = (path: readonly string[]) => elements.get(`${path[0]}/${path[1]}`);
  const normalised = normaliseClaims(read, profile, input.claims);
  const missing = input.claims.filter((claim) => !normalised.disclosed.includes(claim));
  if (missing.length === 0) pass(book, "CLAIMS_DISCLOSED", `disclosed: ${normalised.disclosed.join(", ")}`);
  else fail(book, "CLAIMS_DISCLOSED", `asked for but not disclosed: ${missing.join(", ")}`);

  const issuer = chain.leaf ? issuerOf(chain.leaf) : { name: "unknown", country: null };
  return {
    kind: profile.kind,
    format: profile.format,
    issuer,
    validFrom: validFrom.toISOString(),
    validUntil: validUntil.toISOString(),
    claims: { ...normalised.claims, ...(issuer.country ? { issuingCountry: issuer.country } : {}) },
    disclosed: normalised.disclosed,
    portrait: normalised.portrait,
  };
}

function mapToObject(value: unknown): unknown {
  if (!(value instanceof Map)) return value;
  return Object.fromEntries([...value].map(([key, inner]) => [String(key), mapToObject(inner)]));
}
