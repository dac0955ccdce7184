import "server-only";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";

// Claiming work from PostgreSQL with FOR UPDATE SKIP LOCKED: any number of instances take turns without
// taking the same row, and a claim that is not renewed expires (the claimant crashed) so another takes over.

const lockUntil = () => new Date(clock.now().getTime() + env().ENGINE_LOCK_SECONDS * 1000);

export async function claimJobs(
  limit: number,
): Promise<{ id: string; verificationId: string | null; attempts: number }[]> {
  if (limit <= 0) return [];
  const now = clock.now();
  return prisma.$queryRaw`
    UPDATE "Job" SET "lockedUntil" = ${lockUntil()}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "Job"
      WHERE "doneAt" IS NULL AND "runAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      ORDER BY "runAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING "id", "verificationId", "attempts"`;
}

export async function claimJobOfVerification(verificationId: string): Promise<boolean> {
  const now = clock.now();
  const claimed = await prisma.job.updateMany({
    where: {
      verificationId,
      type: "RUN_VERIFICATION",
      doneAt: null,
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
    data: { lockedUntil: lockUntil(), attempts: { increment: 1 } },
  });
  return claimed.count > 0;
}

export async function renewJob(jobId: string): Promise<void> {
  await prisma.job.updateMany({ where: { id: jobId, doneAt: null }, data: { lockedUntil: lockUntil() } });
}

/**
 * Runs `fn` while renewing the claim of the verification's RUN_VERIFICATION job every third of ENGINE_LOCK_SECONDS
 * (the heartbeat of both execution modes): a long step keeps its claim, a crashed one loses it.
 */
export async function keepJobClaimed<T>(verificationId: string, fn: () => Promise<T>): Promise<T> {
  const renew = () =>
    prisma.job.updateMany({
      where: { verificationId, type: "RUN_VERIFICATION", doneAt: null },
      data: { lockedUntil: lockUntil() },
    });
  const heartbeat = setInterval(() => void renew().catch(() => undefined), (env().ENGINE_LOCK_SECONDS * 1000) / 3);
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
  }
}

/** Verifications whose job is due for over a minute and unclaimed: their announcement was lost (Inngest's sweep re-announces them). */
export async function unannouncedVerificationJobs(limit = 500): Promise<string[]> {
  const now = clock.now();
  const jobs = await prisma.job.findMany({
    where: {
      doneAt: null,
      runAt: { lt: new Date(now.getTime() - 60_000) },
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
    select: { verificationId: true },
    take: limit,
  });
  return jobs.map((j) => j.verificationId).filter((id): id is string => Boolean(id));
}

/** An unexpected failure of the whole job: try again later, from where it stopped. */
export async function releaseJob(jobId: string, error: unknown, retryInMs: number): Promise<void> {
  await prisma.job.updateMany({
    where: { id: jobId, doneAt: null },
    data: {
      lockedUntil: null,
      runAt: new Date(clock.now().getTime() + retryInMs),
      lastError: String((error as Error)?.name ?? "Error"),
    },
  });
}
