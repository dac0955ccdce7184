"use server";
import { revalidatePath } from "next/cache";
import { done, memberAction, refused, type ActionState } from "@/lib/actions/action";
import { setWorkflowArchived } from "@/lib/domain/flows/archive-workflow";
import { duplicateWorkflow } from "@/lib/domain/flows/duplicate-workflow";
import { saveWorkflow } from "@/lib/domain/flows/save-workflow";
import { createSignedLink } from "@/lib/domain/hosted/create-signed-link";

/** The builder's save: a new workflow, or a new version of `workflowId`. */
export async function saveWorkflowAction(workflowId: string | null, input: unknown): Promise<ActionState> {
  return memberAction("manageWorkflows", async (member) => {
    const result = await saveWorkflow(member, input, workflowId ?? undefined);
    if (result.ok) revalidatePath("/dashboard/workflows", "layout");
    return result;
  });
}

export async function duplicateWorkflowAction(workflowId: string): Promise<ActionState> {
  return memberAction("manageWorkflows", async (member) => {
    const copy = await duplicateWorkflow(member, workflowId);
    revalidatePath("/dashboard/workflows", "layout");
    return done(undefined, { ...copy, redirectTo: `/dashboard/workflows/${copy.workflowId}` });
  });
}

export async function setWorkflowArchivedAction(workflowId: string, archived: boolean): Promise<ActionState> {
  return memberAction("manageWorkflows", async (member) => {
    await setWorkflowArchived(member, workflowId, archived);
    revalidatePath("/dashboard/workflows", "layout");
    return done();
  });
}

/** A signed shareable link with metadata (it may name the user: userId, email); shown once in the form. */
export async function mintSignedLinkAction(
  workflowId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  return memberAction("manageWorkflows", async (member) => {
    const text = String(form.get("metadata") ?? "").trim();
    let metadata: unknown = undefined;
    if (text) {
      try {
        metadata = JSON.parse(text);
      } catch {
        return refused("Check the highlighted fields", { metadata: "Not valid JSON" });
      }
    }
    const link = await createSignedLink(member, workflowId, metadata);
    return done("Signed link created.", { secret: link.url });
  });
}
