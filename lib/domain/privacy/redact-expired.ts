import "server-only";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { redactVerifications } from "@/lib/domain/privacy/redact-verifications";
import { deleteStoredBytes } from "@/lib/engines/storage/file-store";
import { auditRow } from "@/lib/domain/audit/record-audit";

const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * Retention: in every account with `retentionDays` set, final verifications completed longer ago than that are
 * redacted (lib/domain/privacy/redact-verifications.ts), each with a SYSTEM audit row. Batches of 200 through the partial
 * index (accountId, completedAt) WHERE redactedAt IS NULL AND completedAt IS NOT NULL, so redacted rows leave the
 * index and a run with nothing to do reads nothing; SKIP LOCKED keeps concurrent sweeps apart. Runs with the stale sweep.
 */
export async function redactExpiredVerifications(now = clock.now()): Promise<{ redacted: number }> {
  const accounts = await prisma.account.findMany({
    where: { retentionDays: { not: null } },
    select: { id: true, retentionDays: true },
  });
  let redacted = 0;
  for (const account of accounts) {
    const cutoff = new Date(now.getTime() - account.retentionDays! * DAY_MS);
    for (;;) {
      const { count, keys } = await prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "Verification"
          WHERE "accountId" = ${account.id}::uuid AND "redactedAt" IS NULL AND "completedAt" IS NOT NULL AND "completedAt" < ${cutoff}
          ORDER BY "completedAt" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
        const ids = rows.map((r) => r.id);
        const erased = await redactVerifications(tx, account.id, ids, now);
        if (ids.length) {
          await tx.auditLog.createMany({
            data: ids.map((id) =>
              auditRow({
                accountId: account.id,
                actor: { system: null },
                action: "verification.redacted_by_retention",
                target: { type: "Verification", id },
                data: { retentionDays: account.retentionDays },
                at: now,
              }),
            ),
          });
        }
        return { count: ids.length, keys: erased };
      });
      await deleteStoredBytes(keys);
      redacted += count;
      if (count < BATCH) break;
    }
  }
  return { redacted };
}
