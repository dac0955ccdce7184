import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeKeyring, type Keyring } from "@/lib/core/crypto/keyring";
import { env } from "@/lib/core/env";

/** storageKey: the current storage key (seals); keyring: it and STORAGE_ENCRYPTION_KEYS_PREVIOUS (all open). */
type Secrets = { appSecret: string; storageKey: Buffer; keyring: Keyring };

let cached: Secrets | undefined;

/**
 * The app secret and the storage key come from the environment. When unset (the embedded default), they are
 * generated once into SECRETS_DIR/secrets.json (`.secrets/`, NOT inside DATA_DIR: a backup of the data directory,
 * which holds the embedded database, must not also hold the key that decrypts it) so restarts keep reading old
 * files and verifying old tokens. A secrets.json left in DATA_DIR by an older version is moved there on first use.
 * Several instances sharing one database must share these values: set them in the environment.
 * STORAGE_ENCRYPTION_KEYS_PREVIOUS adds keys that open but never seal (lib/core/crypto/keyring.ts).
 */
export function secrets(): Secrets {
  if (cached) return cached;
  const { APP_SECRET, STORAGE_ENCRYPTION_KEY, STORAGE_ENCRYPTION_KEYS_PREVIOUS, DATA_DIR, SECRETS_DIR } = env();
  const generated = APP_SECRET && STORAGE_ENCRYPTION_KEY ? null : loadOrCreateGenerated(SECRETS_DIR, DATA_DIR);
  const storageKey = Buffer.from(STORAGE_ENCRYPTION_KEY ?? generated!.storageKey, "base64");
  if (storageKey.length !== 32) throw new Error("STORAGE_ENCRYPTION_KEY must be base64 of exactly 32 bytes");
  const previous = (STORAGE_ENCRYPTION_KEYS_PREVIOUS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => Buffer.from(k, "base64"));
  if (previous.some((k) => k.length !== 32))
    throw new Error("STORAGE_ENCRYPTION_KEYS_PREVIOUS must be comma-separated base64 keys of exactly 32 bytes each");
  cached = { appSecret: APP_SECRET ?? generated!.appSecret, storageKey, keyring: makeKeyring(storageKey, previous) };
  return cached;
}

export function loadOrCreateGenerated(secretsDir: string, dataDir: string): { appSecret: string; storageKey: string } {
  const file = path.resolve(secretsDir, "secrets.json");
  const legacy = path.resolve(dataDir, "secrets.json");
  if (legacy !== file && existsSync(legacy) && !existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      renameSync(legacy, file); // atomic on one filesystem; losing this file would lose every encrypted file
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error; // another process moved it first
    }
  }
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fresh = { appSecret: randomBytes(32).toString("base64url"), storageKey: randomBytes(32).toString("base64") };
  try {
    // "wx": when two processes race, exactly one writes and the other reads the winner's file
    writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600, flag: "wx" });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(readFileSync(file, "utf8"));
  }
}

/** Tests: read the secrets from the environment again (e.g. to prove a restore needs the right storage key). */
export function resetSecretsCache() {
  cached = undefined;
}
