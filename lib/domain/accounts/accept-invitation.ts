import "server-only";
import bcrypt from "bcryptjs";
import { z } from "zod";
import { PASSWORD_HASH_ROUNDS } from "@/lib/auth/verify-password";
import { DashboardError } from "@/lib/core/errors";
import { clock } from "@/lib/core/clock";
import { prisma, type Tx } from "@/lib/core/db";
import { hashInvitationToken } from "@/lib/domain/accounts/invite-member";
import { consumeRateLimit } from "@/lib/core/rate-limit";
import { recordAudit } from "@/lib/domain/audit/record-audit";

const INVALID = "This invitation link is invalid, expired or already used";
// acceptances (right or wrong tokens) per client address per hour: tokens cannot be guessed at speed
export const INVITATION_ATTEMPTS_PER_HOUR = 20;

/** Counts an acceptance attempt against the client's address; throws when the address has used its hour. */
async function limitAttempts(ip: string | null) {
  const limit = await consumeRateLimit(`invite-accept:${ip ?? "unknown"}`, INVITATION_ATTEMPTS_PER_HOUR, 3600);
  if (limit.exceeded)
    throw new DashboardError(
      `Too many attempts from your network. Try again in ${Math.ceil(limit.resetSeconds / 60)} min.`,
    );
}

/** What the accept page shows: the open invitation for this token, or null. */
export async function findOpenInvitation(token: string) {
  if (!token || token.length > 100) return null;
  return prisma.invitation.findFirst({
    where: { tokenHash: hashInvitationToken(token), acceptedAt: null, expiresAt: { gt: clock.now() } },
    select: { email: true, role: true, expiresAt: true, account: { select: { name: true } } },
  });
}

/** Marks the invitation used (once: conditional update) and returns it; throws when it is not open. */
async function consume(tx: Tx, token: string, now: Date) {
  const tokenHash = hashInvitationToken(token);
  const { count } = await tx.invitation.updateMany({
    where: { tokenHash, acceptedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now },
  });
  if (count !== 1) throw new DashboardError(INVALID);
  return tx.invitation.findUniqueOrThrow({
    where: { tokenHash },
    select: { id: true, accountId: true, email: true, role: true },
  });
}

async function join(
  tx: Tx,
  invitation: { id: string; accountId: string; role: "OWNER" | "ADMIN" | "REVIEWER" },
  userId: string,
  now: Date,
) {
  const existing = await tx.membership.findUnique({
    where: { accountId_userId: { accountId: invitation.accountId, userId } },
    select: { id: true },
  });
  if (existing) throw new DashboardError("You are already a member of this account");
  await tx.membership.create({
    data: { accountId: invitation.accountId, userId, role: invitation.role, createdAt: now },
  });
  await recordAudit(tx, {
    accountId: invitation.accountId,
    actor: { userId: userId },
    action: "invitation.accepted",
    target: { type: "Invitation", id: invitation.id },
    data: { role: invitation.role },
    at: now,
  });
}

/** A signed-in user joins with an invitation addressed to their e-mail. */
export async function acceptInvitationAsUser(
  user: { userId: string },
  token: string,
  ip: string | null = null,
): Promise<{ accountId: string }> {
  await limitAttempts(ip);
  const now = clock.now();
  return prisma.$transaction(async (tx) => {
    const invitation = await consume(tx, token, now);
    const me = await tx.user.findUniqueOrThrow({ where: { id: user.userId }, select: { email: true } });
    if (me.email !== invitation.email)
      throw new DashboardError("This invitation is for another e-mail address; sign in with that address");
    await join(tx, invitation, user.userId, now);
    return { accountId: invitation.accountId };
  });
}

export const NewUserSchema = z.object({
  name: z.string().trim().min(1, "Required").max(100, "At most 100 characters"),
  password: z.string().min(10, "At least 10 characters").max(200, "At most 200 characters"),
});

/** A signed-out person creates their user (the invitation's e-mail) and joins. */
export async function acceptInvitationAsNewUser(
  token: string,
  input: z.input<typeof NewUserSchema>,
  ip: string | null = null,
): Promise<{ accountId: string; email: string }> {
  await limitAttempts(ip);
  const { name, password } = NewUserSchema.parse(input);
  // the token is looked up (a SHA-256 index) before the password is hashed: a wrong token costs no bcrypt work
  if (!(await findOpenInvitation(token))) throw new DashboardError(INVALID);
  const passwordHash = await bcrypt.hash(password, PASSWORD_HASH_ROUNDS);
  const now = clock.now();
  return prisma.$transaction(async (tx) => {
    const invitation = await consume(tx, token, now);
    if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
      throw new DashboardError("A user with this e-mail already exists: sign in, then open the link again");
    }
    const user = await tx.user.create({ data: { email: invitation.email, name, passwordHash }, select: { id: true } });
    await join(tx, invitation, user.id, now);
    return { accountId: invitation.accountId, email: invitation.email };
  });
}
