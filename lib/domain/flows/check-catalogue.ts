import type { ProcessType } from "@/lib/shared/process-types";

// The checks each process emits (lib/processes/<type>/, docs/checks.md), as decision rules name them:
// `PROCESS_TYPE.CHECK_NAME`. Browser-safe: the rule editor lists them, the rules schema validates against them and
// the engine reads the scores of the scored ones. A check a process stops emitting stays here until no rule of a
// published version can name it (a rule that names a check that never appears simply never applies).

export type ScoreBounds = {
  /** what the score is, for people */
  unit: string;
  /** the shipped PASSED threshold (score ≥ it) and REVIEW threshold (≥ it, below pass: REVIEW; below it: FAILED) */
  defaults: { pass: number; review: number };
  /** the PASSED threshold a workflow may set: never below `minPass` (below it impostors measured would pass) */
  minPass: number;
  maxPass: number;
  /** the REVIEW threshold a workflow may set (at most its own pass threshold) */
  minReview: number;
  /** the lowest score a conditional approval may start at (the same safety line as minPass) */
  minApprove: number;
  /** where the engine finds the score in the step's data; null when the check ran without one */
  score: (data: Record<string, unknown>) => number | null;
};

export type CatalogueCheck = {
  label: string;
  /**
   * A FAILED result of this check is hard evidence (an expired document, a still photo, a wrong code, another face):
   * a rule may soften it to review or harden it, never ignore it. Only a REVIEW of it can be ignored.
   */
  failureIsEvidence?: true;
  score?: ScoreBounds;
};

/**
 * The face-match family (lib/checks/liveness/face-match.ts FACE_MATCH_THRESHOLDS; docs/accuracy.md "Face match"): shipped
 * PASSED ≥ 0.94, REVIEW 0.89–0.94, FAILED < 0.89. On the development sets the highest different-person pair scored
 * 0.924, so nothing may be made to pass (or be approved by a conditional rule) below 0.925.
 */
function faceMatchScore(field: "face_match" | "selfie_photo_match"): ScoreBounds {
  return {
    unit: "face similarity (0–1)",
    defaults: { pass: 0.94, review: 0.89 },
    minPass: 0.925,
    maxPass: 0.99,
    minReview: 0.5,
    minApprove: 0.925,
    score: (data) => {
      const match = data[field] as { similarity?: unknown; result?: unknown } | null | undefined;
      if (!match || typeof match.similarity !== "number") return null;
      // matchFaces answers similarity 0 with REVIEW when a face had no identity descriptor: no score at all
      if (match.similarity === 0 && match.result === "REVIEW") return null;
      return match.similarity;
    },
  };
}

export const CHECK_CATALOGUE: Record<ProcessType, Record<string, CatalogueCheck>> = {
  DOCUMENT_VERIFICATION: {
    DOCUMENT_IMAGES: { label: "Document images present" },
    MRZ_READ: { label: "MRZ read" },
    BARCODE_READ: { label: "PDF417 barcode read" },
    CHECK_DIGITS: { label: "MRZ check digits" },
    DOCUMENT_EXPIRY: { label: "Document not expired", failureIsEvidence: true },
    DATE_OF_BIRTH: { label: "Plausible date of birth", failureIsEvidence: true },
    TEMPLATE_MATCHING: { label: "Type and country accepted (template)", failureIsEvidence: true },
    FIELD_CONSISTENCY: { label: "Printed fields match the MRZ/barcode" },
    ALTERATION_DETECTION: { label: "No alteration signals" },
    DUPLICATE_DOCUMENT: { label: "Document not used by another identity" },
    IMAGE_QUALITY: { label: "Image quality" },
  },
  LIVENESS: {
    VIDEO_FRAMES: { label: "Readable selfie video", failureIsEvidence: true },
    FACE_PRESENT: { label: "A face throughout", failureIsEvidence: true },
    SINGLE_FACE: { label: "A single face", failureIsEvidence: true },
    NOT_STILL: { label: "Not a still picture", failureIsEvidence: true },
    HEAD_CHALLENGE: { label: "Head movement done", failureIsEvidence: true },
    SAME_FACE: { label: "Same face across frames", failureIsEvidence: true },
    DOCUMENT_MATCH: {
      label: "Face matches the document",
      failureIsEvidence: true,
      score: faceMatchScore("face_match"),
    },
    SELFIE_PHOTO_MATCH: {
      label: "Face matches the selfie photo",
      failureIsEvidence: true,
      score: faceMatchScore("selfie_photo_match"),
    },
    // FAILED only when the score is very low on every frame AND another check of the capture failed too
    PRESENTATION_ATTACK: { label: "Not a printed photo or a screen (passive PAD)", failureIsEvidence: true },
  },
  LOCATION_INTELLIGENCE: {
    LOCATION_SIGNAL: { label: "A location signal (device or IP)" },
    GPS_LOCATION: { label: "Usable device location" },
    ALLOWED_COUNTRY: { label: "In an allowed country" },
    HOSTING_NETWORK: { label: "Not a hosting-provider IP (VPN/proxy)" },
    GPS_IP_DISTANCE: { label: "Device and IP locations agree" },
  },
  EMAIL_CHECK: {
    EMAIL_PRESENT: { label: "E-mail address submitted", failureIsEvidence: true },
    OTP_MATCHED: { label: "E-mail code confirmed", failureIsEvidence: true },
  },
  WATCHLIST_CHECK: {
    NAME_PRESENT: { label: "A name to screen" },
    DATE_OF_BIRTH: { label: "Date of birth for screening" },
    WATCHLIST_SCREENING: { label: "No watchlist match" },
  },
  VIDEO_AGREEMENT: {
    VIDEO_FRAMES: { label: "Readable agreement video", failureIsEvidence: true },
    FACE_PRESENT: { label: "A face throughout", failureIsEvidence: true },
    SINGLE_FACE: { label: "A single face", failureIsEvidence: true },
    NOT_STILL: { label: "Not a still picture", failureIsEvidence: true },
    SAME_FACE: { label: "Same face across frames", failureIsEvidence: true },
    IDENTITY_MATCH: {
      label: "Face matches the identity's reference face",
      failureIsEvidence: true,
      score: faceMatchScore("face_match"),
    },
    PRESENTATION_ATTACK: { label: "Not a printed photo or a screen (passive PAD)", failureIsEvidence: true },
    AUDIO_PRESENT: { label: "Voice audio present" },
    // decided for English statements only (lib/checks/video-agreement/statement-check.ts); other languages: REVIEW
    STATEMENT_TRANSCRIPT: {
      label: "Statement read aloud (English checked automatically; other languages by a person)",
    },
  },
  ADDRESS_VERIFICATION: {
    ADDRESS_COMPLETENESS: { label: "Complete address" },
    ALLOWED_COUNTRIES: { label: "Address in an allowed country" },
    POSTAL_VALIDATION: { label: "Valid postal code" },
    DOCUMENT_CROSS_REFERENCE: { label: "Address matches the document" },
    GEOLOCATION_CONFIRMATION: { label: "Address confirmed by location" },
    ADDRESS_DUPLICATE_DETECTION: { label: "Address not used by another identity" },
  },
  // one check per way a wallet presentation can fail (lib/engines/credentials/types.ts PresentationCheckName)
  DIGITAL_CREDENTIAL: {
    CREDENTIAL_PRESENTED: { label: "A wallet answer to this verification's request", failureIsEvidence: true },
    RESPONSE_FORMAT: { label: "The wallet's answer decrypts and parses", failureIsEvidence: true },
    ISSUER_TRUSTED: { label: "Issuer chains to a trusted anchor", failureIsEvidence: true },
    ISSUER_SIGNATURE: { label: "Issuer signature holds", failureIsEvidence: true },
    ELEMENTS_INTACT: { label: "No element changed after signing", failureIsEvidence: true },
    VALIDITY: { label: "Credential within its validity", failureIsEvidence: true },
    NONCE: { label: "Bound to this verification (nonce)", failureIsEvidence: true },
    AUDIENCE: { label: "Bound to our origin (audience)", failureIsEvidence: true },
    DEVICE_BINDING: { label: "Presented by the holder's device", failureIsEvidence: true },
    STATUS: { label: "Not revoked or suspended", failureIsEvidence: true },
    CLAIMS_DISCLOSED: { label: "Every claim asked for disclosed" },
    PORTRAIT_STORED: { label: "Portrait stored for the face match" },
  },
};

export type CheckKey = `${ProcessType}.${string}`;

/** Every check as a rule names it, in catalogue order. */
export const CHECK_KEYS: readonly CheckKey[] = Object.entries(CHECK_CATALOGUE).flatMap(([process, checks]) =>
  Object.keys(checks).map((name) => `${process}.${name}` as CheckKey),
);

export function splitCheckKey(key: string): { process: ProcessType; name: string } {
  const dot = key.indexOf(".");
  return { process: key.slice(0, dot) as ProcessType, name: key.slice(dot + 1) };
}

/** The catalogue entry of a check key; undefined for a key the catalogue does not have. */
export function catalogueEntry(key: string): CatalogueCheck | undefined {
  const { process, name } = splitCheckKey(key);
  return CHECK_CATALOGUE[process]?.[name];
}
