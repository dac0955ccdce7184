import "server-only";
import { claimDeliveries } from "@/lib/domain/webhooks/claim-deliveries";
import { defineJob } from "@/lib/jobs/define-job";

// Relay: due deliveries (new ones, and any whose announcement was lost) become one deliver-webhook run each.

export const relayWebhookDeliveriesJob = defineJob({
  name: "relay-webhook-deliveries",
  triggers: [{ event: "deliveries.due" }, { cron: "* * * * *" }],
  retries: 2,
  async handler(_payload: unknown, step) {
    const ids = await step.run("claim-due", () => claimDeliveries(500));
    if (ids.length)
      await step.sendEvent(
        "fan-out",
        ids.map((deliveryId) => ({ name: "delivery.created" as const, deliveryId })),
      );
    return { announced: ids.length };
  },
  inProcess: {
    coveredBy: "deliver-webhook",
    because: "the worker's poll claims due deliveries itself: there is no event to relay them to",
  },
});
