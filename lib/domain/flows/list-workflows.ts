import "server-only";
import { prisma } from "@/lib/core/db";
import { idOrNotFound } from "@/lib/core/ids";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { NotFoundError } from "@/lib/core/errors";
import { buildInputs } from "@/lib/domain/flows/inputs";
import { parseSettings } from "@/lib/shared/workflow-settings";
import { parseStoredRules } from "@/lib/domain/flows/decision-rules";
import type { WorkflowDefinition } from "@/lib/domain/flows/workflow-definition";

/** The workflows page: active ones, or the archive. */
export async function listWorkflows(member: Member, options: { archived: boolean }) {
  assertCan(member, "manageWorkflows");
  const rows = await prisma.workflow.findMany({
    where: { accountId: member.accountId, archivedAt: options.archived ? { not: null } : null },
    orderBy: { updatedAt: "desc" },
    select: {
      id: true,
      name: true,
      archivedAt: true,
      updatedAt: true,
      currentVersion: { select: { version: true, processes: true, createdAt: true } },
    },
  });
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    archived: w.archivedAt !== null,
    processes: w.currentVersion?.processes ?? [],
    version: w.currentVersion?.version ?? null,
    // publishing a version is the edit that matters; the row's own updatedAt also moves on archive
    updatedAt: w.currentVersion && w.currentVersion.createdAt > w.updatedAt ? w.currentVersion.createdAt : w.updatedAt,
  }));
}

/** One workflow of this account: its current definition (for the builder), version history and input preview. */
export async function workflowDetail(member: Member, workflowId: string) {
  assertCan(member, "manageWorkflows");
  const workflow = await prisma.workflow.findFirst({
    where: { id: idOrNotFound(workflowId), accountId: member.accountId },
    select: {
      id: true,
      name: true,
      archivedAt: true,
      currentVersionId: true,
      acceptUnsignedLinks: true,
      versions: {
        orderBy: { version: "desc" },
        select: {
          id: true,
          version: true,
          processes: true,
          documentTypes: true,
          countries: true,
          createdAt: true,
          settings: { select: { fieldName: true, value: true }, orderBy: { id: "asc" } },
          decisionRules: true,
          _count: { select: { verifications: true } },
        },
      },
    },
  });
  const current = workflow?.versions.find((v) => v.id === workflow.currentVersionId);
  if (!workflow || !current) throw new NotFoundError("Workflow not found");
  const settings = parseSettings(current.settings);
  const definition: WorkflowDefinition = {
    name: workflow.name,
    processes: current.processes as WorkflowDefinition["processes"],
    documentTypes: current.documentTypes as WorkflowDefinition["documentTypes"],
    countries: current.countries,
    settings,
    rules: parseStoredRules(current.decisionRules) ?? [],
    acceptUnsignedLinks: workflow.acceptUnsignedLinks,
  };
  return {
    id: workflow.id,
    name: workflow.name,
    archived: workflow.archivedAt !== null,
    currentVersion: current.version,
    definition,
    inputs: buildInputs({
      processes: current.processes,
      documentTypes: current.documentTypes,
      countries: current.countries,
      settings,
    }),
    versions: workflow.versions.map((v) => ({
      version: v.version,
      createdAt: v.createdAt,
      processes: v.processes,
      settingCount: v.settings.length,
      ruleCount: Array.isArray(v.decisionRules) ? v.decisionRules.length : 0,
      verifications: v._count.verifications,
      isCurrent: v.id === workflow.currentVersionId,
    })),
  };
}
