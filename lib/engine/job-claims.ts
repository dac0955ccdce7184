import "server-only";
import { clock } from "@/lib/clock";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { DELIVERY_TIMEOUT_MS } from "@/lib/webhooks/retry-schedule";

// Claiming work from PostgreSQL with FOR UPDATE SKIP LOCKED: any number of instances take turns without
// taking the same row, and a claim that is not renewed expires (the claimant crashed) so another takes over.

const lockUntil = () => new Date(clock.now().getTime() + env().ENGINE_LOCK_SECONDS * 1000);

export async function claimJobs(limit: number): Promise<{ id: string; verificationId: string | null; attempts: number }[]> {
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
    where: { verificationId, type: "RUN_VERIFICATION", doneAt: null, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { lockedUntil: lockUntil(), attempts: { increment: 1 } },
  });
  return claimed.count > 0;
}

export async function renewJob(jobId: string): Promise<void> {
  await prisma.job.updateMany({ where: { id: jobId, doneAt: null }, data: { lockedUntil: lockUntil() } });
}

/** An unexpected failure of the whole job: try again later, from where it stopped. */
export async function releaseJob(jobId: string, error: unknown, retryInMs: number): Promise<void> {
  await prisma.job.updateMany({
    where: { id: jobId, doneAt: null },
    data: { lockedUntil: null, runAt: new Date(clock.now().getTime() + retryInMs), lastError: String((error as Error)?.name ?? "Error") },
  });
}

export async function claimDeliveries(limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const now = clock.now();
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE "WebhookDelivery" SET "lockedUntil" = ${new Date(now.getTime() + DELIVERY_TIMEOUT_MS + env().ENGINE_LOCK_SECONDS * 1000)}
    WHERE "id" IN (
      SELECT "id" FROM "WebhookDelivery"
      WHERE "status" = 'PENDING' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING "id"`;
  return rows.map((r) => r.id);
}
