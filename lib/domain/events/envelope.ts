import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/lib/core/db";
import { openJson } from "@/lib/core/crypto/field-crypto";
import { secrets } from "@/lib/core/secrets";
import { uuidv7 } from "@/lib/core/ids";
import { currentRequestId } from "@/lib/core/observability/core";

// The webhook event envelope, built in ONE place (recordEvent, recordEventsBulk and the dashboard's test event):
// eventName, eventId (UUIDv7, the same on every retry), flowId, verificationId, timeStamp, resource, metadata,
// linkSigned (started from a shareable link only), then the event's own fields (docs/api.md, "Events").

export type EventSubject = {
  id: string;
  accountId: string;
  workflowId: string;
  metadata: unknown;
  /** Verification.linkSigned: false marks metadata an unsigned link set (anyone's); null: an API key started it */
  linkSigned: boolean | null;
};

/** A new event's id and payload for one verification. `metadata` may be sealed (read with raw SQL): it is opened. */
export function eventEnvelope(
  subject: EventSubject | null,
  eventName: string,
  now: Date,
  fields: Record<string, unknown> = {},
) {
  const eventId = uuidv7();
  const payload: Record<string, unknown> = {
    eventName,
    eventId,
    flowId: subject?.workflowId ?? null,
    ...(subject ? { verificationId: subject.id } : {}),
    timeStamp: now.toISOString(),
    resource: subject ? `/api/v1/verifications/${subject.id}` : null,
    metadata: subject ? (openJson(secrets().keyring, subject.metadata) ?? {}) : {},
    // issue 33: beside `metadata`, never inside it; only on verifications started from a shareable link
    ...(typeof subject?.linkSigned === "boolean" ? { linkSigned: subject.linkSigned } : {}),
    ...fields,
  };
  return { eventId, payload };
}

/** The Event row of a new event for one verification, and its payload. */
export function eventRow(subject: EventSubject, eventName: string, now: Date, fields: Record<string, unknown> = {}) {
  const { eventId, payload } = eventEnvelope(subject, eventName, now, fields);
  const row = {
    id: eventId,
    accountId: subject.accountId,
    verificationId: subject.id,
    name: eventName,
    payload: payload as Prisma.InputJsonValue,
    createdAt: now,
    // the request (or background job run) that wrote it: the X-Request-Id it answered with, and its log lines
    requestId: currentRequestId(),
  };
  return { row, payload };
}

/**
 * The enabled endpoints that want `eventName` (no selection = every event) for each of these verifications: of
 * the verification's account and of its mode (a test verification's events go to test endpoints only).
 */
export function subscribedEndpoints(tx: Tx, verificationIds: string[], eventName: string) {
  return tx.$queryRaw<{ id: string; accountId: string; verificationId: string }[]>`
    SELECT e."id", e."accountId", v."id" AS "verificationId"
    FROM "Verification" v
    JOIN "WebhookEndpoint" e ON e."accountId" = v."accountId" AND e."enabled" AND e."mode" = v."mode"
      AND (cardinality(e."events") = 0 OR ${eventName} = ANY(e."events"))
    WHERE v."id" = ANY(${verificationIds}::uuid[])`;
}
