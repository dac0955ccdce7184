import "server-only";
import type { Tx } from "@/lib/db";

/**
 * Erases the personal data of these verifications of one account, inside the caller's transaction, and keeps each
 * record as a stub (status, result, timestamps, workflow): files (rows and encrypted blobs), input values, every
 * field of every step's data (keys kept, values null), check details, metadata, IP address, e-mail OTP rows, and
 * the metadata / data copies inside recorded event payloads. Returns the storage keys erased, so a storage
 * backend outside PostgreSQL can be told after the commit.
 */
export async function redactVerifications(tx: Tx, accountId: string, ids: string[], now: Date): Promise<string[]> {
  if (!ids.length) return [];
  const files = await tx.storedFile.findMany({ where: { accountId, input: { verificationId: { in: ids } } }, select: { id: true, storageKey: true } });
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
    UPDATE "Event" SET "payload" = ("payload" - 'metadata' - 'data') || '{"metadata": {}, "redacted": true}'::jsonb
    WHERE "verificationId" = ANY(${ids}::uuid[]) AND "accountId" = ${accountId}::uuid`;
  await tx.emailOtp.deleteMany({ where: { verificationId: { in: ids } } });
  await tx.verification.updateMany({ where: { id: { in: ids }, accountId }, data: { metadata: {}, ipAddress: null, redactedAt: now, updatedAt: now } });
  return files.map((f) => f.storageKey);
}
