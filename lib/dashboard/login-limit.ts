import "server-only";
import { consumeRateLimit } from "@/lib/api/rate-limit";
import { sha256Hex } from "@/lib/crypto/hash";

// Dashboard sign-in attempts: per client address (someone trying many accounts) and per e-mail address (someone
// trying many passwords on one account, from many addresses). Fixed windows in PostgreSQL, shared by instances.
export const LOGIN_LIMITS = { perAddressPerMinute: 20, perEmailPer15Minutes: 10 } as const;

export type LoginLimitState = { limited: false } | { limited: true; retryAfterSeconds: number };

export async function consumeLoginAttempt(ip: string | null, email: string): Promise<LoginLimitState> {
  const byAddress = await consumeRateLimit(`login-ip:${ip ?? "unknown"}`, LOGIN_LIMITS.perAddressPerMinute, 60);
  // the e-mail is hashed: the bucket table must not become a list of who tried to sign in
  const byEmail = await consumeRateLimit(`login-email:${sha256Hex(email.trim().toLowerCase())}`, LOGIN_LIMITS.perEmailPer15Minutes, 15 * 60);
  const exceeded = [byAddress, byEmail].filter((s) => s.exceeded);
  if (!exceeded.length) return { limited: false };
  return { limited: true, retryAfterSeconds: Math.max(...exceeded.map((s) => s.resetSeconds)) };
}
