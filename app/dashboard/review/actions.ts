"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, type ActionState } from "@/lib/actions/action";
import { assignCase } from "@/lib/domain/review/case-lock";
import { addDecisionReason, editDecisionReason } from "@/lib/domain/review/decision-reasons";
import { addReviewNote } from "@/lib/domain/review/review-notes";
import { updateReviewSla } from "@/lib/domain/review/update-review-sla";

// The review desk's server actions: assignment (the case lock), notes, and the owners'/admins' settings.

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

function refreshCase(verificationId: string) {
  revalidatePath(`/dashboard/verifications/${verificationId}`);
  revalidatePath("/dashboard/review");
}

/** Assign to a member (or unassign with null); `force`: an owner/admin takes it from whoever holds it. */
export async function assignCaseAction(
  verificationId: string,
  assigneeId: string | null,
  force = false,
): Promise<ActionState> {
  return memberAction("review", async (member) => {
    await assignCase(member, { verificationId, assigneeId: assigneeId === "me" ? member.userId : assigneeId, force });
    refreshCase(verificationId);
    return done(assigneeId ? "Assigned." : "Unassigned.");
  });
}

/** The reassign form: the chosen member. */
export async function reassignCaseAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("review", async (member) => {
    const verificationId = text(form, "verificationId");
    await assignCase(member, {
      verificationId,
      assigneeId: text(form, "assigneeId"),
      force: text(form, "force") === "1",
    });
    refreshCase(verificationId);
    return done("Reassigned.");
  });
}

export async function addNoteAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("review", async (member) => {
    const verificationId = text(form, "verificationId");
    await addReviewNote(member, { verificationId, body: text(form, "body") });
    refreshCase(verificationId);
    return done("Note added.");
  });
}

export async function addReasonAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageReview", async (member) => {
    await addDecisionReason(member, {
      decision: text(form, "decision") as "APPROVED",
      label: text(form, "label"),
    });
    revalidatePath("/dashboard/review/settings");
    return done("Reason added.");
  });
}

export async function renameReasonAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageReview", async (member) => {
    await editDecisionReason(member, { reasonId: text(form, "reasonId"), label: text(form, "label") });
    revalidatePath("/dashboard/review/settings");
    return done("Reason renamed.");
  });
}

export async function archiveReasonAction(reasonId: string, archived: boolean): Promise<ActionState> {
  return memberAction("manageReview", async (member) => {
    await editDecisionReason(member, { reasonId, archived });
    revalidatePath("/dashboard/review/settings");
    return done(archived ? "Archived." : "Restored.");
  });
}

export async function updateSlaAction(_state: ActionState, form: FormData): Promise<ActionState> {
  return memberAction("manageReview", async (member) => {
    await updateReviewSla(member, { amberHours: text(form, "amberHours"), redHours: text(form, "redHours") });
    revalidatePath("/dashboard/review");
    return done("SLA saved.");
  });
}
