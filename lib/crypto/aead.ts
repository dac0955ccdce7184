import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// AES-256-GCM. Layout of a sealed buffer: version(1) | iv(12) | tag(16) | ciphertext.
const VERSION = 1;

export function seal(plaintext: Buffer, key: Buffer, associatedData?: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (associatedData) cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function open(sealed: Buffer, key: Buffer, associatedData?: string): Buffer {
  if (sealed.length < 29 || sealed[0] !== VERSION) throw new Error("not a sealed buffer");
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(1, 13));
  if (associatedData) decipher.setAAD(Buffer.from(associatedData));
  decipher.setAuthTag(sealed.subarray(13, 29));
  return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]);
}
