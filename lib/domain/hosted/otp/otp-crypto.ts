import "server-only";
import { hmacHex } from "@/lib/core/crypto/hash";
import { secrets } from "@/lib/core/secrets";

// Keyed hashes: a 6-digit code hashed without a secret key falls to a million guesses offline.
export function emailHash(email: string): string {
  return hmacHex(`${secrets().appSecret}:otp-email`, email.trim().toLowerCase());
}

export function codeHash(otpId: string, code: string): string {
  return hmacHex(`${secrets().appSecret}:otp-code`, `${otpId}:${code}`);
}
