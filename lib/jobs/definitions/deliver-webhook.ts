import "server-only";
import { attemptDelivery } from "@/lib/domain/webhooks/attempt-delivery";
import { claimDeliveries, deliveryLease } from "@/lib/domain/webhooks/claim-deliveries";
import { MAX_DELIVERY_ATTEMPTS } from "@/lib/domain/webhooks/retry-schedule";
import { defineJob } from "@/lib/jobs/define-job";

// One webhook delivery: attempt, and while it is pending wait until its next attempt time (1 min, 5 min, 15 min,
// 1 h, 6 h). The attempt count and schedule live in PostgreSQL (attemptDelivery), so a replayed or resumed run
// repeats nothing recorded. On Inngest the run sleeps until each retry time, with no function retries (an attempt
// that throws is recorded by the next run the relay starts); in-process the run ends at the wait and the poller
// claims the delivery again when it is due.

export const deliverWebhookJob = defineJob({
  name: "deliver-webhook",
  triggers: [{ event: "delivery.created" }],
  retries: 0,
  async handler({ deliveryId }: { deliveryId: string }, step) {
    for (let i = 1; i <= MAX_DELIVERY_ATTEMPTS; i++) {
      const state = await step.run(`attempt-${i}`, () =>
        attemptDelivery(deliveryId, { force: i > 1, holdForRetry: step.sleepsDurably }),
      );
      if (state.status !== "PENDING" || !state.nextAttemptAt) return state;
      await step.sleepUntil(`wait-${i}`, new Date(state.nextAttemptAt));
    }
    return { status: "FAILED" as const };
  },
  inProcess: {
    poll: {
      concurrency: 16,
      async claim(limit) {
        return (await claimDeliveries(limit)).map((id) => ({
          id,
          payload: { deliveryId: id },
          log: { deliveryId: id },
        }));
      },
      release: (ids) => deliveryLease.release(ids),
      report: {
        kind: "delivery",
        ran: "delivery job",
        failed: "delivery failed to run",
        outcome: (state) => state?.status?.toLowerCase() ?? "suspended",
      },
    },
  },
});
