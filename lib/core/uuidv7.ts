import { randomBytes } from "node:crypto";

/**
 * RFC 9562 UUIDv7 (48-bit millisecond timestamp, then random bits), the ids Prisma's `@default(uuid(7))` writes.
 * For ids made outside Prisma: the watchlist bulk INSERT, event ids (in the payload before the row), OTP ids.
 * PostgreSQL's own uuidv7() needs version 18.
 */
export function uuidv7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
