import type { InputField } from "@/lib/workflows/inputs";

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
};

/** Per-country address form hints (lib/hosted/address-format.ts). */
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
      accountName: string;
      processes: string[];
    };

export const FINAL_STATUSES: readonly VerificationStatus[] = ["COMPLETED", "FAILED", "ABANDONED", "EXPIRED"];
