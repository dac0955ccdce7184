// ONE error type for the API and ONE table from code to HTTP status (the contract's error table: docs/api.md, "Errors").
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
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // a shareable /verify link whose `sig` does not match its values (lib/hosted/shareable-link.ts)
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
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorDetail = { field?: string; message: string };

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** seconds, for 429 */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; retryAfter?: number } = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function validationError(details: ErrorDetail[], message = "The request is invalid."): ApiError {
  return new ApiError("VALIDATION_ERROR", message, { details });
}

/** zod issues → `details` entries with a dotted field path. */
export function detailsFromZod(issues: readonly { path: PropertyKey[]; message: string }[], prefix?: string): ErrorDetail[] {
  return issues.slice(0, 20).map((issue) => {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return field ? { field, message: issue.message } : { message: issue.message };
  });
}

export function errorBody(error: ApiError) {
  return {
    error: error.code,
    message: error.message,
    ...(error.details?.length ? { details: error.details } : {}),
  };
}
