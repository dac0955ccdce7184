"use server";
import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "@/auth";
import { clientIp } from "@/lib/http/client-ip";
import { consumeRateLimit } from "@/lib/core/rate-limit";
import { CreateAccountSchema } from "@/lib/domain/accounts/create-account";
import { confirmSignup, requestSignup } from "@/lib/domain/accounts/request-signup";
import { signupRefusal } from "@/lib/domain/accounts/signup-mode";
import { env } from "@/lib/core/env";

import { done, type ActionState } from "@/lib/actions/action";

/** The sign-in, sign-up and confirmation forms answer like every dashboard action (lib/actions/action.ts). */
export type FormState = ActionState;

async function signInOrExplain(email: string, password: string): Promise<FormState> {
  try {
    await signIn("credentials", { email, password, redirectTo: "/dashboard" });
  } catch (error) {
    if (error instanceof AuthError) {
      const code = (error as AuthError & { code?: string }).code;
      return {
        error:
          code === "rate_limited"
            ? "Too many sign-in attempts. Wait a few minutes and try again."
            : "Wrong e-mail or password.",
      };
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

/** Sign up: a mail to the address finishes it (lib/domain/accounts/request-signup.ts); the answer never says whether it is taken. */
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
  const limit = await consumeRateLimit(
    `signup-ip:${clientIp(await headers()) ?? "unknown"}`,
    env().SIGNUP_RATE_LIMIT_PER_HOUR,
    3600,
  );
  if (limit.exceeded) return { values, error: "Too many sign-ups from your network. Try again later." };
  const { message } = await requestSignup(parsed.data);
  return done(message);
}

/** The confirmation link's button: the account is created, then the owner signs in with the password they chose. */
export async function confirmSignupAction(token: string): Promise<FormState> {
  const created = await confirmSignup(token);
  if (!created) return { error: "This link is invalid, expired or already used. Sign up again." };
  redirect("/login?created=1");
}
