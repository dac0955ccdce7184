// The API's side of lib/core/errors.ts: the JSON body of an error, and zod issues as its `details`.
import { DomainError, type ErrorDetail } from "@/lib/core/errors";

export function validationError(details: ErrorDetail[], message = "The request is invalid."): DomainError {
  return new DomainError("VALIDATION_ERROR", message, { details });
}

/** zod issues → `details` entries with a dotted field path. */
export function detailsFromZod(
  issues: readonly { path: PropertyKey[]; message: string }[],
  prefix?: string,
): ErrorDetail[] {
  return issues.slice(0, 20).map((issue) => {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return field ? { field, message: issue.message } : { message: issue.message };
  });
}

export function errorBody(error: DomainError) {
  return {
    error: error.code,
    message: error.message,
    ...(error.details?.length ? { details: error.details } : {}),
  };
}
