import { Inngest, eventType } from "inngest";
import { z } from "zod";

// The one Inngest client and the events it carries, defined once with zod schemas (validated at runtime).
export const inngest = new Inngest({ id: "openkyc" });

/** Every required input of a verification is in: run its processes. */
export const verificationReady = eventType("openkyc/verification.ready", {
  schema: z.object({ verificationId: z.uuid() }),
});

/** Webhook deliveries are due: the relay fans them out to one delivery run each. */
export const deliveriesDue = eventType("openkyc/webhook.deliveries.due", {
  schema: z.object({}),
});

/** One delivery to attempt, with its retries. */
export const deliveryCreated = eventType("openkyc/webhook.delivery.created", {
  schema: z.object({ deliveryId: z.uuid() }),
});
