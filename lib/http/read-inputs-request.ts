import { createHash, type Hash } from "node:crypto";
import { Readable } from "node:stream";
import { Busboy } from "@fastify/busboy";
import { z } from "zod";
import { detailsFromZod } from "@/lib/http/errors";
import { DomainError } from "@/lib/core/errors";
import { mediaType, parseJsonText, parseWith } from "@/lib/http/body";
import { InputItemSchema, SendInputsBodySchema } from "@/lib/http/schemas";
import type { RawInput } from "@/lib/domain/verifications/raw-input";
import type { UploadPlan } from "@/lib/domain/verifications/plan-inputs-upload";
import type { UploadSlot } from "@/lib/http/upload-slots";
import { MAX_VIDEO_BYTES } from "@/lib/domain/flows/inputs";
import { formatBytes } from "@/lib/shared/format-bytes";

export type { RawInput };
export type InputsRequest = { items: RawInput[]; complete: boolean; requestHash: string };

// base64 makes a 50 MiB video 67 MiB; leave room for the JSON around it
export const MAX_SEND_INPUTS_BYTES = Math.ceil((MAX_VIDEO_BYTES * 4) / 3) + 4 * 1024 * 1024;
// room for the `inputs` JSON part, the text values and the multipart framing beside the files
const ENVELOPE_BYTES = 1024 * 1024;
const MAX_FIELD_BYTES = 256 * 1024;

/**
 * The body limit for this verification: its workflow's FILE fields at their per-file maximum (base64 in JSON), plus
 * the envelope — a body that cannot hold an acceptable request is refused by its Content-Length before it is read.
 */
export function bodyLimit(plan: UploadPlan, type: string): number {
  const files = [...plan.files.values()].reduce((sum, max) => sum + max, 0);
  const limit = type === "application/json" ? Math.ceil((files * 4) / 3) + ENVELOPE_BYTES : files + ENVELOPE_BYTES;
  return Math.min(limit, MAX_SEND_INPUTS_BYTES);
}

/**
 * send-inputs accepts JSON (files as data URLs) or multipart/form-data (a JSON part `inputs` + one file part per
 * field). The body is read once, as a stream: a multipart file part that the workflow does not ask for, one sent
 * twice, or one over its own limit stops the reading at once; the idempotency hash is computed as the bytes pass.
 */
export async function readInputsRequest(
  request: Request,
  plan: UploadPlan,
  slot: UploadSlot | null = null,
): Promise<InputsRequest> {
  const type = mediaType(request);
  if (type !== "application/json" && type !== "multipart/form-data")
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send inputs as application/json or multipart/form-data.");
  const maxBytes = bodyLimit(plan, type);
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  // method and path, as the other writers' hashes (lib/http/idempotency.ts): a key reused elsewhere is a 409
  const hash = createHash("sha256").update(`${request.method} ${new URL(request.url).pathname}\n`);
  const chunks = () => limitedChunks(request, maxBytes, slot);
  if (type === "application/json") return readJson(chunks(), hash);
  return readMultipart(request, chunks(), plan, hash);
}

async function readJson(stream: AsyncGenerator<Buffer>, hash: Hash): Promise<InputsRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    hash.update(chunk);
    chunks.push(chunk);
  }
  const body = parseWith(SendInputsBodySchema, parseJsonText(Buffer.concat(chunks).toString("utf8")));
  chunks.length = 0;
  return {
    items: body.inputs.map(fromJsonItem),
    complete: body.complete ?? true,
    requestHash: hash.digest("hex"),
  };
}

/** The body's chunks; past `maxBytes` (413) or when it turns large with no slot free (503) the stream is cancelled. */
async function* limitedChunks(request: Request, maxBytes: number, slot: UploadSlot | null): AsyncGenerator<Buffer> {
  if (!request.body) return;
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      slot?.observe(total);
      yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  } finally {
    // refused, or the consumer stopped early: stop pulling the client's bytes
    await reader.cancel().catch(() => undefined);
  }
}

function fromJsonItem(item: z.output<typeof InputItemSchema>, index: number): RawInput {
  if (item.type !== "FILE") return item;
  if (typeof item.value !== "string") throw fileError(index, "A FILE value must be a data: URL with base64 content");
  return { fieldName: item.fieldName, type: "FILE", file: decodeDataUrl(item.value, index) };
}

function decodeDataUrl(value: string, index: number): Buffer {
  const match = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.+-]+)*;base64,/i.exec(value.slice(0, 256));
  if (!match) throw fileError(index, "Expected data:<mime>;base64,<content>");
  const payload = value.slice(match[0].length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1)
    throw fileError(index, "The base64 content is malformed");
  return Buffer.from(payload, "base64");
}

function fileError(index: number, message: string) {
  return new DomainError("VALIDATION_ERROR", "The request is invalid.", {
    details: [{ field: `inputs.${index}.value`, message }],
  });
}

function invalid(field: string, message: string) {
  return new DomainError("VALIDATION_ERROR", "The request is invalid.", { details: [{ field, message }] });
}

function tooLarge(maxBytes: number) {
  return new DomainError("PAYLOAD_TOO_LARGE", `The request body exceeds ${formatBytes(maxBytes)}.`);
}

function fileTooLarge(fieldName: string, max: number) {
  return new DomainError("PAYLOAD_TOO_LARGE", `${fieldName} is over ${formatBytes(max)}, the most allowed.`, {
    details: [{ field: fieldName, message: `At most ${formatBytes(max)}` }],
  });
}

type Parts = { files: Map<string, Buffer>; fields: Map<string, string> };

/** Streams the parts through busboy: each file part into its own buffer, within its own limit. */
async function readMultipart(
  request: Request,
  chunks: AsyncGenerator<Buffer>,
  plan: UploadPlan,
  hash: Hash,
): Promise<InputsRequest> {
  const parts = await streamParts(request, chunks, plan, hash);
  const inputsPart = parts.fields.get("inputs");
  const listed = inputsPart !== undefined ? parseJsonText(inputsPart) : [];
  const parsed = z.array(InputItemSchema).max(30).safeParse(listed);
  if (!parsed.success)
    throw new DomainError("VALIDATION_ERROR", "The `inputs` part is invalid.", {
      details: detailsFromZod(parsed.error.issues, "inputs"),
    });

  const items: RawInput[] = [];
  const named = new Set<string>();
  for (const item of parsed.data) {
    named.add(item.fieldName);
    if (item.type !== "FILE") {
      items.push(item);
      continue;
    }
    const file = parts.files.get(item.fieldName);
    if (!file) throw invalid(item.fieldName, "No file part with this name");
    items.push({ fieldName: item.fieldName, type: "FILE", file });
  }
  // file parts not listed in `inputs` are FILE inputs named by their part
  for (const [name, file] of parts.files) {
    if (named.has(name)) continue;
    items.push({ fieldName: name, type: "FILE", file });
  }
  const complete = parts.fields.get("complete");
  return { items, complete: complete === undefined ? true : complete !== "false", requestHash: hash.digest("hex") };
}

function streamParts(request: Request, chunks: AsyncGenerator<Buffer>, plan: UploadPlan, hash: Hash): Promise<Parts> {
  const parts: Parts = { files: new Map(), fields: new Map() };
  return new Promise<Parts>((resolve, reject) => {
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        limits: { fieldSize: MAX_FIELD_BYTES, fields: 40, files: Math.max(1, plan.files.size), parts: 60 },
      });
    } catch {
      reject(new DomainError("VALIDATION_ERROR", "The multipart body is malformed."));
      return;
    }
    const body = Readable.from(chunks);
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      body.destroy();
      reject(
        error instanceof DomainError ? error : new DomainError("VALIDATION_ERROR", "The multipart body is malformed."),
      );
    };
    busboy.on("file", (name, stream, filename, _encoding, mime) => {
      // first: a part cut short after the body was abandoned emits "error" on its own stream, which would otherwise
      // be an uncaught exception that takes the process down (a refused or broken upload must never do that)
      stream.on("error", fail);
      const max = plan.files.get(name);
      // refused at the part's header: the bytes of a file nobody asked for are never kept
      if (max === undefined) return fail(invalid(name, "This workflow does not ask for this file"));
      if (parts.files.has(name)) return fail(invalid(name, "Sent more than once"));
      hash.update(`\nF ${JSON.stringify([name, filename, mime])}\n`);
      // ONE buffer per file, as large as the part may be (its limit, or the declared body when smaller): the chunks
      // are copied in as they pass and dropped, so a file is never held twice (chunks + their concatenation). Its
      // pages become resident only as they are written.
      const declared = Number(request.headers.get("content-length") ?? NaN);
      const capacity = Number.isFinite(declared) ? Math.min(max, declared) : max;
      let file: Buffer | null = null;
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        if (failed) return;
        if (size + chunk.length > max) return fail(fileTooLarge(name, max));
        // more bytes than the Content-Length declared (the HTTP server enforces it; an in-process caller may not)
        if (size + chunk.length > capacity) return fail(tooLarge(capacity));
        hash.update(chunk);
        file ??= Buffer.allocUnsafeSlow(capacity);
        chunk.copy(file, size);
        size += chunk.length;
      });
      stream.on("end", () => {
        if (failed) return;
        const bytes = file ? file.subarray(0, size) : Buffer.alloc(0);
        // a small file in a large reservation: keep an exact copy, let the reservation go
        parts.files.set(name, size < capacity / 2 ? Buffer.from(bytes) : bytes);
      });
    });
    busboy.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return fail(invalid(name, `At most ${formatBytes(MAX_FIELD_BYTES)}`));
      hash.update(`\nf ${JSON.stringify([name, value])}\n`);
      parts.fields.set(name, value);
    });
    for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const)
      busboy.on(limit, () => fail(new DomainError("VALIDATION_ERROR", "The multipart body has too many parts.")));
    busboy.on("error", fail);
    busboy.on("finish", () => {
      if (!failed) resolve(parts);
    });
    body.on("error", fail);
    body.pipe(busboy);
  });
}
