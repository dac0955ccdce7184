"use server";
import { revalidatePath } from "next/cache";
import { actionResult } from "@/lib/dashboard/action-errors";
import { setWorkflowArchived } from "@/lib/dashboard/archive-workflow";
import { memberForAction } from "@/lib/dashboard/current-member";
import { duplicateWorkflow } from "@/lib/dashboard/duplicate-workflow";
import { saveWorkflow } from "@/lib/dashboard/save-workflow";

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
