"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, type ActionState } from "@/lib/dashboard/action";
import { updateAccountSettings } from "@/lib/dashboard/update-account-settings";

export async function updateSettingsAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageAccount", async (member) => {
    await updateAccountSettings(member, {
      name: String(form.get("name") ?? ""),
      retentionDays: String(form.get("retentionDays") ?? "").trim(),
      allowedRedirectHosts: String(form.get("allowedRedirectHosts") ?? ""),
      allowedFrameOrigins: String(form.get("allowedFrameOrigins") ?? ""),
    });
    revalidatePath("/dashboard", "layout");
    return done("Settings saved.");
  });
}
