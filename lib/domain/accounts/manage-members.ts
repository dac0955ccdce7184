import "server-only";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";
import { z } from "zod";
import { clock } from "@/lib/core/clock";
import { prisma, type Tx } from "@/lib/core/db";
import { ROLES } from "@/lib/domain/accounts/invite-member";
import { isUuid } from "@/lib/core/ids";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export async function listMembers(member: { accountId: string }) {
  const [members, invitations] = await Promise.all([
    prisma.membership.findMany({
      where: { accountId: member.accountId },
      select: {
        id: true,
        role: true,
        canViewPersonalData: true,
        createdAt: true,
        user: { select: { id: true, email: true, name: true } },
      },
      orderBy: { createdAt: "asc" },
    }),
    prisma.invitation.findMany({
      where: { accountId: member.accountId, acceptedAt: null, expiresAt: { gt: clock.now() } },
      select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  return { members, invitations };
}

/** Locks the account's memberships (in id order) and returns the target; an id of another account is not found. */
async function lockedMembership(tx: Tx, accountId: string, membershipId: string) {
  if (!isUuid(membershipId)) throw new NotFoundError("Member not found");
  const rows = await tx.$queryRaw<{ id: string; role: string; userId: string }[]>`
    SELECT "id", "role"::text AS "role", "userId" FROM "Membership" WHERE "accountId" = ${accountId}::uuid ORDER BY "id" FOR UPDATE`;
  const target = rows.find((r) => r.id === membershipId);
  if (!target) throw new NotFoundError("Member not found");
  return { target, owners: rows.filter((r) => r.role === "OWNER").length };
}

export const RoleSchema = z.object({ membershipId: z.string(), role: z.enum(ROLES) });

export async function changeMemberRole(member: Actor, input: z.input<typeof RoleSchema>): Promise<void> {
  assertCan(member, "manageMembers");
  const { membershipId, role } = RoleSchema.parse(input);
  await prisma.$transaction(async (tx) => {
    const { target, owners } = await lockedMembership(tx, member.accountId, membershipId);
    if (target.role === role) return;
    if (target.role === "OWNER" && owners <= 1) throw new DashboardError("The account needs at least one owner");
    await tx.membership.update({ where: { id: membershipId }, data: { role } });
    await recordAudit(tx, {
      ...byMember(member),
      action: "member.role_changed",
      target: { type: "Membership", id: membershipId },
      data: { from: target.role, to: role },
    });
  });
}

export async function removeMember(member: Actor, membershipId: string): Promise<void> {
  assertCan(member, "manageMembers");
  await prisma.$transaction(async (tx) => {
    const { target, owners } = await lockedMembership(tx, member.accountId, membershipId);
    if (target.role === "OWNER" && owners <= 1) throw new DashboardError("The last owner cannot be removed");
    await tx.membership.delete({ where: { id: membershipId } });
    await recordAudit(tx, {
      ...byMember(member),
      action: "member.removed",
      target: { type: "Membership", id: membershipId },
      data: { role: target.role },
    });
  });
}
