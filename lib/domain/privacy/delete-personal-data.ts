import "server-only";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";
import { z } from "zod";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { redactVerifications } from "@/lib/domain/privacy/redact-verifications";
import { deleteStoredBytes } from "@/lib/engines/storage/file-store";
import { isFinal } from "@/lib/domain/verifications/transitions";
import { isUuid } from "@/lib/core/ids";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

const InputSchema = z.object({ verificationId: z.string().refine(isUuid, "Unknown verification") });

/** A data subject's erasure request, carried out by an owner or admin: the verification becomes a redacted stub. */
export async function deletePersonalData(member: Actor, input: z.input<typeof InputSchema>) {
  assertCan(member, "deletePersonalData");
  const { verificationId } = InputSchema.parse(input);
  const now = clock.now();
  const storageKeys = await prisma.$transaction(async (tx) => {
    const [v] = await tx.$queryRaw<{ status: string; redactedAt: Date | null }[]>`
      SELECT "status"::text AS "status", "redactedAt" FROM "Verification"
      WHERE "id" = ${verificationId}::uuid AND "accountId" = ${member.accountId}::uuid FOR UPDATE`;
    if (!v) throw new NotFoundError("Verification not found");
    if (v.redactedAt) throw new DashboardError("The personal data of this verification was already deleted");
    // the engine may still be reading the inputs of a verification in flight
    if (!isFinal(v.status))
      throw new DashboardError("A verification still in progress cannot be redacted; wait until it is final");
    const keys = await redactVerifications(tx, member.accountId, [verificationId], now);
    await recordAudit(tx, {
      ...byMember(member),
      action: "verification.personal_data_deleted",
      target: { type: "Verification", id: verificationId },
      data: { files: keys.length },
      at: now,
    });
    return keys;
  });
  await deleteStoredBytes(storageKeys);
  return { filesDeleted: storageKeys.length };
}
