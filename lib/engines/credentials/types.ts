import type { CredentialClaim, CredentialKind } from "@/lib/shared/digital-credentials";

// The engine's interface for signed credentials from a phone's wallet (issue 34): build an OpenID4VP 1.0 request
// for the W3C Digital Credentials API, and verify the answer cryptographically. The process
// (lib/checks/digital-credential) stores the request's nonce and key with the verification and calls these; it
// never parses a credential itself.

export type CredentialFormat = "mso_mdoc" | "dc+sd-jwt";

export type CredentialRequestOptions = {
  /** fresh per verification (and per request): binds the presentation to this verification */
  nonce: string;
  /** the web origin the request is made from (https://host[:port]); the wallet binds its answer to it */
  origin: string;
  kinds: readonly CredentialKind[];
  claims: readonly CredentialClaim[];
};

/** one entry of `navigator.credentials.get({ digital: { requests } })` */
export type DigitalCredentialRequest = { protocol: string; data: Record<string, unknown> };

export type PreparedCredentialRequest = {
  requests: DigitalCredentialRequest[];
  /** private half of the ephemeral key the wallet encrypts its answer to: kept (sealed) until the answer is checked */
  responsePrivateJwk: JsonWebKey;
};

export type VerifyPresentationInput = {
  /** the `data` of the DigitalCredential the browser returned (for an encrypted answer: `{ response: "<JWE>" }`) */
  response: unknown;
  nonce: string;
  origin: string;
  kinds: readonly CredentialKind[];
  claims: readonly CredentialClaim[];
  responsePrivateJwk: JsonWebKey;
  /** PEM certificates the operator trusts: IACA roots for mdocs, issuer CAs for SD-JWT VCs */
  trustAnchors: readonly string[];
  now: Date;
  /** the caller's SSRF-safe fetch of a status list named by a credential (JWT or CWT bytes) */
  fetchStatusList(uri: string): Promise<Uint8Array>;
};

/** each way a presentation can fail has its own check, so a reviewer and a test can tell them apart */
export type PresentationCheckName =
  | "RESPONSE_FORMAT" // the answer decrypts (with this verification's key) and parses
  | "ISSUER_TRUSTED" // the issuer's certificate chains to a configured trust anchor
  | "ISSUER_SIGNATURE" // the MSO / issuer-signed JWT signature holds
  | "ELEMENTS_INTACT" // every returned element / disclosure matches its signed digest
  | "VALIDITY" // within the credential's validity window (and the certificates')
  | "NONCE" // the presentation carries this verification's nonce
  | "AUDIENCE" // the presentation is bound to our origin
  | "DEVICE_BINDING" // device signature / key-binding JWT by the credential's holder key
  | "STATUS" // not revoked or suspended per its status list (SKIPPED when it names none)
  | "CLAIMS_DISCLOSED"; // every claim the workflow asked for is present

export type PresentationCheck = {
  name: PresentationCheckName;
  result: "PASSED" | "FAILED" | "SKIPPED";
  detail: string;
};

/** claims normalised across mdoc and SD-JWT VC: ISO dates, alpha-2 countries */
export type CredentialClaims = {
  givenName?: string;
  familyName?: string;
  birthDate?: string;
  ageOver18?: boolean;
  documentNumber?: string;
  expiryDate?: string;
  nationality?: string;
  issuingCountry?: string;
  address?: { line?: string; city?: string; postalCode?: string; region?: string; country?: string };
};

export type VerifiedCredential = {
  kind: CredentialKind;
  format: CredentialFormat;
  issuer: { name: string; country: string | null };
  validFrom: string;
  validUntil: string;
  claims: CredentialClaims;
  /** the claims the holder disclosed, by the workflow's names */
  disclosed: CredentialClaim[];
  portrait: { bytes: Buffer; contentType: string } | null;
};

export type PresentationVerdict = {
  checks: PresentationCheck[];
  /** what the credential says, when it could be read (also when a check failed: the reviewer sees why) */
  credential: VerifiedCredential | null;
};
