import "server-only";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";

export type SignupMode = "open" | "invite" | "closed";

/**
 * Who may create an account (a new tenant) from the sign-up page. SIGNUP_MODE when set; otherwise `open` only
 * while the database has no account at all (the first operator signs up), then `invite`: new people join an
 * existing account through its invitations, and new accounts are made by the operator (`npm run operator`).
 */
export async function signupMode(): Promise<SignupMode> {
  const configured = env().SIGNUP_MODE;
  if (configured) return configured;
  return (await prisma.account.count({ take: 1 })) === 0 ? "open" : "invite";
}

/** Why the sign-up page refuses a new account right now, or null when sign-up is open. */
export async function signupRefusal(): Promise<string | null> {
  const mode = await signupMode();
  if (mode === "open") return null;
  return mode === "invite"
    ? "New accounts on this service are by invitation only. Ask your team for an invitation link, or the operator of this service for an account."
    : "Sign-up is closed on this service.";
}
