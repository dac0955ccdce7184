import "server-only";
import { prisma, isUniqueViolation } from "@/lib/core/db";
import { idOrNotFound } from "@/lib/core/ids";
import { zodFieldErrors } from "@/lib/shared/field-errors";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { NotFoundError } from "@/lib/core/errors";
import { publishWorkflow } from "@/lib/domain/flows/publish-workflow";
import {
  pruneDefinition,
  WorkflowDefinitionSchema,
  type WorkflowDefinition,
} from "@/lib/domain/flows/workflow-definition";

export type SaveWorkflowResult =
  { ok: true; workflowId: string; version: number } | { ok: false; fieldErrors: Record<string, string> };

/**
 * The builder's save: validates with the builder's own schema (again: the browser's check is a convenience), keeps
 * only the settings the chosen processes use, and publishes a new immutable version; verifications in flight keep
 * the version they pinned. Without `workflowId` it creates the workflow. Refusals come back by field (the one zod
 * mapping, lib/shared/field-errors.ts), a duplicate name too.
 */
export async function saveWorkflow(member: Member, input: unknown, workflowId?: string): Promise<SaveWorkflowResult> {
  assertCan(member, "manageWorkflows");
  const id = workflowId === undefined ? undefined : idOrNotFound(workflowId);
  if (id && !(await prisma.workflow.findFirst({ where: { id, accountId: member.accountId }, select: { id: true } }))) {
    throw new NotFoundError("Workflow not found");
  }
  const parsed = WorkflowDefinitionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: zodFieldErrors(parsed.error) };
  const data = parsed.data;
  try {
    const published = await publishWorkflow(member.accountId, pruneDefinition(data as WorkflowDefinition), id, {
      actorId: member.userId,
      action: id ? "workflow.published" : "workflow.created",
    });
    return { ok: true, ...published };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, fieldErrors: { name: "Another workflow already has this name" } };
    throw error;
  }
}
