import "server-only";
import { DomainError } from "@/lib/core/errors";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { notifyWork } from "@/lib/jobs/dispatch";
import { recordEventsBulk } from "@/lib/domain/events/record-events-bulk";
import { isUuid } from "@/lib/core/ids";
import { readVerificationStatus } from "@/lib/domain/verifications/read-status";
import { STALE_AFTER_MS } from "@/lib/domain/verifications/sweep-stale";

type Swept = { id: string; accountId: string; workflowId: string; metadata: unknown; linkSigned: boolean | null };

/**
 * The sandbox's "fast-forward 24 h" (docs/sandbox.md): a TEST verification that is not final is treated as if its
 * end user had been away for 24 h: its last activity moves back by 24 h and it is abandoned exactly as the stale
 * sweep abandons one (status ABANDONED, `verification_abandoned`, its job done). Live verifications are never
 * touched: for a live key or a live verification this is a 404 / 403, like any id of another world.
 */
export async function fastForwardVerification(accountId: string, verificationId: string, keyMode: "live" | "test") {
  if (keyMode !== "test")
    throw new DomainError(
      "INSUFFICIENT_PERMISSIONS",
      "Fast-forward is a sandbox call: use a test-mode key (sk_test_…).",
    );
  const found = isUuid(verificationId)
    ? await prisma.verification.findFirst({
        where: { id: verificationId, accountId, mode: "test" },
        select: { status: true },
      })
    : null;
  if (!found) throw new DomainError("VERIFICATION_NOT_FOUND", "No test verification of this account has that id.");

  const now = clock.now();
  const abandoned = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Swept[]>`
      UPDATE "Verification"
      SET "status" = 'ABANDONED', "completedAt" = ${now}, "updatedAt" = ${now},
          "lastActivityAt" = ${new Date(now.getTime() - STALE_AFTER_MS - 1000)}
      WHERE "id" = ${verificationId}::uuid AND "mode" = 'test'
        AND "status" IN ('PENDING', 'INITIATED', 'PROCESSING')
      RETURNING "id", "accountId", "workflowId", "metadata", "linkSigned"`;
    await recordEventsBulk(tx, rows, "verification_abandoned", { verificationStatus: "ABANDONED" }, now);
    if (rows.length) await tx.job.updateMany({ where: { verificationId, doneAt: null }, data: { doneAt: now } });
    return rows.length;
  });
  if (!abandoned)
    throw new DomainError("INVALID_STATE", `The verification is ${found.status}: only an open one can be abandoned.`);
  notifyWork("deliveries");
  return readVerificationStatus(accountId, verificationId);
}
