import "server-only";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { idOrNotFound } from "@/lib/core/ids";
import { webhookEndpointOrThrow } from "@/lib/domain/webhooks/manage-webhook-endpoints";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";
import { notifyWork } from "@/lib/jobs/dispatch";
import { TEST_EVENT_NAME } from "@/lib/domain/events/event-names";
import { resendDelivery } from "@/lib/domain/webhooks/attempt-delivery";
import { eventEnvelope } from "@/lib/domain/events/envelope";
import type { Prisma } from "@/generated/prisma/client";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

const LOG_SIZE = 50;

/** The latest deliveries to one endpoint of this account, each with its attempts. */
export async function webhookDeliveryLog(member: Member, endpointId: string) {
  const endpoint = await webhookEndpointOrThrow(member, endpointId);
  const deliveries = await prisma.webhookDelivery.findMany({
    where: { endpointId: endpoint.id, endpoint: { accountId: member.accountId } },
    orderBy: { createdAt: "desc" },
    take: LOG_SIZE,
    select: {
      id: true,
      status: true,
      attempts: true,
      nextAttemptAt: true,
      deliveredAt: true,
      createdAt: true,
      event: { select: { id: true, name: true, verificationId: true } },
      attemptsLog: {
        orderBy: { attempt: "asc" },
        select: {
          id: true,
          attempt: true,
          statusCode: true,
          durationMs: true,
          responseExcerpt: true,
          error: true,
          createdAt: true,
        },
      },
    },
  });
  return { endpoint, deliveries };
}

/** Sends a delivered or failed event again: pending, due now, through the normal delivery path. */
export async function resendMemberDelivery(member: Member, deliveryId: string): Promise<void> {
  assertCan(member, "manageWebhooks");
  const delivery = await prisma.webhookDelivery.findFirst({
    where: { id: idOrNotFound(deliveryId), endpoint: { accountId: member.accountId } },
    select: { id: true, status: true, endpointId: true },
  });
  if (!delivery) throw new NotFoundError("Delivery not found");
  // a pending delivery is already on its way (or waiting for its retry): resending would only race it
  if (delivery.status === "PENDING")
    throw new DashboardError("This delivery is still pending; wait for it to succeed or fail.");
  await resendDelivery(delivery.id);
  await recordAudit(prisma, {
    ...byMember(member),
    action: "webhook_delivery.resent",
    target: { type: "WebhookDelivery", id: delivery.id },
    data: { endpointId: delivery.endpointId },
  });
  notifyWork("deliveries");
}

/**
 * A `webhook_test` event for this one endpoint, written like every other event (event row + pending delivery)
 * and sent by the same worker: signed with the endpoint's secret, retried on failure, logged.
 */
export async function sendTestWebhook(
  member: Member,
  endpointId: string,
): Promise<{ eventId: string; deliveryId: string }> {
  const endpoint = await webhookEndpointOrThrow(member, endpointId);
  if (!endpoint.enabled) throw new DashboardError("Enable the endpoint to send it a test event.");
  const now = clock.now();
  const { eventId, payload } = eventEnvelope(null, TEST_EVENT_NAME, now, {
    test: true,
    message:
      "Test event sent from the OpenKYC dashboard. Verify its signature as for any event; it concerns no verification.",
  });
  const delivery = await prisma.$transaction(async (tx) => {
    await tx.event.create({
      data: {
        id: eventId,
        accountId: member.accountId,
        name: TEST_EVENT_NAME,
        payload: payload as Prisma.InputJsonValue,
        createdAt: now,
      },
    });
    const created = await tx.webhookDelivery.create({
      data: { eventId, endpointId: endpoint.id, nextAttemptAt: now },
      select: { id: true },
    });
    await recordAudit(tx, {
      ...byMember(member),
      action: "webhook_endpoint.test_sent",
      target: { type: "WebhookEndpoint", id: endpoint.id },
      data: { eventId },
    });
    return created;
  });
  notifyWork("deliveries");
  return { eventId, deliveryId: delivery.id };
}
