import "server-only";
import { assertCan, DashboardError, NotFoundError, type Member } from "@/lib/dashboard/permissions";
import { z } from "zod";
import { clock } from "@/lib/clock";
import { prisma } from "@/lib/db";
import { notifyWork } from "@/lib/engine/dispatch";
import { webhookStatus } from "@/lib/engine/step-payload";
import { recordEvent } from "@/lib/events/record-event";
import { isUuid } from "@/lib/verifications/find-verification";
import { byMember, recordAudit } from "@/lib/audit/record-audit";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export const ReviewDecisionSchema = z.object({
  verificationId: z.string().refine(isUuid, "Unknown verification"),
  decision: z.enum(["APPROVED", "DECLINED"]),
  reason: z.string().trim().min(3, "Give a reason (at least 3 characters)").max(1000, "At most 1000 characters"),
});

/** Whether a reviewer can decide this verification: it awaits manual review, or processing FAILED (announced as NEEDS_REVIEW). */
export function awaitsDecision(v: { status: string; result: string | null; redactedAt: Date | null }): boolean {
  return !v.redactedAt && ((v.status === "COMPLETED" && v.result === "MANUAL_REVIEW") || v.status === "FAILED");
}

/**
 * A reviewer decides a verification that completed with MANUAL_REVIEW, or whose processing FAILED (both are
 * announced as `verificationStatus: NEEDS_REVIEW`): it becomes COMPLETED with APPROVED or DECLINED,
 * `verification_completed` is recorded again with the new status (deliveries queued in the same transaction)
 * and the decision is audited (from MANUAL_REVIEW or FAILED). The update is conditional on the state read, so two
 * reviewers cannot both decide.
 */
export async function decideReview(member: Actor, input: z.input<typeof ReviewDecisionSchema>) {
  assertCan(member, "review");
  const { verificationId, decision, reason } = ReviewDecisionSchema.parse(input);
  const now = clock.now();
  const event = await prisma.$transaction(async (tx) => {
    const current = await tx.verification.findFirst({
      where: { id: verificationId, accountId: member.accountId },
      select: {
        id: true,
        accountId: true,
        workflowId: true,
        metadata: true,
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
      data: { from, to: decision, reason, eventId: recorded.eventId },
      at: now,
    });
    return recorded;
  });
  notifyWork("deliveries");
  return { eventId: event.eventId, result: decision };
}
