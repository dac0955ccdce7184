import "server-only";
import { z } from "zod";
import { prisma, type Tx } from "@/lib/core/db";
import { EVENT_NAMES } from "@/lib/domain/events/event-names";
import { encryptWebhookSecret, generateWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";

export const WebhookEndpointSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: "Expected an http(s) URL" }).max(2048),
  // empty: every event
  events: z.array(z.enum(EVENT_NAMES)).default([]),
  enabled: z.boolean().default(true),
  // set once, at creation: a test endpoint gets the events of test verifications only (docs/sandbox.md)
  mode: z.enum(["live", "test"]).optional(),
});

/** Registers an endpoint and returns its secret: shown once. */
export async function createWebhookEndpoint(
  accountId: string,
  input: z.input<typeof WebhookEndpointSchema>,
  db: Tx = prisma,
) {
  const data = WebhookEndpointSchema.parse(input);
  const secret = generateWebhookSecret();
  const endpoint = await db.webhookEndpoint.create({
    data: {
      accountId,
      url: data.url,
      events: data.events,
      enabled: data.enabled,
      mode: data.mode ?? "live",
      secretEncrypted: encryptWebhookSecret(secret),
    },
    select: { id: true, url: true, events: true, mode: true },
  });
  return { ...endpoint, secret };
}
