import { deliveriesDue, deliveryCreated, verificationReady } from "@/inngest/client";
import type { Durable, WorkEvent, WorkEventName } from "@/lib/jobs/durable";

// The Inngest adapter of lib/jobs/durable.ts: a job handler's run/sleepUntil/sendEvent become step.run,
// step.sleepUntil and step.sendEvent (memoized, retried and replayed by Inngest).

// method syntax: Inngest's own step tools, with their wider signatures, fit it
type Step = {
  run(id: string, fn: () => Promise<unknown>): Promise<unknown>;
  sleepUntil(id: string, until: Date): Promise<unknown>;
  sendEvent(id: string, events: ReturnType<typeof toInngest>[]): Promise<unknown>;
};

/** The Inngest event type of each work event (a job's `{ event }` trigger). */
export const inngestEvents = {
  "verification.ready": verificationReady,
  "delivery.created": deliveryCreated,
  "deliveries.due": deliveriesDue,
} satisfies Record<WorkEventName, unknown>;

function toInngest(event: WorkEvent) {
  switch (event.name) {
    case "verification.ready":
      return verificationReady.create({ verificationId: event.verificationId });
    case "delivery.created":
      return deliveryCreated.create({ deliveryId: event.deliveryId });
    case "deliveries.due":
      return deliveriesDue.create({});
  }
}

export function inngestDurable(step: Step): Durable {
  return {
    sleepsDurably: true,
    stepBudgetMs: 45_000, // a step is one request to this app: well within the platform's request timeout
    // step.run returns the JSON of the value (dates become strings): handlers read dates with new Date()
    run: (id, fn) => step.run(id, fn) as never,
    sleepUntil: async (id, until) => void (await step.sleepUntil(id, until)),
    sendEvent: async (id, events) => void (await step.sendEvent(id, events.map(toInngest))),
  };
}
