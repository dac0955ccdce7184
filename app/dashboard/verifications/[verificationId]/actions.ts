"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, refused, type ActionState } from "@/lib/actions/action";
import { deletePersonalData } from "@/lib/domain/privacy/delete-personal-data";
import { correctDocumentData, CORRECTABLE_FIELDS } from "@/lib/domain/review/correct-document-data";
import { decideReview } from "@/lib/domain/review/decide-review";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function decideReviewAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("review", async (member) => {
    const verificationId = text(form, "verificationId");
    const { result } = await decideReview(member, {
      verificationId,
      decision: text(form, "decision") as "APPROVED",
      reason: text(form, "reason"),
      comment: text(form, "comment"),
    });
    revalidatePath(`/dashboard/verifications/${verificationId}`);
    return done(`Decision recorded: ${result.toLowerCase()}. The integrator is notified.`);
  });
}

export async function correctDocumentDataAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("review", async (member) => {
    const verificationId = text(form, "verificationId");
    const fields = Object.fromEntries(CORRECTABLE_FIELDS.filter((f) => form.has(f)).map((f) => [f, text(form, f)]));
    const { updatedFields } = await correctDocumentData(member, {
      verificationId,
      stepId: text(form, "stepId"),
      fields,
    });
    revalidatePath(`/dashboard/verifications/${verificationId}`);
    return done(`Updated ${updatedFields.join(", ")}.`);
  });
}

export async function deletePersonalDataAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("deletePersonalData", async (member) => {
    const verificationId = text(form, "verificationId");
    if (text(form, "confirm") !== "DELETE") return refused("Not confirmed", { confirm: "Type DELETE to confirm" });
    const { filesDeleted } = await deletePersonalData(member, { verificationId });
    revalidatePath(`/dashboard/verifications/${verificationId}`);
    return done(`Personal data deleted (${filesDeleted} file${filesDeleted === 1 ? "" : "s"}).`);
  });
}
