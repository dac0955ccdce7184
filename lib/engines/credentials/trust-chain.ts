import "server-only";
import { certificateFromDer, X509Certificate } from "./x509";
import { webcrypto } from "node:crypto";

// An issuer's certificate chain (leaf first, as x5chain / x5c carry it) checked against the operator's trust anchors.
// Written here rather than taken from @peculiar/x509's X509ChainBuilder because the checks must stay apart: whether
// the chain reaches an anchor (ISSUER_TRUSTED) is one question, whether its certificates are within their dates
// (VALIDITY) another, and the builder answers both with one exception.

export type ChainResult =
  | { trusted: true; leaf: X509Certificate; chain: X509Certificate[]; anchor: X509Certificate }
  | { trusted: false; leaf: X509Certificate | null; chain: X509Certificate[]; reason: string };

const MAX_CHAIN = 5;

export function parseAnchors(pems: readonly string[]): X509Certificate[] {
  const anchors: X509Certificate[] = [];
  for (const pem of pems) {
    // a bad anchor must not hide the good ones: a malformed entry is skipped (the settings page validates on save)
    try {
      anchors.push(new X509Certificate(pem));
    } catch {
      continue;
    }
  }
  return anchors;
}

async function signedBy(cert: X509Certificate, issuer: X509Certificate): Promise<boolean> {
  if (cert.issuer !== issuer.subject) return false;
  try {
    return await cert.verify({ publicKey: issuer.publicKey, signatureOnly: true }, webcrypto as Crypto);
  } catch {
    return false;
  }
}

function isCa(cert: X509Certificate): boolean {
  const basic = cert.getExtension("2.5.29.19") as { ca?: boolean } | null;
  return Boolean(basic?.ca);
}

export async function verifyChain(
  derChain: readonly Uint8Array[],
  anchorPems: readonly string[],
): Promise<ChainResult> {
  let chain: X509Certificate[];
  try {
    chain = derChain.map(certificateFromDer);
  } catch {
    return { trusted: false, leaf: null, chain: [], reason: "the issuer's certificate chain does not parse" };
  }
  const leaf = chain[0];
  if (!leaf) return { trusted: false, leaf: null, chain, reason: "the credential carries no issuer certificate" };
  if (chain.length > MAX_CHAIN)
    return { trusted: false, leaf, chain, reason: "the issuer's certificate chain is too long" };
  const anchors = parseAnchors(anchorPems);
  if (anchors.length === 0) return { trusted: false, leaf, chain, reason: "no trust anchor is configured" };

  for (let index = 0; index < chain.length; index++) {
    const cert = chain[index]!;
    // the chain may end in the anchor itself or stop below it
    const anchorCopy = anchors.find((anchor) => anchor.equal(cert));
    if (anchorCopy && index > 0) return { trusted: true, leaf, chain: chain.slice(0, index + 1), anchor: anchorCopy };
    for (const anchor of anchors) {
      if (await signedBy(cert, anchor)) return { trusted: true, leaf, chain: chain.slice(0, index + 1), anchor };
    }
    const next = chain[index + 1];
    if (!next) break;
    if (!isCa(next) || !(await signedBy(cert, next))) {
      return { trusted: false, leaf, chain, reason: `certificate ${index + 1} of the chain is not issued by the next` };
    }
  }
  return {
    trusted: false,
    leaf,
    chain,
    reason: `the issuer (${leaf.issuer}) does not chain to a configured trust anchor`,
  };
}

/** the first certificate of the chain (or anchor) outside its validity dates, or null */
export function certificateOutOfDate(certificates: readonly X509Certificate[], now: Date): string | null {
  for (const cert of certificates) {
    if (now < cert.notBefore)
      return `certificate "${cert.subject}" is not valid before ${cert.notBefore.toISOString()}`;
    if (now > cert.notAfter) return `certificate "${cert.subject}" expired on ${cert.notAfter.toISOString()}`;
  }
  return null;
}

/** the issuer's name and country from the leaf certificate's subject (ISO 18013-5 requires C; SD-JWT issuers mostly set it) */
export function issuerOf(leaf: X509Certificate): { name: string; country: string | null } {
  const field = (name: string) => leaf.subjectName.getField(name)[0];
  const country = field("C");
  return {
    name: field("O") ?? field("CN") ?? leaf.subject,
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
  };
}

export type TrustAnchorSummary = {
  subject: string;
  country: string | null;
  notBefore: string;
  notAfter: string;
  /** SHA-256 of the DER, hex: how an operator tells two roots apart */
  sha256: string;
};

/** what the settings page shows for a PEM the operator pastes, or why it is not a usable trust anchor */
export async function readTrustAnchor(pem: string): Promise<TrustAnchorSummary | { error: string }> {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    return { error: "not a PEM or DER X.509 certificate" };
  }
  if (!isCa(cert)) return { error: "not a CA certificate (basicConstraints cA is not set)" };
  const digest = await webcrypto.subtle.digest("SHA-256", cert.rawData);
  return {
    subject: cert.subject,
    country: issuerOf(cert).country,
    notBefore: cert.notBefore.toISOString(),
    notAfter: cert.notAfter.toISOString(),
    sha256: Buffer.from(digest).toString("hex"),
  };
}
