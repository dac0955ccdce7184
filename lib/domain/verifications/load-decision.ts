import "server-only";
import { prisma } from "@/lib/core/db";
import type { Decision } from "@/lib/jobs/apply-decision-rules";
import { assertCan, type Member } from "@/lib/auth/permissions";

/**
 * How the engine decided a verification of this member's account (Verification.decision, written by
 * finalizeVerification), with the version it was decided under; null when it has none (not finished yet, or
 * finished before decisions were recorded) or belongs to another account.
 */
export async function loadDecision(
  member: Member,
  verificationId: string,
): Promise<{ decision: Decision; version: number; ruleCount: number } | null> {
  assertCan(member, "review");
  const row = await prisma.verification
    .findFirst({
      where: { id: verificationId, accountId: member.accountId },
      select: { decision: true, workflowVersion: { select: { version: true, decisionRules: true } } },
    })
    // an id that is no UUID is simply not found (the page itself answers 404 for it)
    .catch(() => null);
  if (!row?.decision) return null;
  const rules = row.workflowVersion.decisionRules;
  return {
    decision: row.decision as Decision,
    version: row.workflowVersion.version,
    ruleCount: Array.isArray(rules) ? rules.length : 0,
  };
}
