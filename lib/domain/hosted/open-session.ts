import "server-only";
import { DomainError } from "@/lib/core/errors";
import { clock } from "@/lib/core/clock";
import { issueVerificationToken, readVerificationToken } from "@/lib/core/crypto/tokens";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { markInitiated } from "@/lib/domain/verifications/transitions";
import type { HostedSession } from "@/lib/domain/hosted/types";

/**
 * The hosted page trades the resume token of a verificationUrl for a short-lived session token that
 * authenticates send-inputs and email-otp for that one verification. Opening the page moves PENDING → INITIATED.
 */
export async function openHostedSession(verificationId: string, resumeToken: string) {
  const now = clock.now();
  if (readVerificationToken(resumeToken, "resume", now) !== verificationId) {
    throw new DomainError("INVALID_API_KEY", "This verification link is invalid or has expired.");
  }
  const verification = await prisma.verification.findUnique({
    where: { id: verificationId },
    select: { id: true, accountId: true, workflowId: true },
  });
  if (!verification) throw new DomainError("VERIFICATION_NOT_FOUND", "This verification no longer exists.");
  const session = await issueHostedSession(verification.id, now);
  return {
    verificationId: verification.id,
    accountId: verification.accountId,
    flowId: verification.workflowId,
    ...session,
  };
}

/** A session token for the hosted page of this verification (which counts as opened: PENDING → INITIATED). */
export async function issueHostedSession(verificationId: string, now = clock.now()): Promise<HostedSession> {
  await markInitiated(verificationId, now);
  const expiresAt = new Date(now.getTime() + env().SESSION_TOKEN_MINUTES * 60_000);
  return {
    sessionToken: issueVerificationToken(verificationId, "session", expiresAt),
    expiresAt: expiresAt.toISOString(),
  };
}
