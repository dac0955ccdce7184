import "server-only";
import { prisma } from "@/lib/core/db";
import { notifyWork } from "@/lib/jobs/dispatch";
import { recordEvent } from "@/lib/domain/events/record-event";

export const FINAL_STATUSES = ["COMPLETED", "FAILED", "ABANDONED", "EXPIRED"] as const;

export function isFinal(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * The link lifetime (LINK_EXPIRY_HOURS) ran out before the inputs were complete → EXPIRED, announced as
 * `verification_abandoned` with reason EXPIRED. Conditional on the current status, so it happens once.
 */
export async function expireVerification(verificationId: string, now: Date): Promise<boolean> {
  const expired = await prisma.$transaction(async (tx) => {
    const changed = await tx.verification.updateMany({
      where: { id: verificationId, status: { in: ["PENDING", "INITIATED"] } },
      data: { status: "EXPIRED", completedAt: now, lastActivityAt: now },
    });
    if (changed.count !== 1) return false;
    const v = await tx.verification.findUniqueOrThrow({
      where: { id: verificationId },
      select: { id: true, accountId: true, workflowId: true, metadata: true, linkSigned: true },
    });
    await recordEvent(tx, v, "verification_abandoned", { verificationStatus: "ABANDONED", reason: "EXPIRED" }, now);
    return true;
  });
  if (expired) notifyWork("deliveries");
  return expired;
}

/** PENDING → INITIATED: the hosted page was opened or the first OTP was requested. */
export async function markInitiated(verificationId: string, now: Date): Promise<void> {
  await prisma.$executeRaw`
    UPDATE "Verification" SET "status" = 'INITIATED', "lastActivityAt" = ${now}, "updatedAt" = ${now}
    WHERE "id" = ${verificationId}::uuid AND "status" IN ('PENDING', 'INITIATED')`;
}
