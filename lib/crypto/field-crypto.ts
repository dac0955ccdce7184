import { hkdfSync } from "node:crypto";
import { open, seal } from "@/lib/crypto/aead";
import { hmacHex } from "@/lib/crypto/hash";

// Personal data in database columns, encrypted with the storage key (the key that encrypts files), AES-256-GCM:
//   - JSON columns hold an envelope {"$sealed": "<base64url>"} in place of the value;
//   - text columns hold "sealed:v1:<base64url>".
// Searching works through blind indexes: an HMAC, under another key derived from the storage key, of a value's
// normalised form; equal values have equal indexes, nothing else about the value can be read from one.
// A value written before this existed is read as it is (see lib/privacy/seal-existing.ts, which seals them).

const TEXT_PREFIX = "sealed:v1:";
export const SEALED_KEY = "$sealed";

type Keys = { field: Buffer; index: Buffer };
let derived: { from: Buffer; keys: Keys } | undefined;

function keysFrom(storageKey: Buffer): Keys {
  if (derived?.from.equals(storageKey)) return derived.keys;
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", storageKey, Buffer.alloc(0), info, 32));
  const keys = { field: derive("openkyc field encryption v1"), index: derive("openkyc blind index v1") };
  derived = { from: Buffer.from(storageKey), keys };
  return keys;
}

export type SealedJson = { [SEALED_KEY]: string };

export function sealText(storageKey: Buffer, plaintext: string): string {
  return TEXT_PREFIX + seal(Buffer.from(plaintext, "utf8"), keysFrom(storageKey).field).toString("base64url");
}

export function isSealedText(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(TEXT_PREFIX);
}

/** The plaintext of a sealed text value; any other value (null, a value written before encryption) as it is. */
export function openText<T extends string | null | undefined>(storageKey: Buffer, value: T): T {
  if (!isSealedText(value)) return value;
  return open(Buffer.from(value.slice(TEXT_PREFIX.length), "base64url"), keysFrom(storageKey).field).toString(
    "utf8",
  ) as T;
}

export function sealJson(storageKey: Buffer, value: unknown): SealedJson {
  return {
    [SEALED_KEY]: seal(Buffer.from(JSON.stringify(value), "utf8"), keysFrom(storageKey).field).toString("base64url"),
  };
}

export function isSealedJson(value: unknown): value is SealedJson {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === SEALED_KEY && typeof (value as SealedJson)[SEALED_KEY] === "string";
}

/** The value inside a sealed JSON envelope; any other value (a value written before encryption) as it is. */
export function openJson(storageKey: Buffer, value: unknown): unknown {
  if (!isSealedJson(value)) return value;
  return JSON.parse(open(Buffer.from(value[SEALED_KEY], "base64url"), keysFrom(storageKey).field).toString("utf8"));
}

/** A keyed blind index of one normalised value: 128 bits of HMAC-SHA-256, hex. `kind` separates the domains. */
export function blindIndex(storageKey: Buffer, kind: string, normalised: string): string {
  return hmacHex(keysFrom(storageKey).index, `${kind}\u0000${normalised}`).slice(0, 32);
}
