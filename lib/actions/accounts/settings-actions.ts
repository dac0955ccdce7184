"use server";
import { revalidatePath } from "next/cache";
import { memberAction } from "@/lib/actions/action";
import { done, refused, type ActionState } from "@/lib/actions/action-state";
import { AccountSettingsSchema, updateAccountSettings } from "@/lib/domain/accounts/update-account-settings";
import { removeAccountLogo, saveAccountLogo } from "@/lib/domain/hosted/account-logo";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function updateSettingsAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = {
    name: text(form, "name"),
    retentionDays: text(form, "retentionDays").trim(),
    allowedRedirectHosts: text(form, "allowedRedirectHosts"),
    allowedFrameOrigins: text(form, "allowedFrameOrigins"),
    privacyNoticeUrl: text(form, "privacyNoticeUrl").trim(),
    finishMessage: text(form, "finishMessage"),
    showResultToEndUser: form.get("showResultToEndUser") === "on",
  };
  return memberAction({ permission: "manageAccount", schema: AccountSettingsSchema, input }, async (member) => {
    // the domain parses the form's text itself (its lists are split there): the raw input, not the parsed data
    await updateAccountSettings(member, input);
    revalidatePath("/dashboard", "layout");
    return done("Settings saved.");
  });
}

export async function updateLogoAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageAccount", async (member) => {
    if (form.get("remove") === "1") {
      await removeAccountLogo(member);
    } else {
      // the image itself is checked by the domain (type, size, decoding); the form has no field to mark
      const file = form.get("logo");
      if (!(file instanceof File) || file.size === 0) return refused("Choose an image file.");
      await saveAccountLogo(member, new Uint8Array(await file.arrayBuffer()));
    }
    revalidatePath("/dashboard/settings");
    return done(form.get("remove") === "1" ? "Logo removed." : "Logo saved.");
  });
}
