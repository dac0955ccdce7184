import "server-only";
import bcrypt from "bcryptjs";
import { z } from "zod";
import { prisma } from "@/lib/core/db";
import { generateClientId } from "@/lib/auth/api-keys/api-key-secrets";
import { PASSWORD_HASH_ROUNDS } from "@/lib/auth/verify-password";
import { recordAudit } from "@/lib/domain/audit/record-audit";

export const CreateAccountSchema = z.object({
  accountName: z.string().trim().min(1, "Required").max(100, "At most 100 characters"),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  name: z.string().trim().max(100).optional(),
  password: z.string().min(10, "At least 10 characters").max(200, "At most 200 characters"),
});

/** A tenant and its owner, together. */
export async function createAccount(input: z.input<typeof CreateAccountSchema>) {
  const data = CreateAccountSchema.parse(input);
  const passwordHash = await bcrypt.hash(data.password, PASSWORD_HASH_ROUNDS);
  return prisma.$transaction(async (tx) => {
    const account = await tx.account.create({
      data: { name: data.accountName, clientId: generateClientId() },
      select: { id: true, clientId: true },
    });
    const user = await tx.user.create({
      data: { email: data.email, name: data.name, passwordHash },
      select: { id: true },
    });
    await tx.membership.create({ data: { accountId: account.id, userId: user.id, role: "OWNER" } });
    await recordAudit(tx, { accountId: account.id, actor: { userId: user.id }, action: "account.created" });
    return { accountId: account.id, clientId: account.clientId, userId: user.id };
  });
}
