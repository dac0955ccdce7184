import "server-only";
import bcrypt from "bcryptjs";
import { prisma } from "@/lib/core/db";

/** bcrypt cost of every stored password (sign-up, invitation, the demo account). */
export const PASSWORD_HASH_ROUNDS = 12;

// a hash to compare against when the e-mail is unknown: that sign-in costs the same time as a wrong password
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= bcrypt.hash("no such user", PASSWORD_HASH_ROUNDS));

/** The user of this e-mail and password, or null. Constant work whether or not the e-mail exists. */
export async function verifyPassword(
  email: string,
  password: string,
): Promise<{ id: string; email: string; name: string | null } | null> {
  const user = await prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const ok = await bcrypt.compare(password, user?.passwordHash ?? (await dummy()));
  return user && ok ? { id: user.id, email: user.email, name: user.name } : null;
}
