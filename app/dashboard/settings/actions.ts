"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, refused, type ActionState } from "@/lib/actions/action";
import { updateAccountSettings } from "@/lib/domain/accounts/update-account-settings";
import { removeAccountLogo, saveAccountLogo } from "@/lib/domain/hosted/account-logo";

export async function updateSettingsAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageAccount", async (member) => {
    await updateAccountSettings(member, {
      name: String(form.get("name") ?? ""),
      retentionDays: String(form.get("retentionDays") ?? "").trim(),
      allowedRedirectHosts: String(form.get("allowedRedirectHosts") ?? ""),
      allowedFrameOrigins: String(form.get("allowedFrameOrigins") ?? ""),
      privacyNoticeUrl: String(form.get("privacyNoticeUrl") ?? "").trim(),
      finishMessage: String(form.get("finishMessage") ?? ""),
      showResultToEndUser: form.get("showResultToEndUser") === "on",
    });
    revalidatePath("/dashboard", "layout");
    return done("Settings saved.");
  });
}

export async function updateLogoAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageAccount", async (member) => {
    if (form.get("remove") === "1") {
      await removeAccountLogo(member);
    } else {
      const file = form.get("logo");
      if (!(file instanceof File) || file.size === 0) return refused("Choose an image file.");
      await saveAccountLogo(member, new Uint8Array(await file.arrayBuffer()));
    }
    revalidatePath("/dashboard/settings");
    return done(form.get("remove") === "1" ? "Logo removed." : "Logo saved.");
  });
}
