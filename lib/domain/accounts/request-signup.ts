import "server-only";
import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { z } from "zod";
import { PASSWORD_HASH_ROUNDS } from "@/lib/auth/verify-password";
import { CreateAccountSchema } from "@/lib/domain/accounts/create-account";
import { clock } from "@/lib/core/clock";
import { generateClientId } from "@/lib/auth/api-keys/api-key-secrets";
import { sha256Hex } from "@/lib/core/crypto/hash";
import { prisma } from "@/lib/core/db";
import { sendEmail } from "@/lib/domain/email/send-email";
import { env } from "@/lib/core/env";
import { recordAudit } from "@/lib/domain/audit/record-audit";

// Sign-up never says whether an e-mail address already has a user: both cases hash the password, write nothing
// the visitor can see, send one mail to the address and answer the same sentence. A new address gets a link that
// creates the account; a known one gets a notice that someone tried. Only the mailbox's owner learns which.

export const SIGNUP_LINK_HOURS = 24;
export const SIGNUP_SENT_MESSAGE =
  "Check your e-mail: we sent a message to finish creating your account. The link works for 24 hours.";

const hashToken = (token: string) => sha256Hex(`signup:${token}`);

export async function requestSignup(input: z.input<typeof CreateAccountSchema>): Promise<{ message: string }> {
  const data = CreateAccountSchema.parse(input);
  const now = clock.now();
  // the same work on both paths: the password is hashed even when it will never be used
  const passwordHash = await bcrypt.hash(data.password, PASSWORD_HASH_ROUNDS);
  await prisma.pendingSignup.deleteMany({ where: { expiresAt: { lt: now } } });
  const existing = await prisma.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) {
    await sendEmail({
      to: data.email,
      subject: "Someone tried to create an account with your address",
      text: `Someone (perhaps you) tried to create a new OpenKYC account with this e-mail address, which already has one.\n\nTo use your account, sign in at ${new URL("/login", env().PUBLIC_URL)}. If it was not you, you can ignore this message.`,
    });
    return { message: SIGNUP_SENT_MESSAGE };
  }
  const token = randomBytes(32).toString("base64url");
  await prisma.pendingSignup.create({
    data: {
      tokenHash: hashToken(token),
      email: data.email,
      accountName: data.accountName,
      name: data.name,
      passwordHash,
      expiresAt: new Date(now.getTime() + SIGNUP_LINK_HOURS * 3_600_000),
      createdAt: now,
    },
  });
  const link = new URL("/signup/confirm", env().PUBLIC_URL);
  link.searchParams.set("token", token);
  await sendEmail({
    to: data.email,
    subject: "Finish creating your OpenKYC account",
    text: `To create the account "${data.accountName}", open this link within ${SIGNUP_LINK_HOURS} hours:\n\n${link}\n\nIf you did not ask for it, ignore this message.`,
  });
  return { message: SIGNUP_SENT_MESSAGE };
}

/** The link was opened and confirmed: the account and its owner are created (once), with the password given then. */
export async function confirmSignup(token: string): Promise<{ accountId: string; email: string } | null> {
  if (!token || token.length > 100) return null;
  const now = clock.now();
  return prisma.$transaction(async (tx) => {
    const pending = await tx.pendingSignup.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!pending || pending.expiresAt <= now) return null;
    await tx.pendingSignup.delete({ where: { id: pending.id } });
    // the address may have been taken meanwhile (an invitation accepted): nothing is created then
    if (await tx.user.findUnique({ where: { email: pending.email }, select: { id: true } })) return null;
    const account = await tx.account.create({
      data: { name: pending.accountName, clientId: generateClientId() },
      select: { id: true },
    });
    const user = await tx.user.create({
      data: { email: pending.email, name: pending.name, passwordHash: pending.passwordHash },
      select: { id: true },
    });
    await tx.membership.create({ data: { accountId: account.id, userId: user.id, role: "OWNER" } });
    await recordAudit(tx, { accountId: account.id, actor: { userId: user.id }, action: "account.created" });
    return { accountId: account.id, email: pending.email };
  });
}

/** Whether a confirmation link is still good (the confirm page shows its button only then). */
export async function isOpenSignupToken(token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const pending = await prisma.pendingSignup.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { expiresAt: true },
  });
  return Boolean(pending && pending.expiresAt > clock.now());
}
