"use server";
import { revalidatePath } from "next/cache";
import { memberAction } from "@/lib/actions/action";
import { done, type ActionState } from "@/lib/actions/action-state";
import { correctDocumentData, CORRECTABLE_FIELDS, CorrectionSchema } from "@/lib/domain/review/correct-document-data";
import { decideReview, ReviewDecisionSchema } from "@/lib/domain/review/decide-review";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function decideReviewAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = {
    verificationId: text(form, "verificationId"),
    decision: text(form, "decision"),
    reason: text(form, "reason"),
    comment: text(form, "comment"),
  };
  return memberAction({ permission: "review", schema: ReviewDecisionSchema, input }, async (member, data) => {
    const { result } = await decideReview(member, data);
    revalidatePath(`/dashboard/verifications/${data.verificationId}`);
    return done(`Decision recorded: ${result.toLowerCase()}. The integrator is notified.`);
  });
}

export async function correctDocumentDataAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = {
    verificationId: text(form, "verificationId"),
    stepId: text(form, "stepId"),
    fields: Object.fromEntries(CORRECTABLE_FIELDS.filter((f) => form.has(f)).map((f) => [f, text(form, f)])),
  };
  return memberAction({ permission: "review", schema: CorrectionSchema, input }, async (member) => {
    // the domain parses the form's text itself (an emptied field becomes null there): the raw input, not the data
    const { updatedFields, rescreen } = await correctDocumentData(member, input);
    revalidatePath(`/dashboard/verifications/${input.verificationId}`);
    const screened = !rescreen
      ? ""
      : rescreen.reopened
        ? " The watchlist screening ran again on the corrected data and found a potential match: the case is back in review."
        : ` The watchlist screening ran again on the corrected data: ${rescreen.result}.`;
    return done(`Updated ${updatedFields.join(", ")}.${screened}`);
  });
}
