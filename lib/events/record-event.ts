import "server-only";
import type { Tx } from "@/lib/db";
import type { EventName } from "@/lib/events/event-names";
import type { Prisma } from "@/generated/prisma/client";
import { eventEnvelope, type EventSubject as Subject } from "@/lib/events/envelope";

/**
 * Writes an event and one pending delivery per enabled webhook endpoint subscribed to it, inside the caller's
 * transaction: the state change and the promise to tell the integrator commit together (transactional outbox).
 * The payload (lib/events/envelope.ts) is fixed here, so every retry sends the same bytes and the same eventId.
 */
export async function recordEvent(
  tx: Tx,
  subject: Subject,
  eventName: EventName,
  fields: Record<string, unknown> = {},
  now = new Date(),
) {
  const { eventId, payload } = eventEnvelope(subject, eventName, now, fields);
  await tx.event.create({
    data: {
      id: eventId,
      accountId: subject.accountId,
      verificationId: subject.id,
      name: eventName,
      payload: payload as Prisma.InputJsonValue,
      createdAt: now,
    },
  });
  const endpoints = await tx.webhookEndpoint.findMany({
    where: {
      accountId: subject.accountId,
      enabled: true,
      OR: [{ events: { isEmpty: true } }, { events: { has: eventName } }],
    },
    select: { id: true },
  });
  const deliveries = endpoints.length
    ? await tx.webhookDelivery.createManyAndReturn({
        data: endpoints.map((e) => ({ eventId, endpointId: e.id, nextAttemptAt: now })),
        select: { id: true },
      })
    : [];
  return { eventId, payload, deliveryIds: deliveries.map((d) => d.id) };
}
