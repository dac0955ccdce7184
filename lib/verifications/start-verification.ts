import "server-only";
import { DomainError } from "@/lib/api/errors";
import { clock } from "@/lib/clock";
import { prisma } from "@/lib/db";
import { notifyWork } from "@/lib/engine/dispatch";
import { recordEvent } from "@/lib/events/record-event";
import { buildInputs } from "@/lib/workflows/inputs";
import { serializeSettings, toWorkflowShape, versionSelect } from "@/lib/workflows/workflow-shape";
import { isUuid } from "@/lib/verifications/find-verification";
import { resumeVerifyUrl } from "@/lib/verifications/verify-url";
import type { Prisma } from "@/generated/prisma/client";

export type StartInput = {
  accountId: string;
  clientId: string;
  flowId: string;
  metadata: Record<string, unknown>;
  ipAddress: string | null;
};

/**
 * The identity of metadata.userId, created on first sight. INSERT … ON CONFLICT DO NOTHING waits for a concurrent
 * insert of the same userId and then reads its row: Prisma's upsert (a read, then an insert) lets two concurrent
 * first starts both insert, and the loser failed with a unique violation (HTTP 500).
 */
async function identityOfUser(tx: Prisma.TransactionClient, accountId: string, userId: string) {
  await tx.identity.createMany({ data: [{ accountId, userId }], skipDuplicates: true });
  return tx.identity.findUniqueOrThrow({ where: { accountId_userId: { accountId, userId } }, select: { id: true } });
}

/**
 * Creates a verification pinned to the workflow's current version, with its identity (reused when
 * metadata.userId was seen before in this account) and the `verification_started` event, in one transaction.
 */
export async function startVerification(input: StartInput) {
  const now = clock.now();
  const workflow = isUuid(input.flowId)
    ? await prisma.workflow.findFirst({
        where: { id: input.flowId, accountId: input.accountId, archivedAt: null },
        select: { id: true, currentVersionId: true, currentVersion: { select: versionSelect } },
      })
    : null;
  if (!workflow?.currentVersion || !workflow.currentVersionId) {
    throw new DomainError("INVALID_WORKFLOW", "flowId does not identify a workflow of this account.");
  }
  const version = workflow.currentVersion;
  const shape = toWorkflowShape(version);
  const userId = input.metadata.userId === undefined ? null : String(input.metadata.userId);
  const ipAddress = typeof input.metadata.ipAddress === "string" ? input.metadata.ipAddress : input.ipAddress;
  const expiryHours = shape.settings.LINK_EXPIRY_HOURS;
  const expiresAt = expiryHours ? new Date(now.getTime() + expiryHours * 3_600_000) : null;

  const verification = await prisma.$transaction(async (tx) => {
    const identity = userId
      ? await identityOfUser(tx, input.accountId, userId)
      : await tx.identity.create({ data: { accountId: input.accountId }, select: { id: true } });
    const created = await tx.verification.create({
      data: {
        accountId: input.accountId,
        workflowId: workflow.id,
        workflowVersionId: workflow.currentVersionId!,
        identityId: identity.id,
        metadata: input.metadata as Prisma.InputJsonObject,
        ipAddress,
        expiresAt,
        createdAt: now,
        lastActivityAt: now,
      },
      select: { id: true, accountId: true, workflowId: true, identityId: true, createdAt: true, expiresAt: true },
    });
    await recordEvent(tx, { ...created, metadata: input.metadata }, "verification_started", {}, now);
    return created;
  });
  notifyWork("deliveries");

  // One object that satisfies both start-response shapes of the spec.
  return {
    verificationId: verification.id,
    identityId: verification.identityId,
    flowId: verification.workflowId,
    metadata: input.metadata,
    ipAddress,
    inputs: buildInputs(shape),
    settings: serializeSettings(version),
    id: verification.id,
    status: "pending" as const,
    createdAt: verification.createdAt.toISOString(),
    verificationUrl: resumeVerifyUrl(verification, input.clientId, now),
  };
}
