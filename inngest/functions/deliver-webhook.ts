import { deliveryCreated, inngest } from "@/inngest/client";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";

const MAX_ATTEMPTS = 6;

// One delivery: attempt, and while it is pending sleep until its next attempt time (1 min, 5 min, 15 min, 1 h,
// 6 h). The schedule and the attempt count live in PostgreSQL (attemptDelivery), so a replayed run repeats
// nothing that was recorded.
export const deliverWebhookFunction = inngest.createFunction(
  { id: "deliver-webhook", retries: 0, triggers: [deliveryCreated] },
  async ({ event, step }) => {
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      const state = await step.run(`attempt-${i}`, () => attemptDelivery(event.data.deliveryId, { force: i > 1, holdForRetry: true }));
      if (state.status !== "PENDING" || !state.nextAttemptAt) return state;
      await step.sleepUntil(`wait-${i}`, new Date(state.nextAttemptAt));
    }
    return { status: "FAILED" };
  },
);
