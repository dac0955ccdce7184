import { hkdfSync } from "node:crypto";
import { HEADER_V2_BYTES, KEY_ID_BYTES, open, seal, sealedKeyId } from "@/lib/core/crypto/aead";

// The storage keyring: the current storage key, which seals every new value, and the keys still accepted for
// reading (STORAGE_ENCRYPTION_KEYS_PREVIOUS: older keys during a rotation, or the next key while it is being
// rolled out). Every sealed value names the key that sealed it by a key id (lib/core/crypto/aead.ts, layout v2), so a
// read picks its key directly; a value sealed before key ids existed (layout v1) is tried under each key in turn,
// the current one first (AES-GCM's tag tells a wrong key apart). docs/security.md, "Storage keys and rotation".
//
// A key id is 5 bytes of HKDF of the key itself (not secret, reveals nothing of the key), so ids need no
// configuration and every instance computes the same ones. From each key, the keys that do the work are derived:
//   root   files (AAD = the file's storage name) and webhook secrets (AAD "webhook-secret")
//   field  the sealed database columns (lib/core/crypto/field-crypto.ts)
//   index  the blind indexes (lib/core/crypto/search-index.ts): a lookup computes them under every key of the ring while
//          a rotation runs, since rows keep the index of the key that sealed them until they are re-sealed

export type RingKey = { readonly id: Buffer; readonly root: Buffer; readonly field: Buffer; readonly index: Buffer };
export type Keyring = { readonly current: RingKey; readonly keys: readonly RingKey[] };
/** A keyring, or one bare key (a ring of one: tests and scripts that seal under one fixed key). */
export type KeyInput = Keyring | Buffer;
export type Use = "root" | "field";

const derive = (key: Buffer, info: string, length = 32) =>
  Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), info, length));

function ringKey(root: Buffer): RingKey {
  if (root.length !== 32) throw new Error("a storage key must be exactly 32 bytes");
  return {
    id: derive(root, "openkyc storage key id v1", KEY_ID_BYTES),
    root: Buffer.from(root),
    field: derive(root, "openkyc field encryption v1"),
    index: derive(root, "openkyc blind index v1"),
  };
}

/** The ring of `current` (seals) and `previous` (open only). The same key twice counts once. */
export function makeKeyring(current: Buffer, previous: readonly Buffer[] = []): Keyring {
  const first = ringKey(current);
  const keys = [first];
  for (const key of previous) {
    const k = ringKey(key);
    if (keys.some((other) => other.root.equals(k.root))) continue;
    if (keys.some((other) => other.id.equals(k.id))) throw new Error("two storage keys share a key id");
    keys.push(k);
  }
  return { current: first, keys };
}

const single = new WeakMap<Buffer, Keyring>();

export function asKeyring(input: KeyInput): Keyring {
  if (!Buffer.isBuffer(input)) return input;
  let ring = single.get(input);
  if (!ring) single.set(input, (ring = makeKeyring(input)));
  return ring;
}

/** One ring per key of `input`, each holding only that key: a lookup computes its blind index under each. */
export function eachKey(input: KeyInput): Keyring[] {
  return asKeyring(input).keys.map((k) => ({ current: k, keys: [k] }));
}

/** Sealed under the current key, its id in the header (layout v2). */
export function sealWith(input: KeyInput, use: Use, plaintext: Buffer, associatedData?: string): Buffer {
  const key = asKeyring(input).current;
  return seal(plaintext, key[use], associatedData, key.id);
}

/** Opens a value sealed under any key of the ring: by its key id, or (layout v1, no id) by trying each key. */
export function openWith(input: KeyInput, use: Use, sealed: Buffer, associatedData?: string): Buffer {
  const ring = asKeyring(input);
  const id = sealedKeyId(sealed);
  if (id) {
    const key = ring.keys.find((k) => k.id.equals(id));
    if (!key)
      throw new Error(
        `sealed under storage key id ${id.toString("hex")}, which is not configured (STORAGE_ENCRYPTION_KEY, STORAGE_ENCRYPTION_KEYS_PREVIOUS)`,
      );
    return open(sealed, key[use], associatedData);
  }
  let failure: unknown;
  for (const key of ring.keys) {
    try {
      return open(sealed, key[use], associatedData);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** Whether a sealed value is under the ring's current key (false for layout v1: it names no key). */
export function isUnderCurrentKey(input: KeyInput, sealed: Buffer): boolean {
  return sealedKeyId(sealed)?.equals(asKeyring(input).current.id) ?? false;
}

/**
 * The first bytes of every value sealed under the current key (layout byte and key id, HEADER_V2_BYTES = 6 bytes,
 * exactly 8 base64 characters): SQL finds what a rotation still has to re-seal by comparing prefixes.
 */
export function currentHeader(input: KeyInput): Buffer {
  return sealWith(input, "root", Buffer.alloc(0)).subarray(0, HEADER_V2_BYTES);
}
