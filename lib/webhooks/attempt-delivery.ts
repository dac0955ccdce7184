import "server-only";
import { clock } from "@/lib/clock";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { postJson, type PostOutcome } from "@/lib/webhooks/safe-request";
import { DELIVERY_TIMEOUT_MS, nextAttemptAfter } from "@/lib/webhooks/retry-schedule";
import { signedHeaders } from "@/lib/webhooks/sign-webhook";
import { decryptWebhookSecret } from "@/lib/webhooks/webhook-secret";

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

  await prisma.$transaction([
    prisma.webhookAttempt.create({
      data: {
        deliveryId,
        attempt,
        durationMs: outcome.durationMs,
        createdAt: now,
        statusCode: outcome.kind === "response" ? outcome.statusCode : null,
        responseExcerpt: outcome.kind === "response" ? outcome.excerpt.replaceAll("\u0000", "") : null,
        error:
          outcome.kind === "error"
            ? `${outcome.error}: ${outcome.message}`
            : delivered
              ? null
              : `HTTP ${outcome.statusCode}`,
      },
    }),
    // conditional on the attempt count: two workers racing on one delivery cannot both record attempt N
    prisma.webhookDelivery.updateMany({
      where: { id: deliveryId, attempts: delivery.attempts },
      // holdForRetry (Inngest mode): the run that sleeps until the retry owns it, so the relay does not also send it
      data: {
        attempts: attempt,
        status,
        nextAttemptAt: next,
        lockedUntil: options.holdForRetry && next ? new Date(next.getTime() + 120_000) : null,
        deliveredAt: delivered ? finishedAt : null,
      },
    }),
  ]);
  return { status, nextAttemptAt: next, attempts: attempt };
}

/** Resend a delivered or failed event (dashboard): the delivery becomes pending again, due now. */
export async function resendDelivery(deliveryId: string): Promise<void> {
  await prisma.webhookDelivery.update({
    where: { id: deliveryId },
    data: { status: "PENDING", nextAttemptAt: clock.now(), lockedUntil: null, deliveredAt: null },
  });
}
