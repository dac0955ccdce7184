import { deliveryCreated, deliveriesDue, inngest } from "@/inngest/client";
import { claimDeliveries } from "@/lib/domain/webhooks/claim-deliveries";

// Relay: due deliveries (new ones, and any whose announcement was lost) become one delivery run each.
export const relayDeliveriesFunction = inngest.createFunction(
  { id: "relay-webhook-deliveries", retries: 2, triggers: [deliveriesDue, { cron: "* * * * *" }] },
  async ({ step }) => {
    const ids = await step.run("claim-due", () => claimDeliveries(500));
    if (ids.length)
      await step.sendEvent(
        "fan-out",
        ids.map((deliveryId) => deliveryCreated.create({ deliveryId })),
      );
    return { announced: ids.length };
  },
);
