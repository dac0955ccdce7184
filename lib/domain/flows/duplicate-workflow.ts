import "server-only";
import { prisma } from "@/lib/core/db";
import { idOrNotFound } from "@/lib/core/ids";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { NotFoundError } from "@/lib/core/errors";
import { publishWorkflow } from "@/lib/domain/flows/publish-workflow";
import { parseSettings } from "@/lib/shared/workflow-settings";
import { parseStoredRules } from "@/lib/domain/flows/decision-rules";

/** A new workflow (its own flowId, version 1) with the current definition of another one of this account. */
export async function duplicateWorkflow(
  member: Member,
  workflowId: string,
): Promise<{ workflowId: string; version: number }> {
  assertCan(member, "manageWorkflows");
  const source = await prisma.workflow.findFirst({
    where: { id: idOrNotFound(workflowId), accountId: member.accountId },
    select: {
      name: true,
      acceptUnsignedLinks: true,
      currentVersion: {
        select: {
          processes: true,
          documentTypes: true,
          countries: true,
          settings: { select: { fieldName: true, value: true } },
          decisionRules: true,
        },
      },
    },
  });
  if (!source?.currentVersion) throw new NotFoundError("Workflow not found");
  const taken = new Set(
    (
      await prisma.workflow.findMany({
        where: { accountId: member.accountId, name: { startsWith: source.name } },
        select: { name: true },
      })
    ).map((w) => w.name),
  );
  const base = `${source.name.slice(0, 88)} (copy)`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${source.name.slice(0, 85)} (copy ${n})`;
  const version = source.currentVersion;
  return publishWorkflow(
    member.accountId,
    {
      name,
      processes: version.processes as never,
      documentTypes: version.documentTypes as never,
      countries: version.countries,
      settings: parseSettings(version.settings),
      rules: parseStoredRules(version.decisionRules) ?? [],
      acceptUnsignedLinks: source.acceptUnsignedLinks,
    },
    undefined,
    { actorId: member.userId, action: "workflow.duplicated", sourceWorkflowId: workflowId },
  );
}
