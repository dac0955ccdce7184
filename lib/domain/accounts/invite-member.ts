import "server-only";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { clock } from "@/lib/core/clock";
import { sha256Hex } from "@/lib/core/crypto/hash";
import { prisma } from "@/lib/core/db";
import { isUuid } from "@/lib/core/ids";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export const INVITATION_TTL_MS = 7 * 86_400_000;
export const ROLES = ["OWNER", "ADMIN", "REVIEWER"] as const;

export const InviteSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter an e-mail address")),
  role: z.enum(ROLES, "Choose a role"),
});

/** The invitation link carries a random token; only its SHA-256 is stored, so the link is shown once. */
export function hashInvitationToken(token: string): string {
  return sha256Hex(`invitation:${token}`);
}

export async function inviteMember(
  member: Actor,
  input: z.input<typeof InviteSchema>,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  assertCan(member, "manageMembers");
  const { email, role } = InviteSchema.parse(input);
  const now = clock.now();
  const already = await prisma.membership.findFirst({
    where: { accountId: member.accountId, user: { email } },
    select: { id: true },
  });
  if (already) throw new DashboardError("This person is already a member");
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const invitation = await prisma.$transaction(async (tx) => {
    const created = await tx.invitation.create({
      data: {
        accountId: member.accountId,
        email,
        role,
        tokenHash: hashInvitationToken(token),
        expiresAt,
        createdAt: now,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      ...byMember(member),
      action: "invitation.created",
      target: { type: "Invitation", id: created.id },
      data: { role },
      at: now,
    });
    return created;
  });
  return { id: invitation.id, token, expiresAt };
}

/** Deletes an open invitation of this account; its link stops working. */
export async function revokeInvitation(member: Actor, invitationId: string): Promise<void> {
  assertCan(member, "manageMembers");
  if (!isUuid(invitationId)) throw new NotFoundError("Invitation not found");
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.invitation.deleteMany({
      where: { id: invitationId, accountId: member.accountId, acceptedAt: null },
    });
    if (!count) throw new NotFoundError("Invitation not found");
    await recordAudit(tx, {
      ...byMember(member),
      action: "invitation.revoked",
      target: { type: "Invitation", id: invitationId },
    });
  });
}
