import "server-only";
import { createHash } from "node:crypto";
import { readBodyLimited } from "@/lib/http/body";
import { DomainError } from "@/lib/core/errors";
import { clock } from "@/lib/core/clock";
import { openText, sealText } from "@/lib/core/crypto/field-crypto";
import { prisma } from "@/lib/core/db";
import { secrets } from "@/lib/core/secrets";
import type { Principal } from "@/lib/http/authenticate";

// Idempotency-Key for the writers (POST /verifications, send-inputs): the first successful answer for a key is
// kept 24 h in PostgreSQL, so every app instance replays the same answer to a retry. docs/api.md, "Idempotency",
// holds the decisions: what is stored (2xx only), how long a retry waits for a running twin, and why a multipart
// body is compared without its boundary.
// A key belongs to (account, mode, caller): the API key, or the one verification a hosted-page session is for. So a
// test key never replays a live answer (with its resume token), and an end user's session cannot claim a key the
// integrator uses later. The scope is written into the stored key (`live:api-key:<id>:<key>`) rather than into new
// primary-key columns, so the table's shape stays what the previous version reads during a rolling deploy.

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const MAX_KEY_LENGTH = 255;
// a retry that arrives while its twin still runs waits this long for the twin's answer before it is refused
const WAIT_FOR_TWIN_MS = 20_000;
const POLL_MS = 50;

type Claim = { accountId: string; key: string; requestHash: string };

/** The key as stored: the caller's Idempotency-Key inside its mode and caller (see above). */
export function scopedKey(principal: Principal, key: string): string {
  const caller =
    principal.kind === "apiKey" ? `api-key:${principal.keyId}` : `verification:${principal.verificationId}`;
  return `${principal.mode}:${caller}:${key}`;
}

/** The header's value, or null when the caller sent none; a malformed key is a VALIDATION_ERROR. */
export function idempotencyKey(request: Request): string | null {
  const value = request.headers.get("idempotency-key");
  if (value === null) return null;
  const key = value.trim();
  if (!key || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key))
    throw new DomainError("VALIDATION_ERROR", "The request is invalid.", {
      details: [
        { field: "Idempotency-Key", message: `1 to ${MAX_KEY_LENGTH} printable ASCII characters without spaces` },
      ],
    });
  return key;
}

/**
 * Runs `handle` once per (account, mode, caller, Idempotency-Key): a retry with the same body gets the first answer
 * replayed (header `Idempotent-Replayed: true`), the same key with another body or endpoint is a 409. Without the
 * header it simply runs `handle`. The body is read here (within `maxBytes`) and handed on as a fresh Request.
 */
export async function withIdempotency(
  request: Request,
  principal: Principal,
  maxBytes: number,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  if (idempotencyKey(request) === null) return handle(request);
  const raw = await readBodyLimited(request, maxBytes);
  const replay = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: new Uint8Array(raw),
    signal: request.signal,
  });
  return withIdempotentBody(request, principal, { value: replay, requestHash: requestHash(request, raw) }, handle);
}

/**
 * The same, for a body the route has already read and hashed as it streamed (send-inputs: its multipart parts are
 * hashed as they pass, never held twice; lib/http/read-inputs-request.ts).
 */
export async function withIdempotentBody<T>(
  request: Request,
  principal: Principal,
  body: { value: T; requestHash: string },
  handle: (value: T) => Promise<Response>,
): Promise<Response> {
  const given = idempotencyKey(request);
  if (given === null) return handle(body.value);
  const { accountId } = principal;
  const key = scopedKey(principal, given);
  const claim: Claim = { accountId, key, requestHash: body.requestHash };

  const deadline = Date.now() + WAIT_FOR_TWIN_MS;
  for (;;) {
    if (await claimKey(claim)) return runClaimed(claim, () => handle(body.value));
    const stored = await prisma.idempotencyKey.findUnique({
      where: { accountId_key: { accountId, key } },
      select: { requestHash: true, responseStatus: true, responseBody: true },
    });
    // released between our claim and this read (the twin failed): try to claim it again
    if (!stored) continue;
    if (stored.requestHash !== claim.requestHash)
      throw new DomainError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used with another request. Use a new key for a new request.",
      );
    if (stored.responseStatus !== null)
      return replayed(stored.responseStatus, openText(secrets().keyring, stored.responseBody) ?? "");
    if (Date.now() > deadline)
      throw new DomainError(
        "IDEMPOTENCY_KEY_REUSED",
        "A request with this Idempotency-Key is still being processed. Retry later.",
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Method, path and body; a multipart body without its boundary, which every client draws anew per request. */
function requestHash(request: Request, raw: Buffer): string {
  const hash = createHash("sha256").update(`${request.method} ${new URL(request.url).pathname}\n`);
  const boundary = /boundary="?([^";]+)"?/i.exec(request.headers.get("content-type") ?? "")?.[1];
  if (boundary) hash.update(raw.toString("latin1").split(boundary).join(""), "latin1");
  else hash.update(raw);
  return hash.digest("hex");
}

/** Inserts the key, or takes over an expired one; false when another request holds it. */
async function claimKey({ accountId, key, requestHash }: Claim): Promise<boolean> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  const rows = await prisma.$queryRaw<{ key: string }[]>`
    INSERT INTO "IdempotencyKey" ("accountId", "key", "requestHash", "createdAt", "expiresAt")
    VALUES (${accountId}::uuid, ${key}, ${requestHash}, ${now}, ${expiresAt})
    ON CONFLICT ("accountId", "key") DO UPDATE SET
      "requestHash" = EXCLUDED."requestHash", "responseStatus" = NULL, "responseBody" = NULL,
      "createdAt" = EXCLUDED."createdAt", "expiresAt" = EXCLUDED."expiresAt"
    WHERE "IdempotencyKey"."expiresAt" <= ${now}
    RETURNING "key"`;
  // keys past their 24 h are deleted by the stale sweep (lib/domain/verifications/sweep-stale.ts)
  return rows.length > 0;
}

/** Keeps a 2xx answer for the retries; anything else releases the key, so a corrected retry runs anew. */
async function runClaimed(claim: Claim, handle: () => Promise<Response>): Promise<Response> {
  const where = { accountId_key: { accountId: claim.accountId, key: claim.key } };
  let response: Response;
  try {
    response = await handle();
  } catch (error) {
    await prisma.idempotencyKey.delete({ where }).catch(() => undefined);
    throw error;
  }
  if (response.status < 200 || response.status > 299) {
    await prisma.idempotencyKey.delete({ where }).catch(() => undefined);
    return response;
  }
  const body = await response.text();
  // the answer may carry personal data and a resume token (verificationUrl): sealed like the other columns, and
  // tied to its verification so that erasing the verification deletes it (lib/domain/privacy/redact-verifications.ts)
  const sealed = sealText(secrets().keyring, body);
  await prisma.idempotencyKey.update({
    where,
    data: { responseStatus: response.status, responseBody: sealed, verificationId: verificationIdOf(body) },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

function replayed(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "application/json", "Idempotent-Replayed": "true" },
  });
}

function verificationIdOf(body: string): string | null {
  try {
    const id = (JSON.parse(body) as { verificationId?: unknown }).verificationId;
    return typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  } catch {
    return null;
  }
}
