"use server";
import { revalidatePath } from "next/cache";
import { memberForAction } from "@/lib/dashboard/current-member";
import { runAction, type ActionState } from "@/lib/dashboard/action-state";
import { deletePersonalData } from "@/lib/privacy/delete-personal-data";
import { correctDocumentData, CORRECTABLE_FIELDS } from "@/lib/review/correct-document-data";
import { decideReview } from "@/lib/review/decide-review";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function decideReviewAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const member = await memberForAction("review");
    const verificationId = text(form, "verificationId");
    const { result } = await decideReview(member, { verificationId, decision: text(form, "decision") as "APPROVED", reason: text(form, "reason") });
    revalidatePath(`/dashboard/verifications/${verificationId}`);
    return { ok: `Decision recorded: ${result.toLowerCase()}. The integrator is notified.` };
  });
}

export async function correctDocumentDataAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const member = await memberForAction("review");
    const verificationId = text(form, "verificationId");
    const fields = Object.fromEntries(CORRECTABLE_FIELDS.filter((f) => form.has(f)).map((f) => [f, text(form, f)]));
    const { updatedFields } = await correctDocumentData(member, { verificationId, stepId: text(form, "stepId"), fields });
    revalidatePath(`/dashboard/verifications/${verificationId}`);
    return { ok: `Updated ${updatedFields.join(", ")}.` };
  });
}

export async function deletePersonalDataAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const member = await memberForAction("deletePersonalData");
    const verificationId = text(form, "verificationId");
    if (text(form, "confirm") !== "DELETE") return { fieldErrors: { confirm: "Type DELETE to confirm" }, error: "Not confirmed" };
    const { filesDeleted } = await deletePersonalData(member, { verificationId });
    revalidatePath(`/dashboard/verifications/${verificationId}`);
    return { ok: `Personal data deleted (${filesDeleted} file${filesDeleted === 1 ? "" : "s"}).` };
  });
}
