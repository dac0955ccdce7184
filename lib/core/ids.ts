import { randomFillSync } from "node:crypto";
import { z } from "zod";
import { NotFoundError } from "@/lib/core/errors";

/**
 * RFC 9562 UUIDv7 (48-bit millisecond timestamp, then random bits), the ids Prisma's `@default(uuid(7))` writes.
 * For ids made outside Prisma: the watchlist bulk INSERT, event ids (in the payload before the row), OTP ids.
 * PostgreSQL's own uuidv7() needs version 18.
 */
export function uuidv7(now = Date.now()): string {
  const bytes = randomId();
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Random bytes for ids drawn 256 ids at a time, as Node's own randomUUID() does: one randomBytes(16) per id was a
// measurable part of a start's CPU (profile of POST /api/v1/verifications, docs/benchmarks.md, 2026-11-29).
const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let poolNext = POOL_IDS;

/** 16 fresh random bytes of its own (a copy: the caller writes into it). */
function randomId(): Buffer {
  if (poolNext === POOL_IDS) {
    randomFillSync(pool);
    poolNext = 0;
  }
  const start = 16 * poolNext++;
  return Buffer.from(pool.subarray(start, start + 16));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any 8-4-4-4-12 hex id: checked before a value reaches a `uuid` column, which would reject it with an error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const Uuid = z.uuid();

/** An id from a URL or a form: not a UUID is simply not found (Postgres would reject it as a uuid). */
export function idOrNotFound(id: unknown): string {
  const parsed = Uuid.safeParse(id);
  if (!parsed.success) throw new NotFoundError("Not found");
  return parsed.data;
}
