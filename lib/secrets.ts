import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

type Secrets = { appSecret: string; storageKey: Buffer };

let cached: Secrets | undefined;

/**
 * The app secret and the storage key come from the environment. When unset (the embedded default), they are
 * generated once into DATA_DIR/secrets.json so restarts keep reading old files and verifying old tokens.
 * Several instances sharing one database must share these values: set them in the environment.
 */
export function secrets(): Secrets {
  if (cached) return cached;
  const { APP_SECRET, STORAGE_ENCRYPTION_KEY, DATA_DIR } = env();
  const generated = APP_SECRET && STORAGE_ENCRYPTION_KEY ? null : loadOrCreateGenerated(DATA_DIR);
  const storageKey = Buffer.from(STORAGE_ENCRYPTION_KEY ?? generated!.storageKey, "base64");
  if (storageKey.length !== 32) throw new Error("STORAGE_ENCRYPTION_KEY must be base64 of exactly 32 bytes");
  cached = { appSecret: APP_SECRET ?? generated!.appSecret, storageKey };
  return cached;
}

function loadOrCreateGenerated(dataDir: string): { appSecret: string; storageKey: string } {
  const file = path.resolve(dataDir, "secrets.json");
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
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
