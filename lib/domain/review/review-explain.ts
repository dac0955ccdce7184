// Pure helpers of the review queue (no I/O, unit-tested): why a case asks for review, in plain words, and its SLA
// colour. The checks come from the verification's steps ([{ name, result, detail }], opened by the caller).

export type StepChecks = {
  processType: string;
  result: string | null;
  checks: unknown;
};

/** Short sentences for the checks engines emit; an unknown check falls back to its own detail. */
const PLAIN: Record<string, string> = {
  DOCUMENT_EXPIRY: "Document expiry unclear or expired",
  DATE_OF_BIRTH: "Date of birth unreadable, printed as partly unknown, or implausible",
  MRZ_READ: "Machine-readable zone could not be read",
  MRZ_CHECKSUM: "Machine-readable zone does not match the printed fields",
  CHECK_DIGITS: "MRZ check digits do not add up",
  TEMPLATE_MATCHING: "Layout differs from the declared document",
  ALTERATION_DETECTION: "Possible tampering with the document image",
  DUPLICATE_DOCUMENT: "Document already used by another identity",
  IMAGE_QUALITY: "Document photo blurred, dark or glared",
  BARCODE_READ: "Licence barcode could not be read",
  DOCUMENT_CROSS_REFERENCE: "Documents disagree with each other",
  DOCUMENT_IMAGES: "Document images missing or unusable",
  DOCUMENT_MATCH: "Document does not match the entered data",
  IDENTITY_MATCH: "Identity does not match the entered data",
  SELFIE_PHOTO_MATCH: "Selfie and document photo may not match",
  SAME_FACE: "Faces across the video may not be the same person",
  FACE_PRESENT: "No face found",
  SINGLE_FACE: "More than one face found",
  HEAD_CHALLENGE: "Liveness head-turn challenge not passed",
  NOT_STILL: "Video looks like a still image",
  PRESENTATION_ATTACK: "Face may be a printed photo or a screen",
  VIDEO_FRAMES: "Video frames missing or unusable",
  AUDIO_PRESENT: "No audio in the video",
  STATEMENT_TRANSCRIPT: "Spoken statement not recognised",
  WATCHLIST_SCREENING: "Possible watchlist match",
  ADDRESS_COMPLETENESS: "Address incomplete",
  ADDRESS_DUPLICATE_DETECTION: "Address already used by another identity",
  ADDRESS_VERIFICATION: "Address could not be verified",
  POSTAL_VALIDATION: "Postal code not valid for the country",
  ALLOWED_COUNTRIES: "Country not among those accepted",
  GEOLOCATION_CONFIRMATION: "Location could not be confirmed",
  GPS_LOCATION: "GPS location far from the expected place",
  LOCATION_SIGNAL: "IP address from a hosting provider or far away",
  NAME_PRESENT: "Name missing",
  EMAIL_PRESENT: "E-mail missing",
  OTP_MATCHED: "One-time code not confirmed",
  CLAIMS_DISCLOSED: "Wallet credential without every claim asked for",
  PORTRAIT_STORED: "Wallet credential's portrait unusable",
  STATUS: "Wallet credential's status list could not be checked",
};

const STEP_PLAIN: Record<string, string> = {
  DOCUMENT_VERIFICATION: "Document needs a person's look",
  LIVENESS: "Liveness needs a person's look",
  VIDEO_AGREEMENT: "Video agreement needs a person's look",
  EMAIL_CHECK: "E-mail check needs a person's look",
  LOCATION_INTELLIGENCE: "Location needs a person's look",
  ADDRESS_VERIFICATION: "Address needs a person's look",
  WATCHLIST_CHECK: "Watchlist check needs a person's look",
  DIGITAL_CREDENTIAL: "Wallet credential needs a person's look",
};

/** The queue's "reason" filter: the process of a step that asked for review (or failed processing). */
export const REVIEW_REASON_FILTERS = [
  "DOCUMENT_VERIFICATION",
  "LIVENESS",
  "VIDEO_AGREEMENT",
  "EMAIL_CHECK",
  "LOCATION_INTELLIGENCE",
  "ADDRESS_VERIFICATION",
  "WATCHLIST_CHECK",
  "DIGITAL_CREDENTIAL",
  "PROCESSING_FAILED",
] as const;

export const REASON_FILTER_LABELS: Record<(typeof REVIEW_REASON_FILTERS)[number], string> = {
  DOCUMENT_VERIFICATION: "Document",
  LIVENESS: "Liveness",
  VIDEO_AGREEMENT: "Video agreement",
  EMAIL_CHECK: "E-mail",
  LOCATION_INTELLIGENCE: "Location",
  ADDRESS_VERIFICATION: "Address",
  WATCHLIST_CHECK: "Watchlist",
  DIGITAL_CREDENTIAL: "Wallet credential",
  PROCESSING_FAILED: "Processing failed",
};

type Check = { name: string; result: string; detail: string };

function asChecks(value: unknown): Check[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c) => {
    if (!c || typeof c !== "object") return [];
    const { name, result, detail } = c as Record<string, unknown>;
    return typeof name === "string" && typeof result === "string"
      ? [{ name, result, detail: typeof detail === "string" ? detail : "" }]
      : [];
  });
}

function sentence(check: Check): string {
  const known = PLAIN[check.name];
  if (known) return known;
  const detail = check.detail.trim().replace(/\.$/, "");
  const name = check.name.toLowerCase().replaceAll("_", " ");
  const short = detail.length > 80 ? `${detail.slice(0, 77)}…` : detail;
  return short ? `${name[0]!.toUpperCase()}${name.slice(1)}: ${short}` : `${name[0]!.toUpperCase()}${name.slice(1)}`;
}

/**
 * Why a case waits for a person, as short sentences (deduplicated, in step order): the checks whose result is
 * REVIEW; for a step that asked for review without such a check, its process; a FAILED verification says so.
 */
export function explainReview(verificationStatus: string, steps: StepChecks[]): string[] {
  const out: string[] = [];
  if (verificationStatus === "FAILED") out.push("Processing failed: decide from the inputs");
  for (const step of steps) {
    const asking = asChecks(step.checks).filter((c) => c.result === "REVIEW");
    for (const check of asking) out.push(sentence(check));
    if (!asking.length && step.result === "MANUAL_REVIEW")
      out.push(STEP_PLAIN[step.processType] ?? `${step.processType.toLowerCase().replaceAll("_", " ")} needs a look`);
  }
  return [...new Set(out)];
}

export type SlaColour = "green" | "amber" | "red";

/** The SLA colour of a case waiting since `since`: amber from `amberHours`, red from `redHours`. */
export function slaColour(since: Date, now: Date, sla: { amberHours: number; redHours: number }): SlaColour {
  const hours = (now.getTime() - since.getTime()) / 3_600_000;
  if (hours >= sla.redHours) return "red";
  if (hours >= sla.amberHours) return "amber";
  return "green";
}

/** "3 h", "2 d 4 h", "12 min": how long a case has waited. */
export function formatAge(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
