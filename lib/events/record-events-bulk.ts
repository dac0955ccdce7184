import "server-only";
import type { Tx } from "@/lib/db";
import { openJson } from "@/lib/crypto/field-crypto";
import { secrets } from "@/lib/secrets";
import type { EventName } from "@/lib/events/event-names";
import type { Prisma } from "@/generated/prisma/client";
import { uuidv7 } from "@/lib/uuidv7";

type Subject = { id: string; accountId: string; workflowId: string; metadata: unknown };

/** recordEvent for many verifications at once (the sweep): one insert of events, one of deliveries. */
export async function recordEventsBulk(tx: Tx, subjects: Subject[], eventName: EventName, fields: Record<string, unknown>, now: Date): Promise<number> {
  if (!subjects.length) return 0;
  const events = subjects.map((subject) => {
    const eventId = uuidv7(); // time-ordered, like every other id
    const payload = {
      eventName, eventId, flowId: subject.workflowId, verificationId: subject.id, timeStamp: now.toISOString(),
      resource: `/api/v1/verifications/${subject.id}`, metadata: openJson(secrets().storageKey, subject.metadata) ?? {}, ...fields, // metadata is sealed when read with raw SQL
    };
    return { id: eventId, accountId: subject.accountId, verificationId: subject.id, name: eventName, payload: payload as Prisma.InputJsonValue, createdAt: now };
  });
  await tx.event.createMany({ data: events });
  const accountIds = [...new Set(subjects.map((s) => s.accountId))];
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { accountId: { in: accountIds }, enabled: true, OR: [{ events: { isEmpty: true } }, { events: { has: eventName } }] },
    select: { id: true, accountId: true },
  });
  const deliveries = events.flatMap((event) => endpoints.filter((e) => e.accountId === event.accountId).map((e) => ({ eventId: event.id, endpointId: e.id, nextAttemptAt: now })));
  if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
  return deliveries.length;
}
