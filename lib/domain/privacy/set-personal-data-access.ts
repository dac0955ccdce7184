import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/core/db";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";
import { isUuid } from "@/lib/core/ids";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

export const AccessSchema = z.object({ membershipId: z.string(), allowed: z.boolean() });

/**
 * The owner switches a reviewer's personal-data permission (docs/security.md). Owners and admins always see personal
 * data, so their switch is not theirs to turn off: refused, rather than stored and ignored. Audit-logged.
 */
export async function setPersonalDataAccess(
  member: Pick<Member, "accountId" | "userId" | "role">,
  input: z.input<typeof AccessSchema>,
): Promise<void> {
  assertCan(member, "manageMembers");
  const { membershipId, allowed } = AccessSchema.parse(input);
  if (!isUuid(membershipId)) throw new NotFoundError("Member not found");
  await prisma.$transaction(async (tx) => {
    const target = await tx.membership.findFirst({
      where: { id: membershipId, accountId: member.accountId },
      select: { role: true, canViewPersonalData: true },
    });
    if (!target) throw new NotFoundError("Member not found");
    if (target.role !== "REVIEWER")
      throw new DashboardError("Owners and admins always see personal data: change the role first");
    if (target.canViewPersonalData === allowed) return;
    await tx.membership.update({ where: { id: membershipId }, data: { canViewPersonalData: allowed } });
    await recordAudit(tx, {
      ...byMember(member),
      action: allowed ? "member.personal_data_allowed" : "member.personal_data_revoked",
      target: { type: "Membership", id: membershipId },
      data: { role: target.role },
    });
  });
}
