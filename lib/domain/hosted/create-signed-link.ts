import "server-only";
import { DomainError } from "@/lib/core/errors";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import type { LinkMode } from "@/lib/domain/hosted/link-signature";
import { resolveShareableLink } from "@/lib/domain/hosted/shareable-link";
import { isUuid } from "@/lib/core/ids";
import { validateMetadata } from "@/lib/domain/verifications/metadata";
import { signedVerifyUrl } from "@/lib/domain/verifications/verify-url";

/**
 * A signed shareable link of one of the account's live workflows, for the dashboard and
 * POST /api/v1/workflows/{workflowId}/links. It is checked exactly as the verify page will check it (redirect host,
 * metadata), so a link that would be refused is never handed out. The link signs its mode — a test key's link starts
 * test verifications, never live ones — and its expiry (`expiresInDays`, else SIGNED_LINK_DAYS).
 */
export async function createSignedLink(
  account: { accountId: string; clientId: string; mode: LinkMode },
  flowId: string,
  rawMetadata: unknown,
  expiresInDays?: number,
) {
  const metadata = validateMetadata(rawMetadata);
  const workflow = isUuid(flowId)
    ? await prisma.workflow.findFirst({
        where: { id: flowId, accountId: account.accountId, archivedAt: null, currentVersionId: { not: null } },
        select: { id: true },
      })
    : null;
  if (!workflow) throw new DomainError("WORKFLOW_NOT_FOUND", "No active workflow with this id.");
  const days = expiresInDays ?? env().SIGNED_LINK_DAYS;
  const expiresAt = new Date(Math.floor((clock.now().getTime() + days * 86_400_000) / 1000) * 1000);
  const url = signedVerifyUrl(workflow.id, account.clientId, metadata, { mode: account.mode, expiresAt });
  const params = new URL(url).searchParams;
  const resolved = await resolveShareableLink({
    flowId: workflow.id,
    clientId: account.clientId,
    metadata: params.get("metadata"),
    sig: params.get("sig"),
    mode: params.get("mode"),
    exp: params.get("exp"),
  });
  return {
    url,
    flowId: workflow.id,
    metadata: resolved.metadata,
    mode: resolved.mode,
    expiresAt: expiresAt.toISOString(),
  };
}
