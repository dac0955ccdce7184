import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Member } from "@/lib/auth/permissions";
import { processFor } from "@/lib/checks/registry";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { sandboxProcess } from "@/lib/domain/sandbox/sandbox-process";
import { loadContext } from "@/lib/jobs/run-verification";

// A decided verification was screened against the watchlists with the name and date of birth its document step read.
// When a reviewer corrects those, the screening is stale: it runs again, as the engine runs it, on the corrected
// data. The WATCHLIST_CHECK step takes the new outcome, the audit log records it, and an APPROVED verification whose
// new screening is not APPROVED (a potential match) goes back to review (result MANUAL_REVIEW); a reviewer's next
// decision is announced as usual (verification_completed). A DECLINED verification stays declined.

type Actor = Pick<Member, "accountId" | "userId" | "role">;

/** The document fields the watchlist screening reads (lib/checks/watchlist-check/watchlist-check.ts subjectOf). */
export const SCREENED_FIELDS: readonly string[] = [
  "full_name",
  "given_names",
  "surname",
  "date_of_birth",
  "nationality",
  "sex",
];

export type RescreenOutcome = { result: string; previousResult: string | null; reopened: boolean } | null;

/** Re-runs the verification's WATCHLIST_CHECK step on its current data; null when it has none. */
export async function rescreenCorrected(member: Actor, verificationId: string): Promise<RescreenOutcome> {
  const step = await prisma.verificationStep.findFirst({
    where: { verificationId, processType: "WATCHLIST_CHECK", status: "COMPLETED" },
    select: { id: true, result: true },
  });
  if (!step) return null;
  const context = await loadContext(verificationId, "WATCHLIST_CHECK");
  const process = context.mode === "test" ? sandboxProcess("WATCHLIST_CHECK") : processFor("WATCHLIST_CHECK");
  const output = await process.run(context);
  const now = clock.now();
  return prisma.$transaction(async (tx) => {
    // the verification row is the lock decisions and corrections take: nothing decides it meanwhile
    const [v] = await tx.$queryRaw<{ status: string; result: string | null; redactedAt: Date | null }[]>`
      SELECT "status"::text AS "status", "result"::text AS "result", "redactedAt" FROM "Verification"
      WHERE "id" = ${verificationId}::uuid AND "accountId" = ${member.accountId}::uuid FOR UPDATE`;
    if (!v || v.redactedAt) return null;
    await tx.verificationStep.update({
      where: { id: step.id },
      data: {
        result: output.result,
        data: output.data as Prisma.InputJsonValue,
        checks: output.checks as Prisma.InputJsonValue,
        completedAt: now,
      },
    });
    const reopened = v.status === "COMPLETED" && v.result === "APPROVED" && output.result !== "APPROVED";
    if (reopened) {
      await tx.verification.update({
        where: { id: verificationId },
        data: { result: "MANUAL_REVIEW", updatedAt: now },
      });
      // back in the queue as a free case: whoever decided it before does not hold it any more
      await tx.reviewCase.updateMany({ where: { verificationId }, data: { assigneeId: null, assignedAt: null } });
    }
    const matches = Array.isArray(output.data.matches) ? output.data.matches.length : 0;
    await recordAudit(tx, {
      ...byMember(member),
      action: "verification.rescreened",
      target: { type: "Verification", id: verificationId },
      data: { stepId: step.id, from: step.result, to: output.result, matches, reopened },
      at: now,
    });
    return { result: output.result, previousResult: step.result, reopened };
  });
}
