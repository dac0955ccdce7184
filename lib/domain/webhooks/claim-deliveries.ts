import "server-only";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { DELIVERY_TIMEOUT_MS } from "@/lib/domain/webhooks/retry-schedule";

// Claiming due deliveries with FOR UPDATE SKIP LOCKED: any number of instances (the in-process poller, Inngest's
// relay) take turns without taking the same row; a claim that is not used expires and another takes it over.

export async function claimDeliveries(limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const now = clock.now();
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE "WebhookDelivery" SET "lockedUntil" = ${new Date(now.getTime() + DELIVERY_TIMEOUT_MS + env().ENGINE_LOCK_SECONDS * 1000)}
    WHERE "id" IN (
      SELECT "id" FROM "WebhookDelivery"
      WHERE "status" = 'PENDING' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING "id"`;
  return rows.map((r) => r.id);
}
