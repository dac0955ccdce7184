import "server-only";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/observability/logger";
import { metrics } from "@/lib/core/observability/metrics";
import { sweepStaleVerifications } from "@/lib/domain/verifications/sweep-stale";
import { defineJob } from "@/lib/jobs/define-job";
import { unannouncedVerificationJobs } from "@/lib/jobs/job-claims";

// The stale sweep: verifications inactive for more than 24 h → ABANDONED, expired links → EXPIRED, retention
// redaction; then re-announces verification jobs whose event was lost (the app died between commit and send).

const SWEEP_LOCK = 7_311_001; // pg advisory lock id: one sweeping instance at a time

/**
 * In-process, once per period across every instance: each instance's timer fires every period, and the one that
 * takes the lock first in a period runs it (ScheduledRun keeps when it last ran); the others skip. Inngest's cron
 * needs none of this: it starts one run per schedule.
 */
async function oncePerPeriod(run: () => Promise<Record<string, unknown> | null>, periodMs: number) {
  const logger = log("engine");
  await prisma
    .$transaction(
      async (tx) => {
        // transaction-scoped: released when the sweep's transaction ends, however it ends
        const [lock] = await tx.$queryRaw<
          { locked: boolean }[]
        >`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}) AS locked`;
        if (!lock?.locked) return void metrics.sweeps.inc({ outcome: "skipped" });
        const now = new Date();
        const last = await tx.scheduledRun.findUnique({ where: { name: "stale-sweep" }, select: { lastRunAt: true } });
        // a timer that fires a little early (timers drift, instances started apart) still counts as this period
        if (last && now.getTime() - last.lastRunAt.getTime() < periodMs * 0.8)
          return void metrics.sweeps.inc({ outcome: "not-due" });
        const result = await run();
        await tx.scheduledRun.upsert({
          where: { name: "stale-sweep" },
          create: { name: "stale-sweep", lastRunAt: now, runs: 1 },
          update: { lastRunAt: now, runs: { increment: 1 } },
        });
        metrics.sweeps.inc({ outcome: "ran" });
        // tools/soak/cluster.mjs counts these lines (msg "sweep", scheduled) to prove once per period
        logger.info({ ...result, scheduled: true, startedAt: now.getTime() }, "sweep");
      },
      { timeout: 120_000 },
    )
    .catch((error) => logger.error({ err: error }, "sweep failed"));
}

export const sweepStaleVerificationsJob = defineJob({
  name: "sweep-stale-verifications",
  triggers: [{ cron: "*/5 * * * *" }],
  retries: 2,
  async handler(_payload: unknown, step) {
    const swept = await step.run("sweep", () => sweepStaleVerifications());
    await step.sendEvent("announce-deliveries", [{ name: "deliveries.due" }]);
    const stuck = await step.run("find-unannounced-jobs", () => unannouncedVerificationJobs());
    if (stuck.length)
      await step.sendEvent(
        "re-announce",
        stuck.map((verificationId) => ({ name: "verification.ready" as const, verificationId })),
      );
    return { ...swept, reannounced: stuck.length };
  },
  inProcess: {
    every: { everyMs: () => env().SWEEP_INTERVAL_SECONDS * 1000, atStart: false, gate: oncePerPeriod },
  },
});
