import "server-only";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { z } from "zod";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { notifyWork } from "@/lib/jobs/dispatch";
import { webhookStatus } from "@/lib/jobs/step-payload";
import { recordEvent } from "@/lib/domain/events/record-event";
import { isUuid } from "@/lib/core/ids";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { DomainError, DashboardError, NotFoundError } from "@/lib/core/errors";
import { holdCaseOrThrow } from "@/lib/domain/review/case-lock";
import { ensureDecisionReasons } from "@/lib/domain/review/decision-reasons";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export const ReviewDecisionSchema = z.object({
  verificationId: z.string().refine(isUuid, "Unknown verification"),
  decision: z.enum(["APPROVED", "DECLINED"]),
  // the label of one of the account's decision reasons for this decision (lib/domain/review/decision-reasons.ts)
  reason: z.string().trim().min(1, "Choose a reason for this decision").max(120, "Choose a reason from the list"),
  // optional words of the reviewer's own, kept in the audit log with the reason
  comment: z
    .string()
    .trim()
    .max(1000, "At most 1000 characters")
    .optional()
    .transform((s) => s || undefined),
});

import { awaitsDecision } from "@/lib/domain/review/awaits-decision";

export { awaitsDecision };

/**
 * A reviewer decides a verification that completed with MANUAL_REVIEW, or whose processing FAILED (both are
 * announced as `verificationStatus: NEEDS_REVIEW`): it becomes COMPLETED with APPROVED or DECLINED,
 * `verification_completed` is recorded again with the new status (deliveries queued in the same transaction)
 * and the decision is audited (from MANUAL_REVIEW or FAILED) with the reason chosen from the account's list.
 * Deciding needs the case lock (lib/domain/review/case-lock.ts): the reviewer holds the case, or takes it when free, in
 * the same transaction; a case another member holds is refused with their name. The update is also conditional on
 * the state read, so two reviewers cannot both decide. The reason stays internal: the event's payload is the
 * same as before (the public contract has no field for it).
 */
export async function decideReview(member: Actor, input: z.input<typeof ReviewDecisionSchema>) {
  assertCan(member, "review");
  const { verificationId, decision, reason: label, comment } = ReviewDecisionSchema.parse(input);
  const now = clock.now();
  const event = await prisma.$transaction(async (tx) => {
    const current = await tx.verification.findFirst({
      where: { id: verificationId, accountId: member.accountId },
      select: {
        id: true,
        accountId: true,
        workflowId: true,
        metadata: true,
        linkSigned: true,
        status: true,
        result: true,
        redactedAt: true,
      },
    });
    if (!current) throw new NotFoundError("Verification not found");
    if (!awaitsDecision(current))
      throw new DashboardError(
        "Only a verification awaiting manual review, or whose processing failed, can be approved or declined",
      );
    const from = current.status === "FAILED" ? "FAILED" : "MANUAL_REVIEW";
    await holdCaseOrThrow(tx, member, verificationId, now);
    await ensureDecisionReasons(tx, member.accountId);
    const reason = await tx.decisionReason.findFirst({
      where: { accountId: member.accountId, decision, label, archivedAt: null },
      select: { id: true, label: true },
    });
    if (!reason)
      throw new DomainError("VALIDATION_ERROR", "Choose a reason from the list", {
        details: [
          { field: "reason", message: `Choose a reason for ${decision === "APPROVED" ? "approving" : "declining"}` },
        ],
      });
    const changed = await tx.verification.updateMany({
      where: {
        id: verificationId,
        accountId: member.accountId,
        status: current.status,
        result: current.result,
        redactedAt: null,
      },
      data: { status: "COMPLETED", result: decision, updatedAt: now },
    });
    if (changed.count !== 1) throw new DashboardError("Someone else decided this verification a moment ago");
    await tx.reviewCase.update({
      where: { verificationId },
      data: { decisionReasonId: reason.id, decisionReason: reason.label, decidedById: member.userId, decidedAt: now },
    });
    const recorded = await recordEvent(
      tx,
      current,
      "verification_completed",
      {
        verificationStatus: webhookStatus("COMPLETED", decision),
        status: "COMPLETED",
        result: decision,
        reviewed: true,
      },
      now,
    );
    await recordAudit(tx, {
      ...byMember(member),
      action: "verification.reviewed",
      target: { type: "Verification", id: verificationId },
      data: {
        from,
        to: decision,
        reason: reason.label,
        reasonId: reason.id,
        ...(comment ? { comment } : {}),
        eventId: recorded.eventId,
      },
      at: now,
    });
    return recorded;
  });
  notifyWork("deliveries");
  return { eventId: event.eventId, result: decision };
}
