import "server-only";
import type { Tx } from "@/lib/db";
import type { EventName } from "@/lib/events/event-names";
import type { Prisma } from "@/generated/prisma/client";
import { eventEnvelope, type EventSubject } from "@/lib/events/envelope";

/** recordEvent for many verifications at once (the sweep): one insert of events, one of deliveries. */
export async function recordEventsBulk(
  tx: Tx,
  subjects: EventSubject[],
  eventName: EventName,
  fields: Record<string, unknown>,
  now: Date,
): Promise<number> {
  if (!subjects.length) return 0;
  const events = subjects.map((subject) => {
    const { eventId, payload } = eventEnvelope(subject, eventName, now, fields);
    return {
      id: eventId,
      accountId: subject.accountId,
      verificationId: subject.id,
      name: eventName,
      payload: payload as Prisma.InputJsonValue,
      createdAt: now,
    };
  });
  await tx.event.createMany({ data: events });
  const accountIds = [...new Set(subjects.map((s) => s.accountId))];
  const endpoints = await tx.webhookEndpoint.findMany({
    where: {
      accountId: { in: accountIds },
      enabled: true,
      OR: [{ events: { isEmpty: true } }, { events: { has: eventName } }],
    },
    select: { id: true, accountId: true },
  });
  const deliveries = events.flatMap((event) =>
    endpoints
      .filter((e) => e.accountId === event.accountId)
      .map((e) => ({ eventId: event.id, endpointId: e.id, nextAttemptAt: now })),
  );
  if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
  return deliveries.length;
}
