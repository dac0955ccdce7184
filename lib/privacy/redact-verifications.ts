import "server-only";
import type { Tx } from "@/lib/db";

/**
 * Erases the personal data of these verifications of one account, inside the caller's transaction, and keeps each
 * record as a stub (status, result, timestamps, workflow): files (rows and encrypted blobs), input values, every
 * field of every step's data (keys kept, values null), check details, metadata, IP address, e-mail OTP rows and
 * mails, the identity's userId once no other verification uses it, webhook receivers' response excerpts, the data
 * of audit entries about them, and event payloads, rebuilt from an allow-list (EVENT_KEYS, STEP_KEYS: ids,
 * statuses, results, times, check names and results). Returns the storage keys erased, so a storage backend
 * outside PostgreSQL can be told after the commit. lib/privacy/erasure-scan.integration.test.ts searches every
 * table afterwards.
 */
export async function redactVerifications(tx: Tx, accountId: string, ids: string[], now: Date): Promise<string[]> {
  if (!ids.length) return [];
  const files = await tx.storedFile.findMany({ where: { accountId, input: { verificationId: { in: ids } } }, select: { id: true, storageKey: true } });
  // the addresses mail was sent to, read before the inputs and metadata that name them are erased
  const addresses = await tx.$queryRaw<{ email: string }[]>`
    SELECT DISTINCT lower("value") AS "email" FROM "VerificationInput" WHERE "verificationId" = ANY(${ids}::uuid[]) AND "fieldName" = 'EMAIL' AND "value" IS NOT NULL
    UNION SELECT DISTINCT lower("metadata" ->> 'email') FROM "Verification" WHERE "id" = ANY(${ids}::uuid[]) AND "metadata" ->> 'email' IS NOT NULL`;
  await tx.verificationInput.updateMany({ where: { verificationId: { in: ids } }, data: { value: null, fileId: null } });
  if (files.length) {
    await tx.storedFile.deleteMany({ where: { id: { in: files.map((f) => f.id) } } });
    // the "postgres" storage backend: the blobs go in the same transaction as their metadata
    await tx.fileBlob.deleteMany({ where: { key: { in: files.map((f) => f.storageKey) } } });
  }
  await tx.$executeRaw`
    UPDATE "VerificationStep" SET
      "data" = CASE WHEN jsonb_typeof("data") = 'object'
                 THEN coalesce((SELECT jsonb_object_agg(k, NULL) FROM jsonb_object_keys("data") AS k), '{}'::jsonb) ELSE '{}'::jsonb END,
      "checks" = CASE WHEN jsonb_typeof("checks") = 'array'
                 THEN coalesce((SELECT jsonb_agg(CASE WHEN jsonb_typeof(c) = 'object' THEN c - 'detail' ELSE c END) FROM jsonb_array_elements("checks") AS c), '[]'::jsonb) ELSE '[]'::jsonb END
    WHERE "verificationId" = ANY(${ids}::uuid[])`;
  await tx.$executeRaw`
    UPDATE "Event" SET "payload" = jsonb_strip_nulls(jsonb_build_object(
        'eventName', "payload" -> 'eventName', 'eventId', "payload" -> 'eventId', 'flowId', "payload" -> 'flowId',
        'verificationId', "payload" -> 'verificationId', 'timeStamp', "payload" -> 'timeStamp', 'resource', "payload" -> 'resource',
        'verificationStatus', "payload" -> 'verificationStatus', 'reason', "payload" -> 'reason', 'status', "payload" -> 'status',
        'result', "payload" -> 'result', 'reviewed', "payload" -> 'reviewed', 'id', "payload" -> 'id', 'stepId', "payload" -> 'stepId',
        'updatedFields', "payload" -> 'updatedFields',
        'step', CASE WHEN jsonb_typeof("payload" -> 'step') = 'object' THEN jsonb_build_object(
          'id', "payload" -> 'step' -> 'id', 'processType', "payload" -> 'step' -> 'processType', 'status', "payload" -> 'step' -> 'status',
          'result', "payload" -> 'step' -> 'result', 'startedAt', "payload" -> 'step' -> 'startedAt', 'completedAt', "payload" -> 'step' -> 'completedAt',
          'durationMs', "payload" -> 'step' -> 'durationMs',
          'checks', coalesce((SELECT jsonb_agg(jsonb_build_object('name', c -> 'name', 'result', c -> 'result'))
                              FROM jsonb_array_elements(CASE WHEN jsonb_typeof("payload" -> 'step' -> 'checks') = 'array' THEN "payload" -> 'step' -> 'checks' ELSE '[]'::jsonb END) AS c), '[]'::jsonb))
        END
      )) || '{"metadata": {}, "redacted": true}'::jsonb
    WHERE "verificationId" = ANY(${ids}::uuid[]) AND "accountId" = ${accountId}::uuid`;
  // a receiver may answer with what it was sent: its response excerpts go too (status codes and timings stay)
  await tx.$executeRaw`
    UPDATE "WebhookAttempt" SET "responseExcerpt" = NULL
    WHERE "deliveryId" IN (SELECT d."id" FROM "WebhookDelivery" d JOIN "Event" e ON e."id" = d."eventId" WHERE e."verificationId" = ANY(${ids}::uuid[]))`;
  // who did what, when stays; what they wrote about the person (review notes, corrected values) goes
  await tx.$executeRaw`
    UPDATE "AuditLog" SET "data" = '{"redacted": true}'::jsonb
    WHERE "accountId" = ${accountId}::uuid AND "targetType" = 'Verification' AND "targetId" = ANY(${ids}::text[])`;
  await tx.emailOtp.deleteMany({ where: { verificationId: { in: ids } } });
  if (addresses.length) {
    await tx.outboxEmail.deleteMany({ where: { to: { in: addresses.map((a) => a.email), mode: "insensitive" }, OR: [{ accountId }, { accountId: null }] } });
  }
  await tx.verification.updateMany({ where: { id: { in: ids }, accountId }, data: { metadata: {}, ipAddress: null, redactedAt: now, updatedAt: now } });
  // the integrator's user id links the person to their other verifications: gone once none of those remains
  await tx.$executeRaw`
    UPDATE "Identity" i SET "userId" = NULL
    WHERE i."accountId" = ${accountId}::uuid AND i."userId" IS NOT NULL
      AND i."id" IN (SELECT "identityId" FROM "Verification" WHERE "id" = ANY(${ids}::uuid[]))
      AND NOT EXISTS (SELECT 1 FROM "Verification" o WHERE o."identityId" = i."id" AND o."redactedAt" IS NULL)`;
  return files.map((f) => f.storageKey);
}
