import type { InputField } from "@/lib/domain/flows/inputs";

// What the hosted page knows about its verification. Shared by the server (which builds it) and the browser.

export type VerificationStatus =
  "PENDING" | "INITIATED" | "PROCESSING" | "COMPLETED" | "FAILED" | "ABANDONED" | "EXPIRED";
export type VerificationResult = "APPROVED" | "DECLINED" | "MANUAL_REVIEW";

export type HostedState = {
  verificationId: string;
  flowId: string;
  /** the customer's name, shown as "… asks you to verify your identity" */
  accountName: string;
  status: VerificationStatus;
  result: VerificationResult | null;
  /** the workflow version's processes, in order (what the welcome screen lists) */
  processes: string[];
  inputs: InputField[];
  /** field names already stored (values are never sent back to the page) */
  supplied: string[];
  /** required field names still missing */
  missing: string[];
  /** the chosen DOCUMENT_COUNTRY (the address step starts with it), once one is chosen */
  documentCountry: string | null;
  /** sides of the chosen DOCUMENT_TYPE, once one is chosen */
  documentSides: ("FRONT" | "BACK")[] | null;
  /** GALLERY_RESTRICTION off: files may be uploaded instead of captured */
  galleryAllowed: boolean;
  /** ALLOWED_COUNTRIES of the address step, null = any */
  addressCountries: string[] | null;
  /** metadata.redirectUrl (http/https only) */
  redirectUrl: string | null;
  expiresAt: string | null;
  /** the account's uploaded logo, served from this origin (null: none) */
  logoUrl: string | null;
  /** the consent screen: the account's privacy notice and retention setting, and the end user's answer so far */
  privacyNoticeUrl: string | null;
  retentionDays: number | null;
  /** the workflow takes biometric data: consent needs the explicit tick */
  biometricConsent: boolean;
  consent: { decision: "GIVEN" | "DECLINED"; decidedAt: string } | null;
  /** the finish screen's "what happens next", in the account's words (null: the page's own) */
  finishMessage: string | null;
  /** the account tells the end user the result (when false, `result` is always null here) */
  showResult: boolean;
  /** "Continue on your phone": the latest one-time code's state */
  handoff: { state: "WAITING" | "OPENED" | "EXPIRED"; expiresAt: string } | null;
  /** started with a test-mode key (docs/sandbox.md): the page says so, since no real check will run */
  mode: "live" | "test";
};

/** Per-country address form hints (lib/domain/hosted/address-format.ts). */
export type AddressFormat = {
  country: string;
  /** "zip" | "postal" | "pin" | "eircode" | … — a message key of the page */
  postalLabel: string;
  postalExample: string | null;
  /** anchored source of a RegExp over the upper-cased code, null when the country has no known format */
  postalPattern: string | null;
  usesPostalCode: boolean;
  /** "state" | "province" | "county" | "region" | … */
  regionLabel: string;
  usesRegion: boolean;
  /** the country's regions (names), when its data lists them */
  regions: string[];
  /** "city" | "district" | "suburb" | "post_town" */
  cityLabel: string;
};

export type HostedSession = { sessionToken: string; expiresAt: string };

/** The page's opening: a verification to continue, or a shareable link that starts one on request. */
export type HostedEntry =
  | { kind: "resume"; session: HostedSession; state: HostedState; verifyUrl: string }
  | {
      kind: "start";
      flowId: string;
      clientId: string;
      metadata: string | null;
      sig: string | null;
      /** a signed link's mode and expiry as written in it (sent back with "Start") */
      mode: string | null;
      exp: string | null;
      /** the mode of the verification "Start" creates */
      dataMode: "live" | "test";
      accountName: string;
      logoUrl: string | null;
      retentionDays: number | null;
      privacyNoticeUrl: string | null;
      processes: string[];
    };

export const FINAL_STATUSES: readonly VerificationStatus[] = ["COMPLETED", "FAILED", "ABANDONED", "EXPIRED"];
