import { randomBytes } from "node:crypto";
import { sha256Hex } from "@/lib/core/crypto/hash";

/** Public client id (X-CLIENT-ID): base64url, 16 characters. */
export function generateClientId(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * A new API key: 32 random bytes, base64url. Only its SHA-256 is stored (a key this long needs no slow hash);
 * the prefix tells keys apart in the dashboard.
 */
export function generateApiKey(mode: "live" | "test" = "live"): { key: string; keyHash: string; keyPrefix: string } {
  // a test key says so (sk_test_…, docs/sandbox.md); live keys keep the form they always had
  const key = (mode === "test" ? TEST_KEY_PREFIX : "") + randomBytes(32).toString("base64url");
  return { key, keyHash: sha256Hex(key), keyPrefix: key.slice(0, mode === "test" ? TEST_KEY_PREFIX.length + 8 : 8) };
}

export const TEST_KEY_PREFIX = "sk_test_";
