import "server-only";
// Fixed-window counters for every limit, not only the API's: keys and addresses (lib/http/handler.ts), sign-in
// attempts (lib/auth/login-limit.ts), OTP e-mails and invitations (lib/domain).
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";

export type RateLimitState = {
  limit: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
  /** this request went over the limit */
  exceeded: boolean;
};

/**
 * Fixed-window counter in PostgreSQL (an UNLOGGED table), so the limit holds across app instances.
 * One statement: insert-or-increment and read back.
 */
export async function consumeRateLimit(
  key: string,
  limit: number,
  windowSeconds = 60,
  now = clock.now(),
): Promise<RateLimitState> {
  const windowStart = rateWindowStart(now, windowSeconds);
  const rows = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
    RETURNING "count"`;
  return rateLimitState(limit, Number(rows[0]?.count ?? 1), windowStart, now, windowSeconds);
}

/** The fixed window `now` falls in. */
export function rateWindowStart(now: Date, windowSeconds = 60): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** The state after a bucket's counter reached `count` (also for statements that count as they authenticate). */
export function rateLimitState(
  limit: number,
  count: number,
  windowStart: Date,
  now: Date,
  windowSeconds = 60,
): RateLimitState {
  const windowMs = windowSeconds * 1000;
  const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  if (Math.random() < 0.001) void pruneOldBuckets(now);
  return { limit, remaining: Math.max(0, limit - count), resetSeconds, windowSeconds, exceeded: count > limit };
}

async function pruneOldBuckets(now: Date) {
  await prisma.rateLimitBucket
    .deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - 3_600_000) } } })
    .catch(() => undefined);
}
