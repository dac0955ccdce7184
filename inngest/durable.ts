import { deliveriesDue, deliveryCreated, verificationReady } from "@/inngest/client";
import type { Durable, WorkEvent } from "@/lib/jobs/durable";

// The Inngest adapter of lib/jobs/durable.ts: a workflow's run/sleepUntil/sendEvent become step.run,
// step.sleepUntil and step.sendEvent (memoized, retried and replayed by Inngest).

// method syntax: Inngest's own step tools, with their wider signatures, fit it
type Step = {
  run(id: string, fn: () => Promise<unknown>): Promise<unknown>;
  sleepUntil(id: string, until: Date): Promise<unknown>;
  sendEvent(id: string, events: ReturnType<typeof toInngest>[]): Promise<unknown>;
};

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
    // step.run returns the JSON of the value (dates become strings): workflows read dates with new Date()
    run: (id, fn) => step.run(id, fn) as never,
    sleepUntil: async (id, until) => void (await step.sleepUntil(id, until)),
    sendEvent: async (id, events) => void (await step.sendEvent(id, events.map(toInngest))),
  };
}
