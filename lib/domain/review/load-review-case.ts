import "server-only";
import { prisma } from "@/lib/core/db";
import { can, type Member } from "@/lib/auth/permissions";
import { caseHolder, listReviewers, type CaseHolder } from "@/lib/domain/review/case-lock";
import { listDecisionReasons } from "@/lib/domain/review/decision-reasons";
import { nextCaseId } from "@/lib/domain/review/list-review-queue";

export type ReviewCaseView = {
  holder: CaseHolder | null;
  /** members who may review, for the reassign list */
  reviewers: { userId: string; name: string }[];
  reasons: { decision: "APPROVED" | "DECLINED"; label: string }[];
  /** the next case of the queue in this verification's mode (live or test), if any */
  nextCaseId: string | null;
  /** an owner/admin may take the case over from its holder, or release it */
  mayForce: boolean;
};

/** What the case view's review panel shows for a verification awaiting a decision (the member's account only). */
export async function loadReviewCase(member: Member, verificationId: string): Promise<ReviewCaseView> {
  const mode =
    (
      await prisma.verification.findFirst({
        where: { id: verificationId, accountId: member.accountId },
        select: { mode: true },
      })
    )?.mode ?? "live";
  const [holder, reviewers, reasons, nextId] = await Promise.all([
    caseHolder(prisma, verificationId),
    listReviewers(member),
    listDecisionReasons(member),
    nextCaseId(member, verificationId, mode),
  ]);
  return {
    holder,
    reviewers,
    reasons: reasons.map((r) => ({ decision: r.decision, label: r.label })),
    nextCaseId: nextId ?? null,
    mayForce: can(member, "manageReview"),
  };
}
