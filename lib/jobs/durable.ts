import "server-only";
import { notifyWork } from "@/lib/jobs/dispatch";
import { MAX_STEP_ATTEMPTS } from "@/lib/jobs/run-verification";

// The small step interface every job handler is written against (lib/jobs/definitions/*), and its in-process
// adapter. The Inngest adapter (inngest/durable.ts) maps the same three calls onto step.run, step.sleepUntil and
// step.sendEvent, so one handler runs the same way in both modes.

/** Work announced to whoever runs it: a verification ready to process, deliveries due, one delivery to attempt. */
export type WorkEvent =
  | { name: "verification.ready"; verificationId: string }
  | { name: "deliveries.due" }
  | { name: "delivery.created"; deliveryId: string };

export type WorkEventName = WorkEvent["name"];

export type Durable = {
  /** One recorded step: retried when it throws (MAX_STEP_ATTEMPTS in all), never run again once it returned. */
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  /** Wait until `until`. In-process: the run ends here and the poller takes the work up again when it is due. */
  sleepUntil(id: string, until: Date): Promise<void>;
  /** Announce work, as part of the run (not fired and forgotten). */
  sendEvent(id: string, events: WorkEvent[]): Promise<void>;
  /** Whether this adapter's runs outlive a sleep (Inngest); in-process, a sleeping run hands its work back. */
  readonly sleepsDurably: boolean;
  /** How long one step may work (Inngest: it runs within one HTTP request); a long job stops and resumes later. */
  readonly stepBudgetMs: number;
};

/** Delays between the attempts of an in-process step (Inngest applies its own backoff to the same count). */
export const STEP_RETRY_DELAYS_MS = [1_000, 5_000];

/** Thrown by the in-process sleepUntil: the run stops, its state is in PostgreSQL, the poller resumes it. */
export class Suspended extends Error {
  constructor(readonly until: Date) {
    super("suspended until a later attempt");
    this.name = "Suspended";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The in-process adapter: steps run here and now, retried with STEP_RETRY_DELAYS_MS; events nudge the local worker. */
export function inProcessDurable(retryDelaysMs: readonly number[] = STEP_RETRY_DELAYS_MS): Durable {
  return {
    sleepsDurably: false,
    stepBudgetMs: Infinity,
    async run(_id, fn) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await fn();
        } catch (error) {
          if (attempt >= MAX_STEP_ATTEMPTS) throw error;
          await sleep(retryDelaysMs[Math.min(attempt - 1, retryDelaysMs.length - 1)] ?? 1_000);
        }
      }
    },
    async sleepUntil(_id, until) {
      throw new Suspended(until);
    },
    async sendEvent(_id, events) {
      for (const event of events)
        notifyWork(
          event.name === "verification.ready" ? "verification" : "deliveries",
          event.name === "verification.ready" ? event.verificationId : undefined,
        );
    },
  };
}

/** Runs a job's handler in-process; a run that suspended (in-process sleepUntil) returns null. */
export async function runInProcess<T>(
  handler: (d: Durable) => Promise<T>,
  durable = inProcessDurable(),
): Promise<T | null> {
  try {
    return await handler(durable);
  } catch (error) {
    if (error instanceof Suspended) return null;
    throw error;
  }
}
