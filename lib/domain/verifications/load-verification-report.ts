import "server-only";
import { prisma } from "@/lib/core/db";
import { loadVerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { type Member } from "@/lib/auth/permissions";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

/** Audit actions that decide a verification's result (a reviewer's decision; the engine's result is its event). */
const DECISIONS = new Set(["verification.reviewed"]);

/**
 * The auditor report of one verification (the detail, masked as the member may see it, plus who decided and when),
 * and an audit entry that this member produced it. Another account's id is not found, and nothing is logged then.
 */
export async function loadVerificationReport(
  member: Pick<Member, "accountId" | "userId" | "role" | "personalData">,
  verificationId: string,
) {
  const detail = await loadVerificationDetail(member, verificationId);
  await recordAudit(prisma, {
    ...byMember(member),
    action: "verification.report_generated",
    target: { type: "Verification", id: detail.id },
    data: { personalData: detail.personalDataShown },
  });
  const decision = detail.audit.filter((a) => DECISIONS.has(a.action)).at(-1);
  const data = (decision?.data ?? {}) as { from?: unknown; to?: unknown; reason?: unknown };
  const word = (v: unknown) => (typeof v === "string" && v ? v : null);
  const completed = detail.events.filter((e) => e.name === "verification_completed");
  return {
    detail,
    decidedBy: decision
      ? {
          actor: decision.actor,
          at: decision.createdAt,
          from: word(data.from),
          to: word(data.to),
          reason: word(data.reason),
        }
      : null,
    engineResultAt: completed[0]?.createdAt ?? null,
    generatedAt: new Date(),
    generatedBy: (member as { email?: string }).email ?? member.userId,
  };
}
