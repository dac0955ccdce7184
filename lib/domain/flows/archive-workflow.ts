import "server-only";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { idOrNotFound } from "@/lib/core/ids";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { NotFoundError } from "@/lib/core/errors";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

/**
 * Archives (or restores) a workflow. Archived workflows start no new verifications; those in flight finish on
 * their pinned version.
 */
export async function setWorkflowArchived(member: Member, workflowId: string, archived: boolean): Promise<void> {
  assertCan(member, "manageWorkflows");
  const id = idOrNotFound(workflowId);
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.workflow.updateMany({
      where: { id, accountId: member.accountId },
      data: { archivedAt: archived ? clock.now() : null },
    });
    if (!count) throw new NotFoundError("Workflow not found");
    await recordAudit(tx, {
      ...byMember(member),
      action: archived ? "workflow.archived" : "workflow.restored",
      target: { type: "workflow", id: id },
    });
  });
}
