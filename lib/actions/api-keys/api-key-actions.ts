"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { memberAction } from "@/lib/actions/action";
import { CHECK_FIELDS, done, refused, type ActionState } from "@/lib/actions/action-state";
import { CreateApiKeySchema } from "@/lib/auth/api-keys/create-api-key";
import { createMemberApiKey, revokeApiKey } from "@/lib/auth/api-keys/manage-api-keys";

const KeyIdSchema = z.object({ keyId: z.string() });

export async function createApiKeyAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const rate = String(form.get("rateLimitPerMinute") ?? "").trim();
  const expires = String(form.get("expiresAt") ?? "").trim();
  const input = {
    name: form.get("name"),
    scopes: form.getAll("scopes"),
    rateLimitPerMinute: rate ? Number(rate) : undefined,
    // a date input: the key works until the end of that day (UTC)
    expiresAt: expires ? new Date(`${expires}T23:59:59.999Z`) : undefined,
    // a test key drives the sandbox (docs/sandbox.md)
    mode: form.get("mode") === "test" ? "test" : "live",
  };
  return memberAction({ permission: "manageCredentials", schema: CreateApiKeySchema, input }, async (member, data) => {
    const result = await createMemberApiKey(member, data);
    if (!result.ok) return refused(CHECK_FIELDS, result.fieldErrors);
    revalidatePath("/dashboard/credentials");
    return done(undefined, { key: result.key, keyPrefix: result.keyPrefix });
  });
}

export async function revokeApiKeyAction(keyId: string): Promise<ActionState> {
  return memberAction(
    { permission: "manageCredentials", schema: KeyIdSchema, input: { keyId } },
    async (member, data) => {
      await revokeApiKey(member, data.keyId);
      revalidatePath("/dashboard/credentials");
      return done();
    },
  );
}
