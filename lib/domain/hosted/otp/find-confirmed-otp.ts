import "server-only";
import { prisma } from "@/lib/core/db";
import type { ConfirmedOtp } from "@/lib/checks/types";
import { emailHash } from "@/lib/domain/hosted/otp/otp-crypto";

/**
 * The latest code issued for `email` that this verification confirmed (send-inputs consumes it on arrival and
 * records the verification), or null. EMAIL_CHECK decides from it.
 */
export async function findConfirmedOtp(
  verification: { id: string; workflowId: string },
  email: string,
): Promise<ConfirmedOtp | null> {
  const otp = await prisma.emailOtp.findFirst({
    where: {
      verificationId: verification.id,
      workflowId: verification.workflowId,
      emailHash: emailHash(email),
      consumedAt: { not: null },
    },
    orderBy: { consumedAt: "desc" },
    select: { consumedAt: true, expiresAt: true },
  });
  return otp?.consumedAt ? { consumedAt: otp.consumedAt, expiresAt: otp.expiresAt } : null;
}
