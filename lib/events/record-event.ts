import "server-only";
import type { Tx } from "@/lib/db";
import { openJson } from "@/lib/crypto/field-crypto";
import { secrets } from "@/lib/secrets";
import type { EventName } from "@/lib/events/event-names";
import type { Prisma } from "@/generated/prisma/client";
import { uuidv7 } from "@/lib/uuidv7";

type Subject = { id: string; accountId: string; workflowId: string; metadata: unknown };

/**
 * Writes an event and one pending delivery per enabled webhook endpoint subscribed to it, inside the caller's
 * transaction: the state change and the promise to tell the integrator commit together (transactional outbox).
 * The payload is fixed here, so every retry sends the same bytes and the same eventId.
 */
export async function recordEvent(tx: Tx, subject: Subject, eventName: EventName, fields: Record<string, unknown> = {}, now = new Date()) {
  const eventId = uuidv7(); // time-ordered, like every other id
  const payload = {
    eventName,
    eventId,
    flowId: subject.workflowId,
    verificationId: subject.id,
    timeStamp: now.toISOString(),
    resource: `/api/v1/verifications/${subject.id}`,
    metadata: openJson(secrets().storageKey, subject.metadata) ?? {}, // sealed when read with raw SQL
    ...fields,
  };
  await tx.event.create({
    data: { id: eventId, accountId: subject.accountId, verificationId: subject.id, name: eventName, payload: payload as Prisma.InputJsonValue, createdAt: now },
  });
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { accountId: subject.accountId, enabled: true, OR: [{ events: { isEmpty: true } }, { events: { has: eventName } }] },
    select: { id: true },
  });
  const deliveries = endpoints.length
    ? await tx.webhookDelivery.createManyAndReturn({ data: endpoints.map((e) => ({ eventId, endpointId: e.id, nextAttemptAt: now })), select: { id: true } })
    : [];
  return { eventId, payload, deliveryIds: deliveries.map((d) => d.id) };
}
