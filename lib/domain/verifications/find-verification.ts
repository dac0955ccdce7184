import "server-only";
import { DomainError } from "@/lib/core/errors";
import { prisma } from "@/lib/core/db";
import { versionSelect } from "@/lib/domain/flows/workflow-shape";
import { isUuid } from "@/lib/core/ids";

export const verificationSelect = {
  id: true,
  accountId: true,
  workflowId: true,
  identityId: true,
  status: true,
  result: true,
  metadata: true,
  ipAddress: true,
  expiresAt: true,
  createdAt: true,
  completedAt: true,
  mode: true,
  inputsCompletedAt: true,
  livenessChallenge: true,
  linkSigned: true,
  workflowVersion: { select: versionSelect },
  inputs: { select: { fieldName: true, type: true, value: true, fileId: true } },
  steps: {
    select: { processType: true, position: true, status: true, result: true, data: true, completedAt: true },
    orderBy: { position: "asc" },
  },
} as const;

/**
 * A verification of this account, or VERIFICATION_NOT_FOUND: an id of another tenant is indistinguishable
 * from an id that does not exist. With a mode (an API key's), a verification of the other mode is not found either.
 */
export async function findVerificationOrThrow(
  accountId: string,
  verificationId: string,
  mode: "live" | "test" | null = null,
) {
  const where = { id: verificationId, accountId, ...(mode ? { mode } : {}) };
  const verification = isUuid(verificationId)
    ? await prisma.verification.findFirst({ where, select: verificationSelect })
    : null;
  if (!verification)
    throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists for this account.");
  return verification;
}

export type LoadedVerification = Awaited<ReturnType<typeof findVerificationOrThrow>>;
