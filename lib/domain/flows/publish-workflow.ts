import "server-only";
import { prisma } from "@/lib/core/db";
import { serializeSetting, type SettingName } from "@/lib/shared/workflow-settings";
import { WorkflowDefinitionSchema, type WorkflowDefinition } from "@/lib/domain/flows/workflow-definition";
import { recordAudit } from "@/lib/domain/audit/record-audit";

export { WorkflowDefinitionSchema, type WorkflowDefinition };

/**
 * Creates a workflow, or publishes a new immutable version of an existing one (verifications in flight keep the
 * version they pinned). Returns the workflow id (the flowId) and the version number.
 */
export async function publishWorkflow(
  accountId: string,
  input: WorkflowDefinition,
  workflowId?: string,
  audit?: {
    actorId: string;
    action: "workflow.created" | "workflow.published" | "workflow.duplicated";
    sourceWorkflowId?: string;
  },
) {
  const definition = WorkflowDefinitionSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    const workflow = workflowId
      ? await tx.workflow.update({
          where: { id: workflowId, accountId },
          data: {
            name: definition.name,
            ...(definition.acceptUnsignedLinks === undefined
              ? {}
              : { acceptUnsignedLinks: definition.acceptUnsignedLinks }),
          },
          select: { id: true },
        })
      : await tx.workflow.create({
          data: { accountId, name: definition.name, acceptUnsignedLinks: definition.acceptUnsignedLinks ?? false },
          select: { id: true },
        });
    const last = await tx.workflowVersion.findFirst({
      where: { workflowId: workflow.id },
      orderBy: { version: "desc" },
      select: { version: true },
    });
    const version = await tx.workflowVersion.create({
      data: {
        workflowId: workflow.id,
        version: (last?.version ?? 0) + 1,
        processes: definition.processes,
        documentTypes: definition.documentTypes,
        countries: definition.countries,
        decisionRules: definition.rules,
        settings: {
          create: Object.entries(definition.settings)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => serializeSetting(name as SettingName, value)),
        },
      },
      select: { id: true, version: true },
    });
    await tx.workflow.update({ where: { id: workflow.id }, data: { currentVersionId: version.id } });
    if (audit) {
      await recordAudit(tx, {
        accountId,
        actor: { userId: audit.actorId },
        action: audit.action,
        target: { type: "workflow", id: workflow.id },
        data: {
          version: version.version,
          ...(audit.sourceWorkflowId ? { sourceWorkflowId: audit.sourceWorkflowId } : {}),
        },
      });
    }
    return { workflowId: workflow.id, version: version.version };
  });
}
