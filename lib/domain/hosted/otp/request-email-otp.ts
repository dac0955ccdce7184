import "server-only";
import { randomInt } from "node:crypto";
import { DomainError } from "@/lib/core/errors";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { sendEmail } from "@/lib/domain/email/send-email";
import { consumeRateLimit } from "@/lib/core/rate-limit";
import {
  OTP_REQUESTS_PER_ADDRESS_PER_HOUR,
  OTP_REQUESTS_PER_HOUR,
  OTP_REQUESTS_PER_VERIFICATION_PER_HOUR,
  OTP_VALIDITY_MS,
} from "@/lib/shared/otp-limits";
import { codeHash, emailHash } from "@/lib/domain/hosted/otp/otp-crypto";
import { uuidv7 } from "@/lib/core/ids";

const HOUR_MS = 3_600_000;

/**
 * Issues a 6-digit code (CSPRNG) for an e-mail address, valid 10 minutes, bound to the verification it was asked
 * for, and mails it. Limits (OTP_RATE_LIMITED with Retry-After): 5 per e-mail address per hour within the account
 * (not across the service: one tenant must not be able to lock an address out of every other tenant's flows),
 * 5 per verification per hour, and, from the hosted page (`clientAddress` given), 10 per client address per hour.
 * A new code replaces the earlier unused codes of the same address for the same verification only, so nobody can
 * void the code someone else is about to type.
 */
export async function requestEmailOtp(input: {
  workflowId: string;
  email: string;
  verificationId: string | null;
  clientAddress?: string | null;
}) {
  const now = clock.now();
  if (input.clientAddress !== undefined) {
    const byAddress = await consumeRateLimit(
      `otp-ip:${input.clientAddress ?? "unknown"}`,
      OTP_REQUESTS_PER_ADDRESS_PER_HOUR,
      3600,
      now,
    );
    if (byAddress.exceeded)
      throw new DomainError(
        "OTP_RATE_LIMITED",
        `Too many codes were asked from your network. Try again in ${Math.ceil(byAddress.resetSeconds / 60)} min.`,
        { retryAfter: byAddress.resetSeconds },
      );
  }
  const hash = emailHash(input.email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = uuidv7(); // time-ordered, like every other id

  const accountId = await prisma.$transaction(async (tx) => {
    const workflow = await tx.workflow.findUnique({ where: { id: input.workflowId }, select: { accountId: true } });
    if (!workflow) throw new DomainError("WORKFLOW_NOT_FOUND", "Workflow not found.");
    // serialise requests for the same address in this account so five concurrent requests cannot become six
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`otp-email:${workflow.accountId}:${hash}`}, 0))`;
    const recent = await tx.emailOtp.findMany({
      where: {
        emailHash: hash,
        workflow: { accountId: workflow.accountId },
        createdAt: { gt: new Date(now.getTime() - HOUR_MS) },
      },
      select: { createdAt: true },
      orderBy: { createdAt: "asc" },
    });
    if (input.verificationId) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`otp-verification:${input.verificationId}`}, 0))`;
      const forVerification = await tx.emailOtp.findMany({
        where: { verificationId: input.verificationId, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } },
        select: { createdAt: true },
        orderBy: { createdAt: "asc" },
      });
      if (forVerification.length >= OTP_REQUESTS_PER_VERIFICATION_PER_HOUR) {
        const oldest =
          forVerification[forVerification.length - OTP_REQUESTS_PER_VERIFICATION_PER_HOUR]!.createdAt.getTime();
        const retryAfter = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
        throw new DomainError(
          "OTP_RATE_LIMITED",
          `At most ${OTP_REQUESTS_PER_VERIFICATION_PER_HOUR} codes per verification per hour. Try again in ${Math.ceil(retryAfter / 60)} min.`,
          { retryAfter },
        );
      }
    }
    if (recent.length >= OTP_REQUESTS_PER_HOUR) {
      const oldest = recent[recent.length - OTP_REQUESTS_PER_HOUR]!.createdAt.getTime();
      const retryAfter = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
      throw new DomainError(
        "OTP_RATE_LIMITED",
        `At most ${OTP_REQUESTS_PER_HOUR} codes per e-mail address per hour. Try again in ${Math.ceil(retryAfter / 60)} min.`,
        { retryAfter },
      );
    }
    await tx.emailOtp.updateMany({
      where: {
        workflowId: input.workflowId,
        emailHash: hash,
        verificationId: input.verificationId,
        consumedAt: null,
        expiresAt: { gt: now },
      },
      data: { expiresAt: now },
    });
    await tx.emailOtp.create({
      data: {
        id,
        workflowId: input.workflowId,
        verificationId: input.verificationId,
        emailHash: hash,
        codeHash: codeHash(id, code),
        expiresAt: new Date(now.getTime() + OTP_VALIDITY_MS),
        createdAt: now,
      },
    });
    return workflow.accountId;
  });

  try {
    await sendEmail({
      accountId,
      to: input.email,
      subject: `Your verification code: ${code}`,
      text: `Your verification code is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
      html: `<p>Your verification code is</p><p style="font-size:24px;letter-spacing:4px"><b>${code}</b></p><p>It expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p>`,
    });
  } catch {
    // an unsent code must not count against the hourly limit
    await prisma.emailOtp.delete({ where: { id } }).catch(() => undefined);
    throw new DomainError("INTERNAL_ERROR", "The e-mail could not be sent. Try again later.");
  }
}
