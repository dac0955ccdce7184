import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/db";
import { isCountryCode } from "@/lib/countries/countries";
import { DOCUMENT_TYPE_NAMES } from "@/lib/document-types/catalog";
import { PROCESS_TYPES } from "@/lib/workflows/process-types";
import { SettingsSchema, serializeSetting, type SettingName } from "@/lib/workflows/settings";

export const WorkflowDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(100),
  processes: z
    .array(z.enum(PROCESS_TYPES))
    .min(1, "Add at least one process")
    .refine((p) => new Set(p).size === p.length, "Each process may appear once"),
  documentTypes: z.array(z.enum(DOCUMENT_TYPE_NAMES)).default([]),
  countries: z
    .array(z.string().refine(isCountryCode, "Expected ISO 3166-1 alpha-2").transform((c) => c.toUpperCase()))
    .default([]),
  settings: SettingsSchema.default({}),
});

export type WorkflowDefinition = z.input<typeof WorkflowDefinitionSchema>;

/**
 * Creates a workflow, or publishes a new immutable version of an existing one (verifications in flight keep the
 * version they pinned). Returns the workflow id (the flowId) and the version number.
 */
export async function publishWorkflow(accountId: string, input: WorkflowDefinition, workflowId?: string) {
  const definition = WorkflowDefinitionSchema.parse(input);
  return prisma.$transaction(async (tx) => {
    const workflow = workflowId
      ? await tx.workflow.update({ where: { id: workflowId, accountId }, data: { name: definition.name }, select: { id: true } })
      : await tx.workflow.create({ data: { accountId, name: definition.name }, select: { id: true } });
    const last = await tx.workflowVersion.findFirst({ where: { workflowId: workflow.id }, orderBy: { version: "desc" }, select: { version: true } });
    const version = await tx.workflowVersion.create({
      data: {
        workflowId: workflow.id,
        version: (last?.version ?? 0) + 1,
        processes: definition.processes,
        documentTypes: definition.documentTypes,
        countries: definition.countries,
        settings: {
          create: Object.entries(definition.settings)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => serializeSetting(name as SettingName, value)),
        },
      },
      select: { id: true, version: true },
    });
    await tx.workflow.update({ where: { id: workflow.id }, data: { currentVersionId: version.id } });
    return { workflowId: workflow.id, version: version.version };
  });
}
