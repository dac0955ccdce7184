"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth, signIn } from "@/auth";
import { clientIp } from "@/lib/http/client-ip";
import {
  acceptInvitationAsNewUser,
  acceptInvitationAsUser,
  NewUserSchema,
} from "@/lib/domain/accounts/accept-invitation";
import { runAction } from "@/lib/actions/action";
import { done, refused, type ActionState } from "@/lib/actions/action-state";
import { ACCOUNT_COOKIE } from "@/lib/auth/current-member";
import { env } from "@/lib/core/env";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** A signed-in user with the invited e-mail joins, and works in the new account from now on. */
export async function joinAsUserAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const result = await runAction(async () => {
    const userId = (await auth())?.user?.id;
    if (!userId) return refused("Sign in first");
    const { accountId } = await acceptInvitationAsUser({ userId }, text(form, "token"), clientIp(await headers()));
    (await cookies()).set(ACCOUNT_COOKIE, accountId, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env().NODE_ENV === "production",
    });
    return done("joined");
  });
  if (result?.ok) redirect("/dashboard");
  return result;
}

/** A signed-out person creates their user (the invitation's e-mail), joins, and is signed in. */
export async function joinAsNewUserAction(_state: ActionState, form: FormData): Promise<ActionState> {
  let email = "";
  const input = { name: text(form, "name"), password: text(form, "password") };
  const result = await runAction({ schema: NewUserSchema, input }, async (data) => {
    const joined = await acceptInvitationAsNewUser(text(form, "token"), data, clientIp(await headers()));
    email = joined.email;
    (await cookies()).set(ACCOUNT_COOKIE, joined.accountId, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env().NODE_ENV === "production",
    });
    return done("joined");
  });
  if (!result?.ok) return result;
  await signIn("credentials", { email, password: text(form, "password"), redirectTo: "/dashboard" });
  return result;
}
