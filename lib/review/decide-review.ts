import "server-only";
import { assertCan, DashboardError, NotFoundError, type Member } from "@/lib/dashboard/permissions";
import { z } from "zod";
import { clock } from "@/lib/clock";
import { prisma } from "@/lib/db";
import { notifyWork } from "@/lib/engine/dispatch";
import { webhookStatus } from "@/lib/engine/step-payload";
import { recordEvent } from "@/lib/events/record-event";
import { isUuid } from "@/lib/verifications/find-verification";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export const ReviewDecisionSchema = z.object({
  verificationId: z.string().refine(isUuid, "Unknown verification"),
  decision: z.enum(["APPROVED", "DECLINED"]),
  reason: z.string().trim().min(3, "Give a reason (at least 3 characters)").max(1000, "At most 1000 characters"),
});

/**
 * A reviewer decides a verification that completed with MANUAL_REVIEW: the result becomes APPROVED or DECLINED,
 * `verification_completed` is recorded again with the new status (deliveries queued in the same transaction)
 * and the decision is audited. The update is conditional on MANUAL_REVIEW, so two reviewers cannot both decide.
 */
export async function decideReview(member: Actor, input: z.input<typeof ReviewDecisionSchema>) {
  assertCan(member, "review");
  const { verificationId, decision, reason } = ReviewDecisionSchema.parse(input);
  const now = clock.now();
  const event = await prisma.$transaction(async (tx) => {
    const changed = await tx.verification.updateMany({
      where: { id: verificationId, accountId: member.accountId, status: "COMPLETED", result: "MANUAL_REVIEW", redactedAt: null },
      data: { result: decision, updatedAt: now },
    });
    if (changed.count !== 1) {
      const exists = await tx.verification.findFirst({ where: { id: verificationId, accountId: member.accountId }, select: { id: true } });
      if (!exists) throw new NotFoundError("Verification not found");
      throw new DashboardError("Only a completed verification awaiting manual review can be approved or declined");
    }
    const v = await tx.verification.findUniqueOrThrow({ where: { id: verificationId }, select: { id: true, accountId: true, workflowId: true, metadata: true } });
    const recorded = await recordEvent(tx, v, "verification_completed", { verificationStatus: webhookStatus("COMPLETED", decision), status: "COMPLETED", result: decision, reviewed: true }, now);
    await tx.auditLog.create({
      data: {
        accountId: member.accountId, actorType: "USER", actorId: member.userId, action: "verification.reviewed",
        targetType: "Verification", targetId: verificationId, data: { from: "MANUAL_REVIEW", to: decision, reason, eventId: recorded.eventId }, createdAt: now,
      },
    });
    return recorded;
  });
  notifyWork("deliveries");
  return { eventId: event.eventId, result: decision };
}
