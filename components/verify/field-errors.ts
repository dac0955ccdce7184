import type { Messages } from "@/components/verify/messages/en";

// What the end user reads when a value is refused: a message key of the page (never the validator's English),
// chosen by a stable code. Two sources:
//  - the page's own check with the server's zod rules (lib/domain/verifications/input-rules.ts): by the zod issue's code,
//    its limit, and the rule's `params.reason` (the refinements name their reason; their API message is unchanged);
//  - the server's VALIDATION_ERROR details, which carry a field and an English message for integrators: the page
//    has already checked the same rules, so a field refused there was refused for a reason of the server's own
//    (a wrong code, a type the country does not issue, an unreadable file), known by the field alone.
// Pure and free of zod, so the welcome screen's bundle does not grow.

export type FieldErrorKey = keyof Messages["fieldErrors"];
export type ApiErrorKey = keyof Messages["apiErrors"];
export type Explained<K> = { key: K; values?: Record<string, number> };

/** The parts of a zod 4 issue the choice depends on. */
export type RuleIssue = {
  code: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  params?: Record<string, unknown>;
  /** invalid_union: each branch's issues (an optional field is `"" | rule`) */
  errors?: RuleIssue[][];
};

const REASONS: Record<string, FieldErrorKey> = {
  characters: "characters",
  name: "name",
  realDate: "realDate",
  birthDate: "birthDate",
  postalCharacters: "postalCharacters",
  country: "country",
};

const FORMAT_BY_FIELD: Record<string, FieldErrorKey> = {
  EMAIL: "email",
  EMAIL_OTP: "otpFormat",
  DATE_OF_BIRTH: "dateFormat",
};

export function explainIssue(field: string, issue: RuleIssue): Explained<FieldErrorKey> {
  switch (issue.code) {
    case "invalid_type":
    case "too_small":
      return { key: "required" };
    case "invalid_union": {
      // explain the branch of the real rule, not the "or leave it empty" one
      const branch = issue.errors?.find((issues) => issues[0] && issues[0].code !== "invalid_value");
      return branch?.[0] ? explainIssue(field, branch[0]) : { key: "rejected" };
    }
    case "too_big":
      return issue.maximum === undefined
        ? { key: "rejected" }
        : { key: "tooLong", values: { max: Number(issue.maximum) } };
    case "invalid_format":
      return { key: FORMAT_BY_FIELD[field] ?? "rejected" };
    case "custom": {
      const reason = issue.params?.reason;
      return { key: (typeof reason === "string" && REASONS[reason]) || "rejected" };
    }
    default:
      return { key: "rejected" };
  }
}

const FILE_FIELDS = new Set(["DOCUMENT_FRONT", "DOCUMENT_BACK", "SELFIE_PHOTO", "SELFIE_VIDEO", "AGREEMENT_VIDEO"]);
const SERVER_REASON_BY_FIELD: Record<string, FieldErrorKey> = {
  EMAIL_OTP: "otpRejected",
  DOCUMENT_TYPE: "documentType",
  DOCUMENT_COUNTRY: "country",
  COUNTRY: "country",
};

/** A field the server refused (a VALIDATION_ERROR detail's `field`), in the page's words. */
export function explainServerField(field: string, fieldType?: string): Explained<FieldErrorKey> {
  if (SERVER_REASON_BY_FIELD[field]) return { key: SERVER_REASON_BY_FIELD[field] };
  if (FILE_FIELDS.has(field) || fieldType === "FILE") return { key: "file" };
  if (fieldType === "DROPDOWN") return { key: "option" };
  return { key: "rejected" };
}

/** A refusal that belongs to no field, by the API's error code; null when the page has nothing better to say. */
export function explainApiError(code: string, retryAfterSeconds: number | null): Explained<ApiErrorKey> | null {
  switch (code) {
    case "INVALID_STATE":
      return { key: "invalidState" };
    case "PAYLOAD_TOO_LARGE":
    case "IMAGE_TOO_LARGE":
    case "VIDEO_TOO_LARGE":
      return { key: "fileTooLarge" };
    case "UNSUPPORTED_MEDIA_TYPE":
      return { key: "fileType" };
    case "VIDEO_TOO_LONG":
      return { key: "videoTooLong" };
    case "VIDEO_UNREADABLE":
    case "VIDEO_STREAMS_UNSUPPORTED":
    case "VIDEO_CODEC_UNSUPPORTED":
    case "VIDEO_EXTERNAL_REFERENCE":
      return { key: "videoUnreadable" };
    case "OTP_RATE_LIMITED":
      return { key: "otpRateLimited", values: { minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)) } };
    default:
      return null;
  }
}
