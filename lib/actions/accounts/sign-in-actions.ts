"use server";
import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { signIn } from "@/auth";
import { clientIp } from "@/lib/http/client-ip";
import { consumeRateLimit } from "@/lib/core/rate-limit";
import { CreateAccountSchema } from "@/lib/domain/accounts/create-account";
import { confirmSignup, requestSignup } from "@/lib/domain/accounts/request-signup";
import { signupRefusal } from "@/lib/domain/accounts/signup-mode";
import { env } from "@/lib/core/env";
import { runAction } from "@/lib/actions/action";
import { done, refused, type ActionState } from "@/lib/actions/action-state";

// The sign-in, sign-up and confirmation forms answer like every dashboard action, through the same wrapper.

// The credentials provider judges the pair; a malformed one is simply wrong (no field errors that would tell more)
const LoginSchema = z.object({ email: z.string(), password: z.string() });

/** What the form shows again after an error (React resets a form after its action): never the password. */
function kept(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "")]));
}

export async function login(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
  return runAction({ schema: LoginSchema, input, values: kept(form, ["email"]) }, async ({ email, password }) => {
    try {
      await signIn("credentials", { email, password, redirectTo: "/dashboard" });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error; // the redirect after a successful sign-in
      const code = (error as AuthError & { code?: string }).code;
      return refused(
        code === "rate_limited"
          ? "Too many sign-in attempts. Wait a few minutes and try again."
          : "Wrong e-mail or password.",
      );
    }
    return undefined;
  });
}

/** Sign up: a mail to the address finishes it (lib/domain/accounts/request-signup.ts); the answer never says whether it is taken. */
export async function signup(_state: ActionState, form: FormData): Promise<ActionState> {
  const refusal = await signupRefusal();
  if (refusal) return refused(refusal);
  const input = {
    accountName: form.get("accountName"),
    email: form.get("email"),
    name: form.get("name") || undefined,
    password: form.get("password"),
  };
  const values = kept(form, ["accountName", "name", "email"]);
  return runAction({ schema: CreateAccountSchema, input, values }, async (data) => {
    const limit = await consumeRateLimit(
      `signup-ip:${clientIp(await headers()) ?? "unknown"}`,
      env().SIGNUP_RATE_LIMIT_PER_HOUR,
      3600,
    );
    if (limit.exceeded) return refused("Too many sign-ups from your network. Try again later.");
    const { message } = await requestSignup(data);
    return done(message);
  });
}

/** The confirmation link's button: the account is created, then the owner signs in with the password they chose. */
export async function confirmSignupAction(token: string): Promise<ActionState> {
  const created = await confirmSignup(token);
  if (!created) return refused("This link is invalid, expired or already used. Sign up again.");
  redirect("/login?created=1");
}
