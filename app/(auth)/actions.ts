"use server";
import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { signIn } from "@/auth";
import { clientIp } from "@/lib/api/client-ip";
import { consumeRateLimit } from "@/lib/api/rate-limit";
import { CreateAccountSchema, createAccount } from "@/lib/accounts/create-account";
import { signupRefusal } from "@/lib/accounts/signup-mode";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";

export type FormState = { error?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | undefined;


async function signInOrExplain(email: string, password: string): Promise<FormState> {
  try {
    await signIn("credentials", { email, password, redirectTo: "/dashboard" });
  } catch (error) {
    if (error instanceof AuthError) {
      const code = (error as AuthError & { code?: string }).code;
      return { error: code === "rate_limited" ? "Too many sign-in attempts. Wait a few minutes and try again." : "Wrong e-mail or password." };
    }
    throw error; // the redirect after a successful sign-in
  }
  return undefined;
}

/** What the form shows again after an error (React resets a form after its action): never the password. */
function kept(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "")]));
}

export async function login(_state: FormState, form: FormData): Promise<FormState> {
  const result = await signInOrExplain(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
  return result && { ...result, values: kept(form, ["email"]) };
}

/** Sign up: a new account (tenant) and its owner, then signed in. */
export async function signup(_state: FormState, form: FormData): Promise<FormState> {
  const refusal = await signupRefusal();
  if (refusal) return { error: refusal };
  const parsed = CreateAccountSchema.safeParse({
    accountName: form.get("accountName"),
    email: form.get("email"),
    name: form.get("name") || undefined,
    password: form.get("password"),
  });
  const values = kept(form, ["accountName", "name", "email"]);
  if (!parsed.success) {
    return { values, fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) };
  }
  const limit = await consumeRateLimit(`signup-ip:${clientIp(await headers()) ?? "unknown"}`, env().SIGNUP_RATE_LIMIT_PER_HOUR, 3600);
  if (limit.exceeded) return { values, error: "Too many sign-ups from your network. Try again later." };
  if (await prisma.user.findUnique({ where: { email: parsed.data.email }, select: { id: true } })) {
    return { values, fieldErrors: { email: "An account with this e-mail already exists. Sign in instead." } };
  }
  await createAccount(parsed.data);
  return signInOrExplain(parsed.data.email, parsed.data.password);
}
