import { detailsFromZod } from "@/lib/http/errors";
import { DomainError } from "@/lib/core/errors";
import type { z } from "zod";
import { formatBytes } from "@/lib/shared/format-bytes";

/** Reads the body as bytes, refusing more than `maxBytes` without buffering the excess. */
export async function readBodyLimited(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number) {
  return new DomainError("PAYLOAD_TOO_LARGE", `The request body exceeds ${formatBytes(maxBytes)}.`);
}

export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Parses JSON text; deep or malformed documents are a VALIDATION_ERROR, never a 500. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("VALIDATION_ERROR", "The body is not valid JSON.");
  }
}

/** A JSON body (Content-Type application/json), size-limited, validated by `schema`. */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  maxBytes: number,
): Promise<z.output<T>> {
  const type = mediaType(request);
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  const raw = await readBodyLimited(request, maxBytes);
  return parseWith(schema, parseJsonText(raw.toString("utf8")));
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, prefix?: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new DomainError("VALIDATION_ERROR", "The request is invalid.", {
      details: detailsFromZod(result.error.issues, prefix),
    });
  }
  return result.data;
}
