import "server-only";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { sweepStaleVerifications } from "@/lib/domain/verifications/sweep-stale";
import { claimJobs, releaseJob } from "@/lib/jobs/job-claims";
import { claimDeliveries } from "@/lib/domain/webhooks/claim-deliveries";
import { rescreenInBackground } from "@/lib/domain/watchlist/rescreen/rescreen-in-background";
import { setLocalWorker } from "@/lib/jobs/dispatch";
import { inProcessDurable, runInProcess } from "@/lib/jobs/durable";
import { deliveryWorkflow, verificationWorkflow } from "@/lib/jobs/workflows";
import { withRequestId } from "@/lib/core/observability/core";
import { log } from "@/lib/core/observability/logger";
import { metrics } from "@/lib/core/observability/metrics";

// The in-process engine (no Inngest configured): the same workflows as the Inngest functions
// (lib/jobs/workflows.ts, through the in-process adapter), driven by a loop that claims due jobs and deliveries
// from PostgreSQL. Several instances can run it at once.

export type WorkerOptions = {
  pollMs?: number;
  jobConcurrency?: number;
  deliveryConcurrency?: number;
  sweepEveryMs?: number;
  stepRetryDelaysMs?: readonly number[];
};

const SWEEP_LOCK = 7_311_001; // pg advisory lock id: one sweeping instance at a time

export function createWorker(options: WorkerOptions = {}) {
  const pollMs = options.pollMs ?? env().ENGINE_POLL_MS;
  const jobConcurrency = options.jobConcurrency ?? 4;
  const deliveryConcurrency = options.deliveryConcurrency ?? 16;
  const sweepEveryMs = options.sweepEveryMs ?? env().SWEEP_INTERVAL_SECONDS * 1000;
  const running = { jobs: new Set<Promise<void>>(), deliveries: new Set<Promise<void>>() };
  // what is in hand, by id: released at once when a shutdown's grace runs out (another instance takes it over)
  const inHand = { jobs: new Set<string>(), deliveries: new Set<string>() };
  const logger = log("engine");
  let timer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let stopped = true;
  let ticking: Promise<void> | null = null;
  let again = false;

  const track = (set: Set<Promise<void>>, work: Promise<void>) => {
    set.add(work);
    void work.finally(() => {
      set.delete(work);
      if (!stopped) nudge();
    });
  };

  // one log line per job run, inside a context of its own: its lines and the events it writes carry its id
  async function runJob(job: { id: string; verificationId: string | null; attempts?: number }) {
    const verificationId = job.verificationId;
    const started = performance.now();
    inHand.jobs.add(job.id);
    await withRequestId(null, async () => {
      try {
        const result = verificationId
          ? await runInProcess(
              (d) => verificationWorkflow(d, verificationId),
              inProcessDurable(options.stepRetryDelaysMs),
            )
          : null;
        const outcome = result === null ? "suspended" : result.finalized ? "finalized" : "open";
        metrics.jobs.inc({ kind: "verification", outcome });
        logger.info(
          {
            jobId: job.id,
            verificationId,
            attempt: job.attempts,
            outcome,
            ms: Math.round(performance.now() - started),
          },
          "job",
        );
      } catch (error) {
        metrics.jobs.inc({ kind: "verification", outcome: "error" });
        logger.error({ jobId: job.id, verificationId, err: error, retryInSeconds: 30 }, "job failed");
        await releaseJob(job.id, error, 30_000).catch(() => undefined);
      } finally {
        inHand.jobs.delete(job.id);
      }
    });
  }

  async function runDelivery(deliveryId: string) {
    const started = performance.now();
    inHand.deliveries.add(deliveryId);
    await withRequestId(null, async () => {
      try {
        const state = await runInProcess((d) => deliveryWorkflow(d, deliveryId));
        metrics.jobs.inc({ kind: "delivery", outcome: state?.status?.toLowerCase() ?? "suspended" });
        logger.info(
          { deliveryId, outcome: state?.status ?? "suspended", ms: Math.round(performance.now() - started) },
          "delivery job",
        );
      } catch (error) {
        metrics.jobs.inc({ kind: "delivery", outcome: "error" });
        logger.error({ deliveryId, err: error }, "delivery failed to run");
      } finally {
        inHand.deliveries.delete(deliveryId);
      }
    });
  }

  async function tick() {
    const jobs = await claimJobs(jobConcurrency - running.jobs.size);
    for (const job of jobs) track(running.jobs, runJob(job));
    const deliveries = await claimDeliveries(deliveryConcurrency - running.deliveries.size);
    for (const id of deliveries) track(running.deliveries, runDelivery(id));
    rescreenInBackground(); // ongoing watchlist screening (issue 19): its own claims, one run per process
  }

  function nudge() {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((error) => logger.error({ err: error }, "poll failed"))
      .finally(() => {
        ticking = null;
        if (again) {
          again = false;
          nudge();
        }
      });
  }

  /**
   * The stale sweep, once per period across every instance: each instance's timer fires every period, and the one
   * that takes the lock first in a period runs it (ScheduledRun keeps when it last ran); the others skip. Called
   * directly (`scheduled: false`, tests and tools), it runs whenever no other sweep is running.
   */
  async function sweep({ scheduled = false } = {}) {
    await prisma
      .$transaction(
        async (tx) => {
          const [lock] = await tx.$queryRaw<
            { locked: boolean }[]
          >`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}) AS locked`;
          if (!lock?.locked) {
            metrics.sweeps.inc({ outcome: "skipped" });
            return;
          }
          const now = new Date();
          const last = await tx.scheduledRun.findUnique({
            where: { name: "stale-sweep" },
            select: { lastRunAt: true },
          });
          // a timer that fires a little early (timers drift, instances started apart) still counts as this period
          if (scheduled && last && now.getTime() - last.lastRunAt.getTime() < sweepEveryMs * 0.8) {
            metrics.sweeps.inc({ outcome: "not-due" });
            return;
          }
          const result = await sweepStaleVerifications();
          await tx.scheduledRun.upsert({
            where: { name: "stale-sweep" },
            create: { name: "stale-sweep", lastRunAt: now, runs: 1 },
            update: { lastRunAt: now, runs: { increment: 1 } },
          });
          metrics.sweeps.inc({ outcome: "ran" });
          logger.info({ ...result, scheduled, startedAt: now.getTime() }, "sweep");
        },
        { timeout: 120_000 },
      )
      .catch((error) => logger.error({ err: error }, "sweep failed"));
    nudge();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      setLocalWorker(nudge);
      timer = setInterval(nudge, pollMs);
      sweepTimer = setInterval(() => void sweep({ scheduled: true }), sweepEveryMs);
      timer.unref?.();
      sweepTimer.unref?.();
      nudge();
    },
    /**
     * Stops claiming; waits for the work in hand until `deadline` (epoch ms; none: as long as it takes). What is
     * still running then is released (its claim cleared) so another instance takes it over at once instead of after
     * ENGINE_LOCK_SECONDS; every step is idempotent, so the part this process may still write is harmless.
     */
    async stop(deadline?: number) {
      stopped = true;
      setLocalWorker(undefined);
      clearInterval(timer);
      clearInterval(sweepTimer);
      await ticking;
      const all = Promise.allSettled([...running.jobs, ...running.deliveries]);
      if (deadline === undefined) return void (await all);
      let timeout: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        all.then(() => true),
        new Promise<false>(
          (resolve) => (timeout = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))),
        ),
      ]);
      clearTimeout(timeout);
      if (finished) return;
      const released = await releaseClaims([...inHand.jobs], [...inHand.deliveries]).catch(() => null);
      logger.warn(
        { jobs: inHand.jobs.size, deliveries: inHand.deliveries.size, released },
        "grace over: released claims",
      );
    },
    nudge,
    sweep,
    /** Tests: resolves once nothing is running and nothing due could be claimed. */
    async idle() {
      for (;;) {
        await ticking;
        if (!running.jobs.size && !running.deliveries.size) {
          await tick();
          if (!running.jobs.size && !running.deliveries.size) return;
        }
        await Promise.race([...running.jobs, ...running.deliveries, new Promise((r) => setTimeout(r, 20))]);
      }
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;

/** Clears the claims of jobs and deliveries this process gives up (graceful shutdown past its grace). */
async function releaseClaims(jobIds: string[], deliveryIds: string[]) {
  const [jobs, deliveries] = await Promise.all([
    jobIds.length
      ? prisma.job.updateMany({ where: { id: { in: jobIds }, doneAt: null }, data: { lockedUntil: null } })
      : { count: 0 },
    deliveryIds.length
      ? prisma.webhookDelivery.updateMany({
          where: { id: { in: deliveryIds }, status: "PENDING" },
          data: { lockedUntil: null },
        })
      : { count: 0 },
  ]);
  return { jobs: jobs.count, deliveries: deliveries.count };
}
