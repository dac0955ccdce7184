"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { memberAction } from "@/lib/actions/action";
import { done, type ActionState } from "@/lib/actions/action-state";
import { assignCase, AssignCaseSchema } from "@/lib/domain/review/case-lock";
import {
  addDecisionReason,
  AddReasonSchema,
  editDecisionReason,
  EditReasonSchema,
} from "@/lib/domain/review/decision-reasons";
import { addReviewNote, AddNoteSchema } from "@/lib/domain/review/review-notes";
import { ReviewSlaSchema, updateReviewSla } from "@/lib/domain/review/update-review-sla";

// The review desk's server actions: assignment (the case lock), notes, and the owners'/admins' settings.

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

// "me" is the signed-in member: resolved once the member is known
const AssignButtonSchema = AssignCaseSchema.extend({ assigneeId: z.union([z.literal("me"), z.null()]) });

function refreshCase(verificationId: string) {
  revalidatePath(`/dashboard/verifications/${verificationId}`);
  revalidatePath("/dashboard/review");
}

/** Assign to me, or unassign with null; `force`: an owner/admin takes it from whoever holds it. */
export async function assignCaseAction(
  verificationId: string,
  assigneeId: "me" | null,
  force = false,
): Promise<ActionState> {
  const input = { verificationId, assigneeId, force };
  return memberAction({ permission: "review", schema: AssignButtonSchema, input }, async (member, data) => {
    await assignCase(member, { ...data, assigneeId: data.assigneeId && member.userId });
    refreshCase(data.verificationId);
    return done(data.assigneeId ? "Assigned." : "Unassigned.");
  });
}

/** The reassign form: the chosen member. */
export async function reassignCaseAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = {
    verificationId: text(form, "verificationId"),
    assigneeId: text(form, "assigneeId"),
    force: text(form, "force") === "1",
  };
  return memberAction({ permission: "review", schema: AssignCaseSchema, input }, async (member, data) => {
    await assignCase(member, data);
    refreshCase(data.verificationId);
    return done("Reassigned.");
  });
}

export async function addNoteAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { verificationId: text(form, "verificationId"), body: text(form, "body") };
  return memberAction({ permission: "review", schema: AddNoteSchema, input }, async (member, data) => {
    await addReviewNote(member, data);
    refreshCase(data.verificationId);
    return done("Note added.");
  });
}

export async function addReasonAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { decision: text(form, "decision"), label: text(form, "label") };
  return memberAction({ permission: "manageReview", schema: AddReasonSchema, input }, async (member, data) => {
    await addDecisionReason(member, data);
    revalidatePath("/dashboard/review/settings");
    return done("Reason added.");
  });
}

export async function renameReasonAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { reasonId: text(form, "reasonId"), label: text(form, "label") };
  return memberAction({ permission: "manageReview", schema: EditReasonSchema, input }, async (member, data) => {
    await editDecisionReason(member, data);
    revalidatePath("/dashboard/review/settings");
    return done("Reason renamed.");
  });
}

export async function archiveReasonAction(reasonId: string, archived: boolean): Promise<ActionState> {
  const input = { reasonId, archived };
  return memberAction({ permission: "manageReview", schema: EditReasonSchema, input }, async (member, data) => {
    await editDecisionReason(member, data);
    revalidatePath("/dashboard/review/settings");
    return done(archived ? "Archived." : "Restored.");
  });
}

export async function updateSlaAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const input = { amberHours: text(form, "amberHours"), redHours: text(form, "redHours") };
  return memberAction({ permission: "manageReview", schema: ReviewSlaSchema, input }, async (member, data) => {
    await updateReviewSla(member, data);
    revalidatePath("/dashboard/review");
    return done("SLA saved.");
  });
}
