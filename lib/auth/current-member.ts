import "server-only";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/auth";
import { prisma } from "@/lib/core/db";
import { CAN, type Member, type Permission, type Role } from "@/lib/auth/permissions";
import { ForbiddenError } from "@/lib/core/errors";

export { CAN, ForbiddenError, type Member, type Permission, type Role };

export const ACCOUNT_COOKIE = "okyc_account";

/**
 * The signed-in user and the account they work in (the `okyc_account` cookie when it names one of their
 * memberships, else their first). Every dashboard page and server action starts here; every query it makes is
 * scoped to `member.accountId`, never to an id from the URL or the form alone.
 */
export const currentMember = cache(async (): Promise<Member | null> => {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const wanted = (await cookies()).get(ACCOUNT_COOKIE)?.value;
  const memberships = await prisma.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: {
      role: true,
      canViewPersonalData: true,
      user: { select: { email: true } },
      account: { select: { id: true, name: true, clientId: true } },
    },
  });
  const chosen = memberships.find((m) => m.account.id === wanted) ?? memberships[0];
  if (!chosen) return null;
  return {
    userId,
    email: chosen.user.email,
    accountId: chosen.account.id,
    accountName: chosen.account.name,
    clientId: chosen.account.clientId,
    role: chosen.role as Role,
    personalData: chosen.canViewPersonalData,
  };
});

/** For pages: the member, or a redirect to sign-in; a role without the permission sees a 404, like a missing page. */
export async function requireMember(permission: Permission = "review"): Promise<Member> {
  const member = await currentMember();
  if (!member) redirect("/login");
  if (!(CAN[permission] as readonly Role[]).includes(member.role)) notFound();
  return member;
}

/** For server actions: the member with the permission, or an error (actions answer, they do not redirect). */
export async function memberForAction(permission: Permission): Promise<Member> {
  const member = await currentMember();
  if (!member || !(CAN[permission] as readonly Role[]).includes(member.role)) throw new ForbiddenError("Not allowed");
  return member;
}
