import "server-only";
import { assertCan, type Member } from "@/lib/dashboard/permissions";
import { z } from "zod";
import { prisma } from "@/lib/db";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export const AccountSettingsSchema = z.object({
  name: z.string().trim().min(1, "Required").max(100, "At most 100 characters"),
  // empty: keep personal data until deleted on request
  retentionDays: z.union([z.literal("").transform(() => null), z.coerce.number("Enter a number of days").int("Whole days").min(1, "At least 1 day").max(3650, "At most 3650 days")]),
});

export async function getAccountSettings(member: { accountId: string }) {
  return prisma.account.findUniqueOrThrow({ where: { id: member.accountId }, select: { name: true, retentionDays: true } });
}

export async function updateAccountSettings(member: Actor, input: z.input<typeof AccountSettingsSchema>) {
  assertCan(member, "manageAccount");
  const data = AccountSettingsSchema.parse(input);
  await prisma.$transaction(async (tx) => {
    const before = await tx.account.findUniqueOrThrow({ where: { id: member.accountId }, select: { name: true, retentionDays: true } });
    await tx.account.update({ where: { id: member.accountId }, data });
    await tx.auditLog.create({ data: { accountId: member.accountId, actorType: "USER", actorId: member.userId, action: "account.settings_updated", targetType: "Account", targetId: member.accountId, data: { before, after: data } } });
  });
}
