"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, type ActionState } from "@/lib/actions/action";
import { createMemberApiKey, revokeApiKey } from "@/lib/auth/api-keys/manage-api-keys";

export type CreateKeyState = ActionState;

/** Form → key input; the domain function validates (CreateApiKeySchema). */
export async function createApiKeyAction(_state: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  return memberAction("manageCredentials", async (member) => {
    const rate = String(form.get("rateLimitPerMinute") ?? "").trim();
    const expires = String(form.get("expiresAt") ?? "").trim();
    const result = await createMemberApiKey(member, {
      name: form.get("name"),
      scopes: form.getAll("scopes"),
      rateLimitPerMinute: rate ? Number(rate) : undefined,
      // a date input: the key works until the end of that day (UTC)
      expiresAt: expires ? new Date(`${expires}T23:59:59.999Z`) : undefined,
      // a test key drives the sandbox (docs/sandbox.md)
      mode: form.get("mode") === "test" ? "test" : "live",
    });
    if (!result.ok) return result;
    revalidatePath("/dashboard/credentials");
    return done(undefined, { key: result.key, keyPrefix: result.keyPrefix });
  });
}

export async function revokeApiKeyAction(keyId: string): Promise<ActionState> {
  return memberAction("manageCredentials", async (member) => {
    await revokeApiKey(member, keyId);
    revalidatePath("/dashboard/credentials");
    return done();
  });
}
