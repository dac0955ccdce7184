import "server-only";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { sql, ts } from "@/lib/core/sql";
import { uuidv7 } from "@/lib/core/ids";
import { postJson, type PostOutcome } from "@/lib/domain/webhooks/safe-request";
import { DELIVERY_TIMEOUT_MS, nextAttemptAfter } from "@/lib/domain/webhooks/retry-schedule";
import { signedHeaders } from "@/lib/domain/webhooks/sign-webhook";
import { decryptWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";
import { metrics } from "@/lib/core/observability/metrics";

/** The note on an attempt whose delivery another worker had already moved on (both requests were sent). */
export const RACED = "raced: another worker recorded this attempt first";

export type DeliveryState = {
  status: "PENDING" | "DELIVERED" | "FAILED";
  nextAttemptAt: Date | null;
  attempts: number;
};

/**
 * One attempt of one delivery: sign, POST (10 s, no redirects, no internal addresses), log the attempt, and set
 * what happens next (delivered, the next retry time, or failed after the last retry). Safe to call twice: a
 * delivery that is no longer pending, or whose next attempt is not due (unless `force`), is left alone.
 */
export async function attemptDelivery(
  deliveryId: string,
  options: { force?: boolean; holdForRetry?: boolean } = {},
): Promise<DeliveryState> {
  const now = clock.now();
  const delivery = await prisma.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: {
      id: true,
      status: true,
      attempts: true,
      nextAttemptAt: true,
      eventId: true,
      event: { select: { payload: true } },
      endpoint: { select: { url: true, secretEncrypted: true, enabled: true } },
    },
  });
  if (!delivery) return { status: "FAILED", nextAttemptAt: null, attempts: 0 };
  const state = { status: delivery.status, nextAttemptAt: delivery.nextAttemptAt, attempts: delivery.attempts };
  if (delivery.status !== "PENDING" || (!options.force && delivery.nextAttemptAt && delivery.nextAttemptAt > now))
    return state;

  const attempt = delivery.attempts + 1;
  const body = JSON.stringify(delivery.event.payload);
  const outcome: PostOutcome = delivery.endpoint.enabled
    ? await postJson(
        delivery.endpoint.url,
        body,
        signedHeaders({
          secret: decryptWebhookSecret(delivery.endpoint.secretEncrypted),
          eventId: delivery.eventId,
          body,
          timestamp: Math.floor(now.getTime() / 1000),
          attempt,
        }),
        { timeoutMs: DELIVERY_TIMEOUT_MS, allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS },
      )
    : { kind: "error", error: "network", message: "endpoint disabled", durationMs: 0 };

  const finishedAt = clock.now();
  const delivered = outcome.kind === "response" && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const next = delivered ? null : nextAttemptAfter(attempt, finishedAt);
  const status = delivered ? "DELIVERED" : next ? "PENDING" : "FAILED";
  const outcomeLabel = delivered ? "delivered" : next ? "retry" : "failed";
  metrics.webhookAttempts.inc({ outcome: outcomeLabel, attempt: String(attempt) });
  metrics.webhookLatency.observe({ outcome: outcomeLabel }, outcome.durationMs / 1000);

  const [recorded] = await sql<{ won: boolean }>("record-webhook-attempt", RECORD_ATTEMPT_SQL, [
    deliveryId,
    attempt,
    status,
    next && ts(next),
    // holdForRetry (Inngest mode): the run that sleeps until the retry owns it, so the relay does not also send it
    options.holdForRetry && next ? ts(new Date(next.getTime() + 120_000)) : null,
    delivered ? ts(finishedAt) : null,
    ts(finishedAt),
    delivery.attempts,
    uuidv7(now.getTime()),
    outcome.kind === "response" ? outcome.statusCode : null,
    outcome.durationMs,
    outcome.kind === "response" ? outcome.excerpt.replaceAll("\u0000", "") : null,
    outcome.kind === "error" ? `${outcome.error}: ${outcome.message}` : delivered ? null : `HTTP ${outcome.statusCode}`,
    ts(now),
  ]);
  if (recorded?.won) return { status, nextAttemptAt: next, attempts: attempt };
  // another worker recorded attempt N first: its outcome, not ours, decides what happens next
  const current = await prisma.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { status: true, nextAttemptAt: true, attempts: true },
  });
  return current ?? { status: "FAILED", nextAttemptAt: null, attempts: attempt };
}

// The attempt recorded in ONE statement (was a transaction of 4 round trips: BEGIN, INSERT, UPDATE, COMMIT).
// Measured (bench:webhooks, 2026-11-22, docs/benchmarks.md): +50 % deliveries/s, -40 % worker CPU per delivery.
// The update is conditional on the attempt count, so two workers racing on one delivery cannot both move it on. The
// loser's request was sent all the same, so its attempt is logged too (the log is what was sent), marked as raced.
const RECORD_ATTEMPT_SQL = `
WITH updated AS (
  UPDATE "WebhookDelivery"
  SET "attempts" = $2, "status" = $3::"DeliveryStatus", "nextAttemptAt" = $4::timestamp(3),
      "lockedUntil" = $5::timestamp(3), "deliveredAt" = $6::timestamp(3), "updatedAt" = $7::timestamp(3)
  WHERE "id" = $1 AND "attempts" = $8
  RETURNING "id"
), logged AS (
  INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attempt", "statusCode", "durationMs", "responseExcerpt", "error",
    "createdAt")
  SELECT $9::uuid, $1::uuid, $2::int, $10::int, $11::int, $12::text,
    CASE WHEN EXISTS (SELECT 1 FROM updated) THEN $13::text
         ELSE concat_ws('; ', $13::text, '${RACED}') END,
    $14::timestamp(3)
)
SELECT EXISTS (SELECT 1 FROM updated) AS "won"`;

/** Resend a delivered or failed event (dashboard): the delivery becomes pending again, due now. */
export async function resendDelivery(deliveryId: string): Promise<void> {
  await prisma.webhookDelivery.update({
    where: { id: deliveryId },
    data: { status: "PENDING", nextAttemptAt: clock.now(), lockedUntil: null, deliveredAt: null },
  });
}
