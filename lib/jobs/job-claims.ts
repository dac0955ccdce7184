import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { defineLease } from "@/lib/jobs/lease";

// The verification jobs' claims ("Job" rows, one per verification to process), through the one lease helper.

export type ClaimedJob = { id: string; verificationId: string | null; attempts: number };

export const jobLease = defineLease<ClaimedJob>({
  table: "Job",
  open: Prisma.sql`"doneAt" IS NULL`,
  dueAt: (now) => Prisma.sql`"runAt" <= ${now}`,
  orderBy: "runAt",
  countsAttempts: true,
  returning: ["id", "verificationId", "attempts"],
});

const ofVerification = (verificationId: string) =>
  Prisma.sql`"verificationId" = ${verificationId}::uuid AND "type" = 'RUN_VERIFICATION'`;

export function claimJobs(limit: number): Promise<ClaimedJob[]> {
  return jobLease.claim(limit);
}

/** Inngest: the event names the verification; its job is claimed whatever its runAt (false: another run holds it). */
export async function claimJobOfVerification(verificationId: string): Promise<boolean> {
  const claimed = await jobLease.claim(1, { where: ofVerification(verificationId), anyTime: true });
  return claimed.length > 0;
}

/**
 * Runs `fn` while renewing the claim of the verification's RUN_VERIFICATION job (the heartbeat of both execution
 * modes): a long step keeps its claim, a crashed one loses it.
 */
export function keepJobClaimed<T>(verificationId: string, fn: () => Promise<T>): Promise<T> {
  return jobLease.keep(ofVerification(verificationId), fn);
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
