import "server-only";
import type { Durable, WorkEventName } from "@/lib/jobs/durable";

// The one shape of a background job (documenso's job registry, adapted). A job is one file under
// lib/jobs/definitions/ declaring its stable name, what triggers it and its handler, written against the Durable
// step interface; lib/jobs/registry.ts lists them all. Both executors are generated from that list: the Inngest
// functions (inngest/functions/index.ts) and the in-process worker (lib/jobs/adapters/in-process.ts). What differs
// between the two is declared here, per job, and nowhere else.

/** An event (the work announced: lib/jobs/durable.ts's WorkEvent) or a cron schedule (Inngest's syntax). */
export type JobTrigger = { event: WorkEventName } | { cron: string };

/** One unit of work the in-process worker claimed: its row id (the lease), the handler's payload, its log fields. */
export type ClaimedWork<P> = { id: string; payload: P; log: Record<string, unknown> };

/** In-process, an event job's work is polled: due rows claimed under their lease (lib/jobs/lease.ts). */
export type PolledWork<P, R> = {
  /** runs at a time in one process */
  concurrency: number;
  claim(limit: number): Promise<ClaimedWork<P>[]>;
  /** hands claimed rows back at once (graceful shutdown past its grace) */
  release(ids: string[]): Promise<number>;
  /** after a run threw; returns fields for the failure's log line (otherwise the lease just expires) */
  onError?(work: ClaimedWork<P>, error: unknown): Promise<Record<string, unknown>>;
  /** each run's log line and its openkyc_jobs_total{kind,outcome} count (docs/operations.md) */
  report: { kind: string; ran: string; failed: string; outcome(result: R | null): string };
};

/** In-process, a cron job runs on a timer: one run at a time per process. */
export type TimedWork<R> = {
  everyMs(): number;
  /** a first run when the worker starts (otherwise after one period) */
  atStart: boolean;
  /** wraps each run (the sweep: at most once per period across instances) */
  gate?(run: () => Promise<R | null>, periodMs: number): Promise<void>;
};

export type JobDefinition<P, R> = {
  /** stable: the Inngest function id (deployed Inngest installations know the function by it) */
  name: string;
  triggers: readonly [JobTrigger, ...JobTrigger[]];
  /** Inngest's function-level retries (in-process, each step is retried; lib/jobs/durable.ts) */
  retries: number;
  /** Inngest's concurrency limit (in-process: PolledWork.concurrency, or one timed run at a time) */
  concurrency?: number | { limit: number; key: string };
  /**
   * Inngest only: the event names the work, which must be claimed before running (a "claim" step); `skipped` is
   * the run's result when another run holds it. In-process the poll's claim already did this.
   */
  claimOnEvent?: { claim(payload: P): Promise<boolean>; skipped: string };
  handler(payload: P, step: Durable): Promise<R>;
  /** how the in-process worker runs it; `coveredBy`: another job's in-process run does this job's work */
  inProcess: { poll: PolledWork<P, R> } | { every: TimedWork<R> } | { coveredBy: string; because: string };
};

/** Any job of the registry (method parameters are bivariant: every definition fits). */
export type Job = JobDefinition<never, unknown>;

export function defineJob<P, R>(job: JobDefinition<P, R>): JobDefinition<P, R> {
  return job;
}
