// ONE error type for every domain (API, dashboard, engine) and ONE table from its code to an HTTP status (the
// contract's error table: docs/api.md, "Errors"). Domain code throws DomainError with a code; the API answers it
// with that status, a dashboard action shows its message; anything else is a bug, logged once and answered
// generically by both.

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_WORKFLOW: 400,
  INVALID_COUNTRY_CODE: 400,
  INVALID_API_KEY: 401,
  INSUFFICIENT_PERMISSIONS: 403,
  WORKFLOW_NOT_FOUND: 404,
  VERIFICATION_NOT_FOUND: 404,
  NOT_FOUND: 404,
  INVALID_STATE: 409,
  // the hosted page's session sent inputs before the end user gave consent (lib/domain/hosted/record-consent.ts)
  CONSENT_REQUIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // a shareable /verify link whose `sig` does not match its values (lib/domain/hosted/shareable-link.ts)
  INVALID_LINK_SIGNATURE: 400,
  // an upload of an accepted type that is refused before it is decoded (docs/security.md)
  VIDEO_UNREADABLE: 422,
  VIDEO_TOO_LONG: 422,
  VIDEO_TOO_LARGE: 422,
  VIDEO_STREAMS_UNSUPPORTED: 422,
  VIDEO_CODEC_UNSUPPORTED: 422,
  VIDEO_EXTERNAL_REFERENCE: 422,
  IMAGE_TOO_LARGE: 422,
  RATE_LIMITED: 429,
  OTP_RATE_LIMITED: 429,
  // the dashboard's refusals: an action the state does not allow (a duplicate, a decided verification, …)
  CONFLICT: 409,
  // an Idempotency-Key sent again with another request, or while its first request still runs (lib/http/idempotency.ts)
  IDEMPOTENCY_KEY_REUSED: 409,
  INTERNAL_ERROR: 500,
  // more large uploads at once than this instance takes (MAX_CONCURRENT_UPLOADS, lib/http/upload-slots.ts): Retry-After
  UPLOADS_BUSY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorDetail = { field?: string; message: string };

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** seconds, for 429 and 503 */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; retryAfter?: number } = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Something of this account by that id does not exist: also what another account's id looks like (404). */
export class NotFoundError extends DomainError {
  constructor(message = "Not found") {
    super("NOT_FOUND", message);
    this.name = "NotFoundError";
  }
}

/** The member's role does not allow it (403; a dashboard shows it like a missing page). */
export class ForbiddenError extends DomainError {
  constructor(message = "Not allowed") {
    super("INSUFFICIENT_PERMISSIONS", message);
    this.name = "ForbiddenError";
  }
}

/** A refusal the user can act on (a duplicate name, a decided verification): its message is shown as is (409). */
export class DashboardError extends DomainError {
  constructor(message: string) {
    super("CONFLICT", message);
    this.name = "DashboardError";
  }
}
