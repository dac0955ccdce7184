import "server-only";
import { DomainError } from "@/lib/core/errors";
import { safeEqual } from "@/lib/core/crypto/hash";
import { prisma } from "@/lib/core/db";
import { OTP_MAX_FAILED_ATTEMPTS } from "@/lib/shared/otp-limits";
import { codeHash, emailHash } from "@/lib/domain/hosted/otp/otp-crypto";

function otpError(message: string) {
  return new DomainError("VALIDATION_ERROR", message, { details: [{ field: "EMAIL_OTP", message }] });
}

/**
 * Checks a code against the latest unused code of (workflow, address) issued for THIS verification, or for none
 * (an API key may ask for a code without a verification id): a code sent for another verification never counts.
 * A wrong code counts as a failed attempt (committed even though the request fails); after 5 the code is dead.
 * Returns the id to consume.
 */
export async function checkEmailOtp(input: {
  workflowId: string;
  verificationId: string;
  email: string;
  code: string;
  now: Date;
}): Promise<string> {
  const otp = await prisma.emailOtp.findFirst({
    where: {
      workflowId: input.workflowId,
      emailHash: emailHash(input.email),
      consumedAt: null,
      OR: [{ verificationId: input.verificationId }, { verificationId: null }],
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, codeHash: true, expiresAt: true, failedAttempts: true },
  });
  if (!otp)
    throw otpError("No code was requested for this e-mail address, or it was already used. Request a new code.");
  if (otp.expiresAt <= input.now) throw otpError("The code has expired. Request a new code.");
  // Reserve the attempt before comparing, atomically: parallel guesses cannot exceed the budget.
  const reserved = await prisma.emailOtp.updateMany({
    where: { id: otp.id, failedAttempts: { lt: OTP_MAX_FAILED_ATTEMPTS } },
    data: { failedAttempts: { increment: 1 } },
  });
  if (reserved.count === 0) throw otpError("Too many wrong attempts. Request a new code.");
  if (!safeEqual(otp.codeHash, codeHash(otp.id, input.code))) {
    const left = Math.max(0, OTP_MAX_FAILED_ATTEMPTS - otp.failedAttempts - 1);
    throw otpError(
      left
        ? `The code is incorrect. ${left} attempt${left === 1 ? "" : "s"} left.`
        : "The code is incorrect. Too many wrong attempts: request a new code.",
    );
  }
  // a right code was not a failed attempt
  await prisma.emailOtp.update({ where: { id: otp.id }, data: { failedAttempts: { decrement: 1 } } });
  return otp.id;
}
