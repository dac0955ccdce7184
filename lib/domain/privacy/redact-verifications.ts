import "server-only";
import type { Tx } from "@/lib/core/db";
import type { Prisma } from "@/generated/prisma/client";

// What an event payload keeps after erasure: ids, statuses, results, times, check names and results.
const EVENT_KEYS = [
  "eventName",
  "eventId",
  "flowId",
  "verificationId",
  "timeStamp",
  "resource",
  "verificationStatus",
  "reason",
  "status",
  "result",
  "reviewed",
  "id",
  "stepId",
  "stepRecordId",
  "updatedFields",
] as const;
const STEP_KEYS = ["id", "processType", "status", "result", "startedAt", "completedAt", "durationMs"] as const;

type Json = Record<string, unknown>;
const object = (value: unknown): Json | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;

function pick(source: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (source[key] !== undefined && source[key] !== null) out[key] = source[key];
  return out;
}

/** The checks of a step without their details (names, dates, addresses): name and result only. */
export function redactChecks(checks: unknown): Json[] {
  return Array.isArray(checks) ? checks.map((c) => pick(object(c) ?? {}, ["name", "result"])) : [];
}

/** A step's data with every key kept and every value null (the API's shape stays, the person goes). */
export function redactStepData(data: unknown): Prisma.InputJsonObject {
  const source = object(data) ?? {};
  return Object.fromEntries(Object.keys(source).map((k) => [k, null]));
}

/** An event payload rebuilt from the allow-list, marked redacted, with empty metadata. */
export function redactEventPayload(payload: unknown): Json {
  const source = object(payload) ?? {};
  const out = pick(source, EVENT_KEYS);
  const step = object(source.step);
  if (step) out.step = { ...pick(step, STEP_KEYS), checks: redactChecks(step.checks) };
  return { ...out, metadata: {}, redacted: true };
}

/**
 * Erases the personal data of these verifications of one account, inside the caller's transaction, and keeps each
 * record as a stub (status, result, timestamps, workflow): files (rows and encrypted blobs), input values, every
 * field of every step's data (keys kept, values null), check details, metadata, IP address, e-mail OTP rows and
 * mails, the identity's userId once no other verification uses it, webhook receivers' response excerpts, the data
 * of audit entries about them, and event payloads, rebuilt from an allow-list (EVENT_KEYS, STEP_KEYS: ids,
 * statuses, results, times, check names and results). Returns the storage keys erased, so a storage backend
 * outside PostgreSQL can be told after the commit. lib/domain/privacy/erasure-scan.integration.test.ts searches every
 * table afterwards.
 */
export async function redactVerifications(tx: Tx, accountId: string, ids: string[], now: Date): Promise<string[]> {
  if (!ids.length) return [];
  const files = await tx.storedFile.findMany({
    where: { accountId, input: { verificationId: { in: ids } } },
    select: { id: true, storageKey: true },
  });
  // the addresses mail was sent to, read before the inputs and metadata that name them are erased
  const [emailInputs, metadata] = await Promise.all([
    tx.verificationInput.findMany({
      where: { verificationId: { in: ids }, fieldName: "EMAIL", value: { not: null } },
      select: { value: true },
    }),
    tx.verification.findMany({ where: { id: { in: ids }, accountId }, select: { metadata: true } }),
  ]);
  const addresses = [
    ...new Set(
      [...emailInputs.map((i) => i.value), ...metadata.map((v) => (v.metadata as { email?: unknown } | null)?.email)]
        .filter((e): e is string => typeof e === "string" && e.length > 0)
        .map((e) => e.toLowerCase()),
    ),
  ];
  await tx.verificationInput.updateMany({
    where: { verificationId: { in: ids } },
    data: { value: null, fileId: null },
  });
  // a wallet credential request's nonce and key (issue 34): of no use once the verification is erased
  await tx.credentialRequest.deleteMany({ where: { verificationId: { in: ids } } });
  if (files.length) {
    await tx.storedFile.deleteMany({ where: { id: { in: files.map((f) => f.id) } } });
    // the "postgres" storage backend: the blobs go in the same transaction as their metadata
    await tx.fileBlob.deleteMany({ where: { key: { in: files.map((f) => f.storageKey) } } });
  }
  // step data and event payloads are sealed: rewritten here, through the client that seals them again
  const steps = await tx.verificationStep.findMany({
    where: { verificationId: { in: ids } },
    select: { id: true, data: true, checks: true },
  });
  for (const step of steps) {
    await tx.verificationStep.update({
      where: { id: step.id },
      data: { data: redactStepData(step.data), checks: redactChecks(step.checks) as Prisma.InputJsonValue },
    });
  }
  const events = await tx.event.findMany({
    where: { verificationId: { in: ids }, accountId },
    select: { id: true, payload: true },
  });
  for (const event of events) {
    await tx.event.update({
      where: { id: event.id },
      data: { payload: redactEventPayload(event.payload) as Prisma.InputJsonValue },
    });
  }
  // a receiver may answer with what it was sent: its response excerpts go too (status codes and timings stay)
  await tx.$executeRaw`
    UPDATE "WebhookAttempt" SET "responseExcerpt" = NULL
    WHERE "deliveryId" IN (SELECT d."id" FROM "WebhookDelivery" d JOIN "Event" e ON e."id" = d."eventId" WHERE e."verificationId" = ANY(${ids}::uuid[]))`;
  // who did what, when stays; what they wrote about the person (review notes, corrected values) goes
  await tx.$executeRaw`
    UPDATE "AuditLog" SET "data" = '{"redacted": true}'::jsonb
    WHERE "accountId" = ${accountId}::uuid AND "targetType" = 'Verification' AND "targetId" = ANY(${ids}::text[])`;
  await tx.emailOtp.deleteMany({ where: { verificationId: { in: ids } } });
  // kept Idempotency-Key answers repeat the verification's resume token (and send-inputs' answer its inputs)
  await tx.idempotencyKey.deleteMany({ where: { verificationId: { in: ids }, accountId } });
  await tx.reviewNote.deleteMany({ where: { verificationId: { in: ids }, accountId } });
  // the consent record stays (what was agreed to, when); the device's address goes
  await tx.verificationConsent.updateMany({ where: { verificationId: { in: ids } }, data: { ipAddress: null } });
  await tx.handoffToken.deleteMany({ where: { verificationId: { in: ids } } });
  // an ongoing-screening alert pairs the person with a list entry's names: it goes with the person (the audit log keeps the decision)
  await tx.watchlistAlert.deleteMany({ where: { verificationId: { in: ids }, accountId } });
  if (addresses.length) {
    await tx.outboxEmail.deleteMany({
      where: { to: { in: addresses, mode: "insensitive" }, OR: [{ accountId }, { accountId: null }] },
    });
  }
  await tx.verification.updateMany({
    where: { id: { in: ids }, accountId },
    data: { metadata: {}, ipAddress: null, redactedAt: now, updatedAt: now },
  });
  // the integrator's user id links the person to their other verifications: gone once none of those remains
  await tx.$executeRaw`
    UPDATE "Identity" i SET "userId" = NULL
    WHERE i."accountId" = ${accountId}::uuid AND i."userId" IS NOT NULL
      AND i."id" IN (SELECT "identityId" FROM "Verification" WHERE "id" = ANY(${ids}::uuid[]))
      AND NOT EXISTS (SELECT 1 FROM "Verification" o WHERE o."identityId" = i."id" AND o."redactedAt" IS NULL)`;
  return files.map((f) => f.storageKey);
}
