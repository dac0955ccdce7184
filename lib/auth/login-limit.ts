import "server-only";
import { consumeRateLimit } from "@/lib/core/rate-limit";
import { sha256Hex } from "@/lib/core/crypto/hash";

// Dashboard sign-in attempts, in fixed windows in PostgreSQL (shared by instances):
// - per client address: someone trying many accounts;
// - per (address, e-mail): someone hammering one account from one place is stopped there, and only there: the
//   real user, from any other address, still signs in;
// - per e-mail, a ceiling that only attempts passing the two limits above count toward: it slows guessing spread
//   over many addresses (a botnet can still lock an account for up to an hour: the price of that ceiling).
export const LOGIN_LIMITS = {
  perAddressPerMinute: 20,
  perAddressAndEmailPer15Minutes: 5,
  perEmailPerHour: 50,
} as const;

export type LoginLimitState = { limited: false } | { limited: true; retryAfterSeconds: number };

export async function consumeLoginAttempt(ip: string | null, email: string): Promise<LoginLimitState> {
  // the e-mail is hashed: the bucket table must not become a list of who tried to sign in
  const who = sha256Hex(email.trim().toLowerCase());
  const address = ip ?? "unknown";
  const byAddress = await consumeRateLimit(`login-ip:${address}`, LOGIN_LIMITS.perAddressPerMinute, 60);
  const byPair = await consumeRateLimit(
    `login-ip-email:${address}:${who}`,
    LOGIN_LIMITS.perAddressAndEmailPer15Minutes,
    15 * 60,
  );
  const local = [byAddress, byPair].filter((s) => s.exceeded);
  if (local.length) return { limited: true, retryAfterSeconds: Math.max(...local.map((s) => s.resetSeconds)) };
  const byEmail = await consumeRateLimit(`login-email:${who}`, LOGIN_LIMITS.perEmailPerHour, 3600);
  if (byEmail.exceeded) return { limited: true, retryAfterSeconds: byEmail.resetSeconds };
  return { limited: false };
}
