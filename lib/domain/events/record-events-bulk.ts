import "server-only";
import type { Tx } from "@/lib/core/db";
import type { EventName } from "@/lib/domain/events/event-names";
import { eventRow, subscribedEndpoints, type EventSubject } from "@/lib/domain/events/envelope";

/** recordEvent for many verifications at once (the sweep): one insert of events, one of deliveries. */
export async function recordEventsBulk(
  tx: Tx,
  subjects: EventSubject[],
  eventName: EventName,
  fields: Record<string, unknown>,
  now: Date,
): Promise<number> {
  if (!subjects.length) return 0;
  const events = subjects.map((subject) => eventRow(subject, eventName, now, fields).row);
  await tx.event.createMany({ data: events });
  const endpoints = await subscribedEndpoints(
    tx,
    subjects.map((s) => s.id),
    eventName,
  );
  const deliveries = events.flatMap((event) =>
    endpoints
      .filter((e) => e.verificationId === event.verificationId)
      .map((e) => ({ eventId: event.id, endpointId: e.id, nextAttemptAt: now })),
  );
  if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
  return deliveries.length;
}
