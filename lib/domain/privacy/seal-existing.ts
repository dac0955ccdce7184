import "server-only";
import { prisma } from "@/lib/core/db";
import type { Prisma } from "@/generated/prisma/client";
import { openJson, openText } from "@/lib/core/crypto/field-crypto";
import { secrets } from "@/lib/core/secrets";

// Rows written before personal data columns were sealed (lib/core/crypto/sealed-columns.ts) are read as they are, and
// sealed here, in batches, when a server starts (instrumentation.ts). Each row is rewritten through the sealing
// client, which also sets its blind indexes, and only if it still holds the value read (compare-and-set): a row
// rewritten meanwhile by the service is left as the service wrote it. Safe to run on several instances at once.

const BATCH = 200;

export type SealedCounts = { verifications: number; inputs: number; steps: number; events: number };

/** One pass over a table in id order: `next(after)` lists unsealed ids after `after`; `seal` rewrites one. */
async function drain(
  next: (after: string) => Promise<string[]>,
  seal: (id: string) => Promise<boolean>,
): Promise<number> {
  let sealed = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const ids = await next(after);
    for (const id of ids) if (await seal(id)) sealed++; // false: rewritten meanwhile, by a writer that sealed it
    if (ids.length < BATCH) return sealed;
    after = ids.at(-1)!;
  }
}

export async function sealExistingRows(): Promise<SealedCounts> {
  const key = secrets().keyring;
  // the compare-and-set compares with the stored (raw) value; the write passes the plain value, sealed on its way
  const verifications = await drain(
    async (after) =>
      (
        await prisma.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Verification" WHERE jsonb_typeof("metadata" -> '$sealed') IS DISTINCT FROM 'string' AND "metadata" <> '{}'::jsonb
        AND "id" > ${after}::uuid ORDER BY "id" LIMIT ${BATCH}`
      ).map((r) => r.id),
    async (id) => {
      const [row] = await prisma.$queryRaw<
        { metadata: Prisma.InputJsonValue }[]
      >`SELECT "metadata" FROM "Verification" WHERE "id" = ${id}::uuid`;
      if (!row) return false;
      const metadata = openJson(key, row.metadata) as Prisma.InputJsonValue;
      return (
        (
          await prisma.verification.updateMany({
            where: { id, metadata: { equals: row.metadata } },
            data: { metadata },
          })
        ).count === 1
      );
    },
  );
  const inputs = await drain(
    async (after) =>
      (
        await prisma.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "VerificationInput" WHERE "value" IS NOT NULL AND "value" NOT LIKE 'sealed:v1:%'
        AND "id" > ${after}::uuid ORDER BY "id" LIMIT ${BATCH}`
      ).map((r) => r.id),
    async (id) => {
      const [row] = await prisma.$queryRaw<
        { fieldName: string; value: string | null }[]
      >`SELECT "fieldName", "value" FROM "VerificationInput" WHERE "id" = ${id}::uuid`;
      if (!row?.value) return false;
      const value = openText(key, row.value);
      return (
        (
          await prisma.verificationInput.updateMany({
            where: { id, value: row.value },
            data: { fieldName: row.fieldName, value },
          })
        ).count === 1
      );
    },
  );
  const steps = await drain(
    async (after) =>
      (
        await prisma.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "VerificationStep"
      WHERE ((jsonb_typeof("data" -> '$sealed') IS DISTINCT FROM 'string' AND "data" <> '{}'::jsonb)
         OR (jsonb_typeof("checks" -> '$sealed') IS DISTINCT FROM 'string' AND "checks" <> '[]'::jsonb))
        AND "id" > ${after}::uuid ORDER BY "id" LIMIT ${BATCH}`
      ).map((r) => r.id),
    async (id) => {
      const [row] = await prisma.$queryRaw<
        { data: Prisma.InputJsonValue; checks: Prisma.InputJsonValue }[]
      >`SELECT "data", "checks" FROM "VerificationStep" WHERE "id" = ${id}::uuid`;
      if (!row) return false;
      const data = openJson(key, row.data) as Prisma.InputJsonValue;
      const checks = openJson(key, row.checks) as Prisma.InputJsonValue;
      return (
        (
          await prisma.verificationStep.updateMany({
            where: { id, data: { equals: row.data }, checks: { equals: row.checks } },
            data: { data, checks },
          })
        ).count === 1
      );
    },
  );
  const events = await drain(
    async (after) =>
      (
        await prisma.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Event" WHERE jsonb_typeof("payload" -> '$sealed') IS DISTINCT FROM 'string'
        AND "id" > ${after}::uuid ORDER BY "id" LIMIT ${BATCH}`
      ).map((r) => r.id),
    async (id) => {
      const [row] = await prisma.$queryRaw<
        { payload: Prisma.InputJsonValue }[]
      >`SELECT "payload" FROM "Event" WHERE "id" = ${id}::uuid`;
      if (!row) return false;
      return (
        (
          await prisma.event.updateMany({
            where: { id, payload: { equals: row.payload } },
            data: { payload: row.payload },
          })
        ).count === 1
      );
    },
  );
  return { verifications, inputs, steps, events };
}
