import { z } from "zod";
import { detailsFromZod } from "@/lib/http/errors";
import { DomainError } from "@/lib/core/errors";
import { mediaType, parseJsonText, parseWith, readBodyLimited } from "@/lib/http/body";
import { InputItemSchema, SendInputsBodySchema } from "@/lib/http/schemas";
import type { RawInput } from "@/lib/domain/verifications/raw-input";
import { MAX_VIDEO_BYTES } from "@/lib/domain/flows/inputs";

export type { RawInput };

// base64 makes a 50 MiB video 67 MiB; leave room for the JSON around it
export const MAX_SEND_INPUTS_BYTES = Math.ceil((MAX_VIDEO_BYTES * 4) / 3) + 4 * 1024 * 1024;

/** send-inputs accepts JSON (files as data URLs) or multipart/form-data (a JSON part `inputs` + one file part per field). */
export async function readInputsRequest(request: Request): Promise<{ items: RawInput[]; complete: boolean }> {
  const type = mediaType(request);
  if (type === "application/json") {
    const raw = await readBodyLimited(request, MAX_SEND_INPUTS_BYTES);
    const body = parseWith(SendInputsBodySchema, parseJsonText(raw.toString("utf8")));
    return { items: body.inputs.map(fromJsonItem), complete: body.complete ?? true };
  }
  if (type === "multipart/form-data") return readMultipart(request);
  throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send inputs as application/json or multipart/form-data.");
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

async function readMultipart(request: Request): Promise<{ items: RawInput[]; complete: boolean }> {
  const raw = await readBodyLimited(request, MAX_SEND_INPUTS_BYTES);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new DomainError("VALIDATION_ERROR", "The multipart body is malformed.");
  }
  const inputsPart = form.get("inputs");
  const listed = typeof inputsPart === "string" ? parseJsonText(inputsPart) : [];
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
    const part = form.get(item.fieldName);
    if (typeof part === "string" || !part) {
      throw new DomainError("VALIDATION_ERROR", "The request is invalid.", {
        details: [{ field: item.fieldName, message: "No file part with this name" }],
      });
    }
    items.push({ fieldName: item.fieldName, type: "FILE", file: Buffer.from(await part.arrayBuffer()) });
  }
  // file parts not listed in `inputs` are FILE inputs named by their part
  for (const [name, part] of form.entries()) {
    if (name === "inputs" || name === "complete" || named.has(name) || typeof part === "string") continue;
    named.add(name);
    items.push({ fieldName: name, type: "FILE", file: Buffer.from(await part.arrayBuffer()) });
  }
  const complete = form.get("complete");
  return { items, complete: complete === null ? true : complete !== "false" };
}
