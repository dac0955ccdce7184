"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { memberAction } from "@/lib/actions/action";
import { done, refused, type ActionState } from "@/lib/actions/action-state";
import { deletePersonalData } from "@/lib/domain/privacy/delete-personal-data";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

// a hidden id: its validation is the domain's lookup (another account's id is not found)
const DeleteSchema = z.object({ verificationId: z.string(), confirm: z.string() });

export async function deletePersonalDataAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { verificationId: text(form, "verificationId"), confirm: text(form, "confirm") };
  return memberAction({ permission: "deletePersonalData", schema: DeleteSchema, input }, async (member, data) => {
    // its own words, not the form-wide "check the fields": a typed confirmation, not a malformed value
    if (data.confirm !== "DELETE") return refused("Not confirmed", { confirm: "Type DELETE to confirm" });
    const { filesDeleted } = await deletePersonalData(member, { verificationId: data.verificationId });
    revalidatePath(`/dashboard/verifications/${data.verificationId}`);
    return done(`Personal data deleted (${filesDeleted} file${filesDeleted === 1 ? "" : "s"}).`);
  });
}
