"use server";
import { revalidatePath } from "next/cache";
import { memberForAction } from "@/lib/dashboard/current-member";
import { runAction, type ActionState } from "@/lib/dashboard/action-state";
import { updateAccountSettings } from "@/lib/dashboard/update-account-settings";

export async function updateSettingsAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const member = await memberForAction("manageAccount");
    await updateAccountSettings(member, {
      name: String(form.get("name") ?? ""),
      retentionDays: String(form.get("retentionDays") ?? "").trim(),
      allowedRedirectHosts: String(form.get("allowedRedirectHosts") ?? ""),
      allowedFrameOrigins: String(form.get("allowedFrameOrigins") ?? ""),
    });
    revalidatePath("/dashboard", "layout");
    return { ok: "Settings saved." };
  });
}
