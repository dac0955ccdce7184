import { isIP } from "node:net";
import { DomainError, type ErrorDetail } from "@/lib/core/errors";
import { isStorableString } from "@/lib/domain/verifications/storable-string";

export { isStorableString };

export const MAX_METADATA_BYTES = 16 * 1024;
const MAX_DEPTH = 8;

/**
 * Free-form metadata, bounded: a JSON object of at most 16 KiB, 8 levels deep, whose strings PostgreSQL can
 * store (no NUL, no lone surrogates). The commonly used keys are checked when present.
 */
export function validateMetadata(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new DomainError("VALIDATION_ERROR", "metadata must be a JSON object.", {
      details: [{ field: "metadata", message: "Expected an object" }],
    });
  }
  const problem = findUnstorable(value, "metadata", 0);
  if (problem) throw new DomainError("VALIDATION_ERROR", "metadata is invalid.", { details: [problem] });
  const size = Buffer.byteLength(JSON.stringify(value));
  if (size > MAX_METADATA_BYTES)
    throw new DomainError(
      "PAYLOAD_TOO_LARGE",
      `metadata is ${size} bytes; at most ${MAX_METADATA_BYTES} bytes of JSON are allowed.`,
    );

  const metadata = value as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  const { userId, ipAddress, redirectUrl } = metadata;
  if (
    userId !== undefined &&
    !(typeof userId === "string" && userId.length >= 1 && userId.length <= 200) &&
    typeof userId !== "number"
  ) {
    details.push({ field: "metadata.userId", message: "Expected a string of 1–200 characters" });
  }
  if (ipAddress !== undefined && !(typeof ipAddress === "string" && isIP(ipAddress))) {
    details.push({ field: "metadata.ipAddress", message: "Expected an IPv4 or IPv6 address" });
  }
  if (redirectUrl !== undefined && !isHttpUrl(redirectUrl)) {
    details.push({ field: "metadata.redirectUrl", message: "Expected an http(s) URL" });
  }
  if (details.length) throw new DomainError("VALIDATION_ERROR", "metadata is invalid.", { details });
  return metadata;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function findUnstorable(value: unknown, path: string, depth: number): ErrorDetail | null {
  if (depth > MAX_DEPTH) return { field: path, message: `Nested deeper than ${MAX_DEPTH} levels` };
  if (typeof value === "string")
    return isStorableString(value) ? null : { field: path, message: "Contains a NUL character or invalid Unicode" };
  if (typeof value !== "object" || value === null) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    if (!isStorableString(key)) return { field: path, message: "A key contains a NUL character or invalid Unicode" };
    const problem = findUnstorable(child, `${path}.${key}`, depth + 1);
    if (problem) return problem;
  }
  return null;
}
