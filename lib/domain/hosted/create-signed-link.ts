import "server-only";
import { DomainError } from "@/lib/core/errors";
import { prisma } from "@/lib/core/db";
import { resolveShareableLink } from "@/lib/domain/hosted/shareable-link";
import { isUuid } from "@/lib/core/ids";
import { validateMetadata } from "@/lib/domain/verifications/metadata";
import { signedVerifyUrl } from "@/lib/domain/verifications/verify-url";

/**
 * A signed shareable link of one of the account's live workflows, for the dashboard and
 * POST /api/v1/workflows/{workflowId}/links. It is checked exactly as the verify page will check it (redirect host,
 * metadata), so a link that would be refused is never handed out.
 */
export async function createSignedLink(
  account: { accountId: string; clientId: string },
  flowId: string,
  rawMetadata: unknown,
) {
  const metadata = validateMetadata(rawMetadata);
  const workflow = isUuid(flowId)
    ? await prisma.workflow.findFirst({
        where: { id: flowId, accountId: account.accountId, archivedAt: null, currentVersionId: { not: null } },
        select: { id: true },
      })
    : null;
  if (!workflow) throw new DomainError("WORKFLOW_NOT_FOUND", "No active workflow with this id.");
  const url = signedVerifyUrl(workflow.id, account.clientId, metadata);
  const params = new URL(url).searchParams;
  const resolved = await resolveShareableLink({
    flowId: workflow.id,
    clientId: account.clientId,
    metadata: params.get("metadata"),
    sig: params.get("sig"),
  });
  return { url, flowId: workflow.id, metadata: resolved.metadata };
}
