import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// AES-256-GCM. Layouts of a sealed buffer (docs/security.md, "Storage keys and rotation"):
//   v1  0x01 | iv(12) | tag(16) | ciphertext                 written before key ids; read under each key of the ring
//   v2  0x02 | keyId(5) | iv(12) | tag(16) | ciphertext      the id names the storage key (lib/core/crypto/keyring.ts)
// The key id is not authenticated separately: it only selects a key, and a wrong key fails the tag.
const V1 = 1;
const V2 = 2;
export const KEY_ID_BYTES = 5;
export const HEADER_V2_BYTES = 1 + KEY_ID_BYTES;
const TAIL = 12 + 16; // iv and tag

/** Sealed under `key`; with `keyId`, layout v2 (every new value), without it layout v1 (tests of old data). */
export function seal(plaintext: Buffer, key: Buffer, associatedData?: string, keyId?: Buffer): Buffer {
  if (keyId && keyId.length !== KEY_ID_BYTES) throw new Error(`a key id is ${KEY_ID_BYTES} bytes`);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (associatedData) cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const header = keyId ? Buffer.concat([Buffer.from([V2]), keyId]) : Buffer.from([V1]);
  return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
}

function headerLength(sealed: Buffer): number {
  if (sealed[0] === V1 && sealed.length >= 1 + TAIL) return 1;
  if (sealed[0] === V2 && sealed.length >= HEADER_V2_BYTES + TAIL) return HEADER_V2_BYTES;
  throw new Error("not a sealed buffer");
}

/** The key id of a v2 buffer; null for v1 (no id). */
export function sealedKeyId(sealed: Buffer): Buffer | null {
  return headerLength(sealed) === HEADER_V2_BYTES ? Buffer.from(sealed.subarray(1, HEADER_V2_BYTES)) : null;
}

export function open(sealed: Buffer, key: Buffer, associatedData?: string): Buffer {
  const at = headerLength(sealed);
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(at, at + 12));
  if (associatedData) decipher.setAAD(Buffer.from(associatedData));
  decipher.setAuthTag(sealed.subarray(at + 12, at + TAIL));
  return Buffer.concat([decipher.update(sealed.subarray(at + TAIL)), decipher.final()]);
}
