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
 *
 * Found by its primary key alone, then checked against the account and mode here: with the id and the account side
 * by side in the query, PostgreSQL planned on statistics taken before the account grew and walked the account's
 * index instead of the primary key, reading the account's verifications one by one (measured: 5,630 rows removed by
 * the filter, 183 buffers, 3.4 ms per call against 1.8 for an account of 6,000; docs/benchmarks.md "API",
 * 2026-11-30) — the status poll's problem (read-status.ts), here in the Prisma query.
 */
export async function findVerificationOrThrow(
  accountId: string,
  verificationId: string,
  mode: "live" | "test" | null = null,
) {
  const verification = isUuid(verificationId)
    ? await prisma.verification.findUnique({ where: { id: verificationId }, select: verificationSelect })
    : null;
  if (!verification || verification.accountId !== accountId || (mode !== null && verification.mode !== mode))
    throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists for this account.");
  return verification;
}

export type LoadedVerification = Awaited<ReturnType<typeof findVerificationOrThrow>>;
