import "server-only";
import { env } from "@/lib/core/env";
import { withRequestId } from "@/lib/core/observability/core";
import { log } from "@/lib/core/observability/logger";
import { metrics } from "@/lib/core/observability/metrics";
import type { ClaimedWork, Job, PolledWork, TimedWork } from "@/lib/jobs/define-job";
import { setLocalWorker } from "@/lib/jobs/dispatch";
import { inProcessDurable, runInProcess } from "@/lib/jobs/durable";
import { jobs as registry } from "@/lib/jobs/registry";

// The in-process executor (no Inngest configured), generated from the job registry: a job whose work sits in
// PostgreSQL rows is polled (claimed under its lease, run through the in-process Durable adapter), a cron job runs
// on a timer. Several instances can run it at once: they share the work through the leases.

export type WorkerOptions = {
  pollMs?: number;
  /** per job name: runs at a time of a polled job (its PolledWork.concurrency by default) */
  concurrency?: Record<string, number>;
  /** per job name: the period of a timed job (its TimedWork.everyMs() by default) */
  everyMs?: Record<string, number>;
  stepRetryDelaysMs?: readonly number[];
  /** the jobs to run: the registry's, by default */
  jobs?: readonly Job[];
  /**
   * The poll keeps the process alive (a process whose only work is this worker: `npm run worker`). Off, the default,
   * the worker never holds a process open by itself (the web server's in-process worker, tests).
   */
  keepsProcessAlive?: boolean;
};

type Polled = { job: Job; poll: PolledWork<never, unknown>; running: Set<Promise<void>>; inHand: Set<string> };
type Timed = { job: Job; every: TimedWork<unknown>; periodMs: number; timer?: NodeJS.Timeout; running: boolean };

/** How each registry job runs in-process: polled, timed, or done by another job's runs. */
export function inProcessPlan(jobs: readonly Job[] = registry) {
  return jobs.map((job) => ({
    name: job.name,
    runs:
      "poll" in job.inProcess
        ? ("polled" as const)
        : "every" in job.inProcess
          ? ("timed" as const)
          : (`by ${job.inProcess.coveredBy}` as const),
  }));
}

export function createWorker(options: WorkerOptions = {}) {
  const jobs = options.jobs ?? registry;
  const pollMs = options.pollMs ?? env().ENGINE_POLL_MS;
  const durable = () => inProcessDurable(options.stepRetryDelaysMs);
  const polled: Polled[] = jobs.flatMap((job) =>
    "poll" in job.inProcess ? [{ job, poll: job.inProcess.poll, running: new Set(), inHand: new Set() }] : [],
  );
  const timed: Timed[] = jobs.flatMap((job) =>
    "every" in job.inProcess
      ? [
          {
            job,
            every: job.inProcess.every,
            periodMs: options.everyMs?.[job.name] ?? job.inProcess.every.everyMs(),
            running: false,
          },
        ]
      : [],
  );
  const logger = log("engine");
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let ticking: Promise<void> | null = null;
  let again = false;
  const allRunning = () => polled.flatMap((p) => [...p.running]);

  // one log line per run, inside a context of its own: its lines and the events it writes carry its id
  async function runPolled({ job, poll, inHand }: Polled, work: ClaimedWork<never>) {
    const started = performance.now();
    inHand.add(work.id);
    await withRequestId(null, async () => {
      try {
        const result = await runInProcess((d) => job.handler(work.payload, d), durable());
        const outcome = poll.report.outcome(result);
        metrics.jobs.inc({ kind: poll.report.kind, outcome });
        logger.info({ ...work.log, outcome, ms: Math.round(performance.now() - started) }, poll.report.ran);
      } catch (error) {
        metrics.jobs.inc({ kind: poll.report.kind, outcome: "error" });
        const more = (await poll.onError?.(work, error)) ?? {};
        logger.error({ ...work.log, err: error, ...more }, poll.report.failed);
      } finally {
        inHand.delete(work.id);
      }
    });
  }

  async function tick() {
    for (const p of polled) {
      const limit = (options.concurrency?.[p.job.name] ?? p.poll.concurrency) - p.running.size;
      for (const work of await p.poll.claim(limit)) {
        const run = runPolled(p, work);
        p.running.add(run);
        void run.finally(() => {
          p.running.delete(run);
          if (!stopped) nudge();
        });
      }
    }
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

  /** One run of a timed job, unless the previous one is still running; what it announced is looked for after. */
  async function runTimed(t: Timed) {
    if (t.running || stopped) return;
    t.running = true;
    const run = () => runInProcess((d) => t.job.handler(undefined as never, d), durable());
    try {
      await withRequestId(null, () => (t.every.gate ? t.every.gate(run, t.periodMs) : run()));
    } catch (error) {
      logger.error({ job: t.job.name, err: error }, "scheduled job failed");
    } finally {
      t.running = false;
      nudge();
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      setLocalWorker(nudge);
      timer = setInterval(nudge, pollMs);
      if (!options.keepsProcessAlive) timer.unref?.();
      for (const t of timed) {
        t.timer = setInterval(() => void runTimed(t), t.periodMs);
        t.timer.unref?.();
        if (t.every.atStart) void runTimed(t);
      }
      nudge();
    },
    /**
     * Stops claiming; waits for the polled work in hand until `deadline` (epoch ms; none: as long as it takes). What
     * is still running then is released (its lease cleared) so another instance takes it over at once instead of
     * after ENGINE_LOCK_SECONDS; every step is idempotent, so the part this process may still write is harmless.
     * A timed run is not waited for: it holds no lease of its own here, and its claims expire.
     */
    async stop(deadline?: number) {
      stopped = true;
      setLocalWorker(undefined);
      clearInterval(timer);
      for (const t of timed) clearInterval(t.timer);
      await ticking;
      const all = Promise.allSettled(allRunning());
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
      const inHand = Object.fromEntries(polled.map((p) => [p.job.name, p.inHand.size]));
      const released = Object.fromEntries(
        await Promise.all(
          polled.map(async (p) => [p.job.name, await p.poll.release([...p.inHand]).catch(() => null)] as const),
        ),
      );
      logger.warn({ inHand, released }, "grace over: released claims");
    },
    nudge,
    /** Tests: resolves once nothing polled is running and nothing due could be claimed. */
    async idle() {
      for (;;) {
        await ticking;
        if (!allRunning().length) {
          await tick();
          if (!allRunning().length) return;
        }
        await Promise.race([...allRunning(), new Promise((r) => setTimeout(r, 20))]);
      }
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
