import type { ErrorBody, ErrorCode } from "./types.js";

/**
 * An answer of the API that is not a success: `code` is the spec's `error` field (VALIDATION_ERROR,
 * VERIFICATION_NOT_FOUND, …), `status` the HTTP status. Subclasses let a caller catch a family by type.
 */
export class OpenKYCError extends Error {
  readonly status: number;
  readonly code: ErrorCode | (string & {});
  readonly details: ErrorBody["details"];
  /** X-Request-Id of the answer: quote it to the operator of the service */
  readonly requestId: string | null;
  /** seconds (429 answers) */
  readonly retryAfter: number | null;

  constructor(status: number, body: Partial<ErrorBody> | null, headers: Headers) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = new.target.name;
    this.status = status;
    this.code = body?.error ?? (status >= 500 ? "INTERNAL_ERROR" : "UNKNOWN_ERROR");
    this.details = body?.details;
    this.requestId = headers.get("x-request-id");
    const retryAfter = Number(headers.get("retry-after"));
    this.retryAfter = Number.isFinite(retryAfter) && headers.has("retry-after") ? retryAfter : null;
  }
}

/** 400, 413, 415, 422: the request itself is wrong (VALIDATION_ERROR, INVALID_WORKFLOW, VIDEO_TOO_LONG, …). */
export class InvalidRequestError extends OpenKYCError {}
/** 401 INVALID_API_KEY */
export class AuthenticationError extends OpenKYCError {}
/** 403 INSUFFICIENT_PERMISSIONS */
export class PermissionError extends OpenKYCError {}
/** 404 VERIFICATION_NOT_FOUND, WORKFLOW_NOT_FOUND (also another account's id) */
export class NotFoundError extends OpenKYCError {}
/** 409 INVALID_STATE, IDEMPOTENCY_KEY_REUSED */
export class ConflictError extends OpenKYCError {}
/** 429 RATE_LIMITED, OTP_RATE_LIMITED, after the client's own retries */
export class RateLimitError extends OpenKYCError {}
/** 5xx */
export class ServerError extends OpenKYCError {}

/** The service could not be reached (after the retries allowed for the call). */
export class ConnectionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConnectionError";
  }
}

export function errorFor(status: number, body: unknown, headers: Headers): OpenKYCError {
  const parsed = body && typeof body === "object" ? (body as Partial<ErrorBody>) : null;
  const Kind =
    status === 401
      ? AuthenticationError
      : status === 403
        ? PermissionError
        : status === 404
          ? NotFoundError
          : status === 409
            ? ConflictError
            : status === 429
              ? RateLimitError
              : status >= 500
                ? ServerError
                : InvalidRequestError;
  return new Kind(status, parsed, headers);
}
