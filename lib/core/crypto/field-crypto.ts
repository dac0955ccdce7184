import { hmacHex } from "@/lib/core/crypto/hash";
import { asKeyring, openWith, sealWith, type KeyInput } from "@/lib/core/crypto/keyring";

// Personal data in database columns, encrypted under the storage keyring's current key (lib/core/crypto/keyring.ts: a
// column key derived from the storage key), AES-256-GCM, the key id in each sealed value:
//   - JSON columns hold an envelope {"$sealed": "<base64url>"} in place of the value;
//   - text columns hold "sealed:v1:<base64url>".
// Searching works through blind indexes: an HMAC, under another key derived from the storage key, of a value's
// normalised form; equal values have equal indexes, nothing else about the value can be read from one.
// A value written before this existed is read as it is (see lib/domain/privacy/seal-existing.ts, which seals them).

export const TEXT_PREFIX = "sealed:v1:";
export const SEALED_KEY = "$sealed";

export type SealedJson = { [SEALED_KEY]: string };

export function sealText(storageKey: KeyInput, plaintext: string): string {
  return TEXT_PREFIX + sealWith(storageKey, "field", Buffer.from(plaintext, "utf8")).toString("base64url");
}

export function isSealedText(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(TEXT_PREFIX);
}

/** The plaintext of a sealed text value; any other value (null, a value written before encryption) as it is. */
export function openText<T extends string | null | undefined>(storageKey: KeyInput, value: T): T {
  if (!isSealedText(value)) return value;
  return openWith(storageKey, "field", sealedBytes(value)).toString("utf8") as T;
}

export function sealJson(storageKey: KeyInput, value: unknown): SealedJson {
  return {
    [SEALED_KEY]: sealWith(storageKey, "field", Buffer.from(JSON.stringify(value), "utf8")).toString("base64url"),
  };
}

export function isSealedJson(value: unknown): value is SealedJson {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === SEALED_KEY && typeof (value as SealedJson)[SEALED_KEY] === "string";
}

/** The value inside a sealed JSON envelope; any other value (a value written before encryption) as it is. */
export function openJson(storageKey: KeyInput, value: unknown): unknown {
  if (!isSealedJson(value)) return value;
  return JSON.parse(openWith(storageKey, "field", sealedBytes(value)).toString("utf8"));
}

/** The sealed buffer inside a sealed text value or JSON envelope (its header names the key: lib/core/crypto/aead.ts). */
export function sealedBytes(value: string | SealedJson): Buffer {
  return Buffer.from(typeof value === "string" ? value.slice(TEXT_PREFIX.length) : value[SEALED_KEY], "base64url");
}

/**
 * A keyed blind index of one normalised value, under the current key's index key: 128 bits of HMAC-SHA-256, hex.
 * `kind` separates the domains. A lookup computes it under every key of the ring (eachKey, lib/core/crypto/keyring.ts).
 */
export function blindIndex(storageKey: KeyInput, kind: string, normalised: string): string {
  return hmacHex(asKeyring(storageKey).current.index, `${kind}\u0000${normalised}`).slice(0, 32);
}
