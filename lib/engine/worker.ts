import "server-only";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { sweepStaleVerifications } from "@/lib/verifications/sweep-stale";
import { claimJobs, releaseJob } from "@/lib/engine/job-claims";
import { claimDeliveries } from "@/lib/webhooks/claim-deliveries";
import { setLocalWorker } from "@/lib/engine/dispatch";
import { inProcessDurable, runInProcess } from "@/lib/engine/durable";
import { deliveryWorkflow, verificationWorkflow } from "@/lib/engine/workflows";

// The in-process engine (no Inngest configured): the same workflows as the Inngest functions
// (lib/engine/workflows.ts, through the in-process adapter), driven by a loop that claims due jobs and deliveries
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
  const sweepEveryMs = options.sweepEveryMs ?? 5 * 60_000;
  const running = { jobs: new Set<Promise<void>>(), deliveries: new Set<Promise<void>>() };
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

  async function runJob(job: { id: string; verificationId: string | null }) {
    const verificationId = job.verificationId;
    try {
      if (verificationId)
        await runInProcess((d) => verificationWorkflow(d, verificationId), inProcessDurable(options.stepRetryDelaysMs));
    } catch (error) {
      console.error(`[engine] job ${job.id} failed (${(error as Error)?.name}); retrying in 30 s`);
      await releaseJob(job.id, error, 30_000).catch(() => undefined);
    }
  }

  async function runDelivery(deliveryId: string) {
    try {
      await runInProcess((d) => deliveryWorkflow(d, deliveryId));
    } catch (error) {
      console.error(`[engine] delivery failed to run: ${(error as Error)?.name}`);
    }
  }

  async function tick() {
    const jobs = await claimJobs(jobConcurrency - running.jobs.size);
    for (const job of jobs) track(running.jobs, runJob(job));
    const deliveries = await claimDeliveries(deliveryConcurrency - running.deliveries.size);
    for (const id of deliveries) track(running.deliveries, runDelivery(id));
  }

  function nudge() {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((error) => console.error(`[engine] poll failed: ${(error as Error)?.name}`))
      .finally(() => {
        ticking = null;
        if (again) {
          again = false;
          nudge();
        }
      });
  }

  async function sweep() {
    // one instance sweeps; the others skip this round
    await prisma
      .$transaction(
        async (tx) => {
          const [lock] = await tx.$queryRaw<
            { locked: boolean }[]
          >`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}) AS locked`;
          if (!lock?.locked) return;
          const result = await sweepStaleVerifications();
          if (result.abandoned || result.expired || result.redacted)
            console.log(
              `[engine] sweep: ${result.abandoned} abandoned, ${result.expired} expired, ${result.redacted} redacted (retention)`,
            );
        },
        { timeout: 120_000 },
      )
      .catch((error) => console.error(`[engine] sweep failed: ${(error as Error)?.name}`));
    nudge();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      setLocalWorker(nudge);
      timer = setInterval(nudge, pollMs);
      sweepTimer = setInterval(() => void sweep(), sweepEveryMs);
      timer.unref?.();
      sweepTimer.unref?.();
      nudge();
    },
    /** Stops claiming; waits for the work in hand. */
    async stop() {
      stopped = true;
      setLocalWorker(undefined);
      clearInterval(timer);
      clearInterval(sweepTimer);
      await ticking;
      await Promise.allSettled([...running.jobs, ...running.deliveries]);
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
