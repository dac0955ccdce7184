"use server";
import { revalidatePath } from "next/cache";
import { ApiError } from "@/lib/api/errors";
import { actionResult } from "@/lib/dashboard/action-errors";
import { runAction, type ActionState } from "@/lib/dashboard/action-state";
import { setWorkflowArchived } from "@/lib/dashboard/archive-workflow";
import { memberForAction } from "@/lib/dashboard/current-member";
import { duplicateWorkflow } from "@/lib/dashboard/duplicate-workflow";
import { saveWorkflow } from "@/lib/dashboard/save-workflow";
import { DashboardError } from "@/lib/dashboard/permissions";
import { createSignedLink } from "@/lib/hosted/create-signed-link";

/** The builder's save: a new workflow, or a new version of `workflowId`. */
export async function saveWorkflowAction(workflowId: string | null, input: unknown) {
  const member = await memberForAction("manageWorkflows");
  return actionResult(async () => {
    const result = await saveWorkflow(member, input, workflowId ?? undefined);
    if (result.ok) revalidatePath("/dashboard/workflows", "layout");
    return result;
  });
}

export async function duplicateWorkflowAction(workflowId: string) {
  const member = await memberForAction("manageWorkflows");
  return actionResult(async () => {
    const copy = await duplicateWorkflow(member, workflowId);
    revalidatePath("/dashboard/workflows", "layout");
    return { ok: true as const, ...copy, redirectTo: `/dashboard/workflows/${copy.workflowId}` };
  });
}

export async function setWorkflowArchivedAction(workflowId: string, archived: boolean) {
  const member = await memberForAction("manageWorkflows");
  return actionResult(async () => {
    await setWorkflowArchived(member, workflowId, archived);
    revalidatePath("/dashboard/workflows", "layout");
    return { ok: true as const };
  });
}

/** A signed shareable link with metadata (it may name the user: userId, email); shown once in the form. */
export async function mintSignedLinkAction(workflowId: string, _state: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const member = await memberForAction("manageWorkflows");
    const text = String(form.get("metadata") ?? "").trim();
    let metadata: unknown = undefined;
    if (text) {
      try {
        metadata = JSON.parse(text);
      } catch {
        return { error: "Check the highlighted fields", fieldErrors: { metadata: "Not valid JSON" } };
      }
    }
    try {
      const link = await createSignedLink(member, workflowId, metadata);
      return { ok: "Signed link created.", secret: link.url };
    } catch (error) {
      if (error instanceof ApiError) throw new DashboardError(error.details?.[0]?.message ? `${error.message} (${error.details[0].message})` : error.message);
      throw error;
    }
  });
}
