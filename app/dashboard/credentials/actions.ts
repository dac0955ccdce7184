"use server";
import { revalidatePath } from "next/cache";
import { actionResult } from "@/lib/dashboard/action-errors";
import { memberForAction } from "@/lib/dashboard/current-member";
import { createMemberApiKey, revokeApiKey } from "@/lib/dashboard/manage-api-keys";

export type CreateKeyState = { ok: true; key: string; keyPrefix: string } | { ok: false; error?: string; fieldErrors?: Record<string, string> } | undefined;

/** Form → key input; the domain function validates (CreateApiKeySchema). */
export async function createApiKeyAction(_state: CreateKeyState, form: FormData): Promise<CreateKeyState> {
  const member = await memberForAction("manageCredentials");
  const rate = String(form.get("rateLimitPerMinute") ?? "").trim();
  const expires = String(form.get("expiresAt") ?? "").trim();
  const result = await actionResult(() =>
    createMemberApiKey(member, {
      name: form.get("name"),
      scopes: form.getAll("scopes"),
      rateLimitPerMinute: rate ? Number(rate) : undefined,
      // a date input: the key works until the end of that day (UTC)
      expiresAt: expires ? new Date(`${expires}T23:59:59.999Z`) : undefined,
    }),
  );
  if (result.ok) {
    revalidatePath("/dashboard/credentials");
    return { ok: true, key: result.key, keyPrefix: result.keyPrefix };
  }
  return result;
}

export async function revokeApiKeyAction(keyId: string) {
  const member = await memberForAction("manageCredentials");
  return actionResult(async () => {
    await revokeApiKey(member, keyId);
    revalidatePath("/dashboard/credentials");
    return { ok: true as const };
  });
}
