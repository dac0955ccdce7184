import { deliveryCreated, inngest } from "@/inngest/client";
import { inngestDurable } from "@/inngest/durable";
import { deliveryWorkflow } from "@/lib/jobs/workflows";

// lib/jobs/workflows.ts's deliveryWorkflow on Inngest: it sleeps until each retry time. No function retries: an
// attempt that throws is recorded by the next run the relay starts.
export const deliverWebhookFunction = inngest.createFunction(
  { id: "deliver-webhook", retries: 0, triggers: [deliveryCreated] },
  async ({ event, step }) => deliveryWorkflow(inngestDurable(step), event.data.deliveryId),
);
