import "server-only";
import type { Tx } from "@/lib/core/db";
import type { EventName } from "@/lib/domain/events/event-names";
import { eventRow, subscribedEndpoints, type EventSubject as Subject } from "@/lib/domain/events/envelope";

/**
 * Writes an event and one pending delivery per enabled webhook endpoint subscribed to it, inside the caller's
 * transaction: the state change and the promise to tell the integrator commit together (transactional outbox).
 * The payload (lib/domain/events/envelope.ts) is fixed here, so every retry sends the same bytes and the same eventId.
 */
export async function recordEvent(
  tx: Tx,
  subject: Subject,
  eventName: EventName,
  fields: Record<string, unknown> = {},
  now = new Date(),
) {
  const { row, payload } = eventRow(subject, eventName, now, fields);
  const eventId = row.id;
  await tx.event.create({ data: row });
  const endpoints = await subscribedEndpoints(tx, [subject.id], eventName);
  const deliveries = endpoints.length
    ? await tx.webhookDelivery.createManyAndReturn({
        data: endpoints.map((e) => ({ eventId, endpointId: e.id, nextAttemptAt: now })),
        select: { id: true },
      })
    : [];
  return { eventId, payload, deliveryIds: deliveries.map((d) => d.id) };
}
