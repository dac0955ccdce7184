"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { memberAction } from "@/lib/actions/action";
import { CHECK_FIELDS, done, refused, type ActionState } from "@/lib/actions/action-state";
import { setWorkflowArchived } from "@/lib/domain/flows/archive-workflow";
import { duplicateWorkflow } from "@/lib/domain/flows/duplicate-workflow";
import { saveWorkflow } from "@/lib/domain/flows/save-workflow";
import { WorkflowDefinitionSchema } from "@/lib/domain/flows/workflow-definition";
import { createSignedLink } from "@/lib/domain/hosted/create-signed-link";

const WorkflowIdSchema = z.object({ workflowId: z.string() });
const ArchiveSchema = z.object({ workflowId: z.string(), archived: z.boolean() });
// the metadata's own rules (which keys, their types) are the domain's: here only that it is JSON
const SignedLinkSchema = z.object({
  workflowId: z.string(),
  metadata: z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (!text) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "Not valid JSON" });
        return z.NEVER;
      }
    }),
});

/** The builder's save: a new workflow, or a new version of `workflowId`. */
export async function saveWorkflowAction(workflowId: string | null, input: unknown): Promise<ActionState> {
  return memberAction(
    { permission: "manageWorkflows", schema: WorkflowDefinitionSchema, input },
    async (member, data) => {
      const result = await saveWorkflow(member, data, workflowId ?? undefined);
      if (!result.ok) return refused(CHECK_FIELDS, result.fieldErrors);
      revalidatePath("/dashboard/workflows", "layout");
      return done(undefined, { workflowId: result.workflowId, version: result.version });
    },
  );
}

export async function duplicateWorkflowAction(workflowId: string): Promise<ActionState> {
  const input = { workflowId };
  return memberAction({ permission: "manageWorkflows", schema: WorkflowIdSchema, input }, async (member, data) => {
    const copy = await duplicateWorkflow(member, data.workflowId);
    revalidatePath("/dashboard/workflows", "layout");
    return done(undefined, { ...copy, redirectTo: `/dashboard/workflows/${copy.workflowId}` });
  });
}

export async function setWorkflowArchivedAction(workflowId: string, archived: boolean): Promise<ActionState> {
  const input = { workflowId, archived };
  return memberAction({ permission: "manageWorkflows", schema: ArchiveSchema, input }, async (member, data) => {
    await setWorkflowArchived(member, data.workflowId, data.archived);
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
  const input = { workflowId, metadata: String(form.get("metadata") ?? "") };
  return memberAction({ permission: "manageWorkflows", schema: SignedLinkSchema, input }, async (member, data) => {
    // the dashboard mints live links (a test link comes from a test key: POST /workflows/{id}/links)
    const link = await createSignedLink({ ...member, mode: "live" }, data.workflowId, data.metadata);
    return done("Signed link created.", { secret: link.url });
  });
}
