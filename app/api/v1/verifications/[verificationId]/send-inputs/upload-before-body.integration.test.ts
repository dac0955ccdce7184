import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { stampHeaders } from "@/lib/http/client-ip";
import { uploadSlot } from "@/lib/http/upload-slots";
import { resetEnvCache } from "@/lib/core/env";
import { POST } from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import { countRows, createTestAccount, sessionTokenFor, startVerification, type TestAccount } from "@/test/fixtures";

// Issue 33, item 4: what send-inputs can decide without the body (consent, the file fields the workflow asks for,
// their limits, a free upload slot) is decided before the body is read. Each body here is a stream that counts the
// bytes the service pulled from it: a refusal "before the body is read" pulls at most the stream's first chunks.

const MiB = 1024 * 1024;
const CHUNK = 256 * 1024;
const BOUNDARY = "----upload-test-boundary";

type Counted = { stream: ReadableStream<Uint8Array>; pulled: () => number; total: number };

/** A multipart body with one file part `fieldName` of `fileBytes` bytes, made chunk by chunk as it is pulled. */
function multipartStream(fieldName: string, fileBytes: number, inputs: unknown[] = []): Counted {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="inputs"\r\n\r\n${JSON.stringify(inputs)}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="f.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + fileBytes + tail.length;
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(CHUNK, total - sent);
      const chunk = Buffer.alloc(size, 0x41);
      // the head and tail land where they belong; the rest is file content
      for (let i = 0; i < size; i++) {
        const at = sent + i;
        if (at < head.length) chunk[i] = head[at]!;
        else if (at >= total - tail.length) chunk[i] = tail[at - (total - tail.length)]!;
      }
      sent += size;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent, total };
}

function post(verificationId: string, body: Counted, auth: { token: string; clientId?: string }, declareLength = true) {
  const headers = new Headers(stampHeaders("203.0.113.70"));
  headers.set("authorization", `Bearer ${auth.token}`);
  if (auth.clientId) headers.set("x-client-id", auth.clientId);
  headers.set("content-type", `multipart/form-data; boundary=${BOUNDARY}`);
  if (declareLength) headers.set("content-length", String(body.total));
  const request = new Request(`http://localhost:3000/api/v1/verifications/${verificationId}/send-inputs`, {
    method: "POST",
    headers,
    body: body.stream,
    duplex: "half",
  } as RequestInit);
  return POST(request, { params: Promise.resolve({ verificationId }) });
}

let account: TestAccount;
beforeAll(async () => {
  account = await createTestAccount();
});
afterEach(() => {
  delete process.env.MAX_CONCURRENT_UPLOADS;
  resetEnvCache();
});

describe("send-inputs settles what it can before reading the body", () => {
  it("refuses a session's upload without consent before reading its body", async () => {
    const { verificationId, verificationUrl } = await startVerification(account, "liveness");
    const token = await sessionTokenFor(verificationUrl, { consent: false });
    const body = multipartStream("SELFIE_VIDEO", 40 * MiB);
    const response = await post(verificationId, body, { token });
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe("CONSENT_REQUIRED");
    expect(body.pulled()).toBeLessThanOrEqual(2 * CHUNK);
    expect((await countRows(verificationId)).inputs).toBe(0);
  });

  it("refuses a body larger than the workflow's files can be by its Content-Length, unread", async () => {
    const { verificationId } = await startVerification(account, "address-only");
    const body = multipartStream("ADDRESS_LINE", 8 * MiB);
    const response = await post(verificationId, body, account.auth);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe("PAYLOAD_TOO_LARGE");
    expect(body.pulled()).toBeLessThanOrEqual(2 * CHUNK);
  });

  it("stops reading at a file part the workflow does not ask for", async () => {
    const { verificationId } = await startVerification(account, "liveness");
    const body = multipartStream("DOCUMENT_FRONT", 40 * MiB);
    const response = await post(verificationId, body, account.auth);
    expect(response.status).toBe(400);
    expect((await response.json()).details).toEqual([
      { field: "DOCUMENT_FRONT", message: "This workflow does not ask for this file" },
    ]);
    expect(body.pulled()).toBeLessThan(4 * CHUNK);
  });

  it("stops reading a file part at its own limit (an image over 15 MiB), naming the field", async () => {
    const { verificationId } = await startVerification(account, "document-verification");
    const body = multipartStream("DOCUMENT_FRONT", 30 * MiB);
    const response = await post(verificationId, body, account.auth);
    expect(response.status).toBe(413);
    const answer = await response.json();
    expect(answer.details).toEqual([{ field: "DOCUMENT_FRONT", message: "At most 15 MiB" }]);
    expect(body.pulled()).toBeLessThan(16 * MiB + 4 * CHUNK);
    expect((await countRows(verificationId)).files).toBe(0);
  });

  it("answers 503 with Retry-After, unread, when the instance already takes as many large uploads as allowed", async () => {
    process.env.MAX_CONCURRENT_UPLOADS = "1";
    const { verificationId } = await startVerification(account, "liveness");
    const held = uploadSlot(
      new Request("http://localhost/", { method: "POST", headers: { "content-length": String(2 * MiB) } }),
    );
    try {
      const body = multipartStream("SELFIE_VIDEO", 20 * MiB);
      const response = await post(verificationId, body, account.auth);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect((await response.json()).error).toBe("UPLOADS_BUSY");
      expect(body.pulled()).toBeLessThanOrEqual(2 * CHUNK);
      // no Content-Length (chunked): refused as soon as its bytes pass 1 MiB
      const chunked = multipartStream("SELFIE_VIDEO", 20 * MiB);
      const refused = await post(verificationId, chunked, account.auth, false);
      expect(refused.status).toBe(503);
      expect(chunked.pulled()).toBeLessThanOrEqual(MiB + 2 * CHUNK);
    } finally {
      held.release();
    }
    // the slot is free again: the same upload is read (and refused for its content, not for the load)
    const again = multipartStream("SELFIE_VIDEO", 2 * MiB);
    const response = await post(verificationId, again, account.auth);
    expect(response.status).toBe(415);
    expect(again.pulled()).toBe(again.total);
  });
});
