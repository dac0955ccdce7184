import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { env } from "@/lib/core/env";
import { defineLease } from "@/lib/jobs/lease";
import { DELIVERY_TIMEOUT_MS } from "@/lib/domain/webhooks/retry-schedule";

// Due webhook deliveries, claimed through the one lease helper by whoever sends them (the in-process poller,
// Inngest's relay). A claim outlasts one attempt's timeout; one that is not used expires and another takes it over.

export const deliveryLease = defineLease<{ id: string }>({
  table: "WebhookDelivery",
  open: Prisma.sql`"status" = 'PENDING'`,
  dueAt: (now) => Prisma.sql`"nextAttemptAt" <= ${now}`,
  orderBy: "nextAttemptAt",
  countsAttempts: false, // attemptDelivery counts the attempts it makes
  returning: ["id"],
  leaseMs: () => DELIVERY_TIMEOUT_MS + env().ENGINE_LOCK_SECONDS * 1000,
});

export async function claimDeliveries(limit: number): Promise<string[]> {
  return (await deliveryLease.claim(limit)).map((r) => r.id);
}
