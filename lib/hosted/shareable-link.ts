import "server-only";
import { ApiError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";
import { isUuid } from "@/lib/verifications/find-verification";
import { validateMetadata } from "@/lib/verifications/metadata";

export type ShareableLink = { flowId: string; clientId: string; metadata: string | null };

/**
 * A customer's shareable link (`/verify?flowId&clientId&metadata`): the workflow must be a live workflow of the
 * account whose clientId is given, and metadata (URL-encoded JSON) must be valid. Anyone can edit such a link, so
 * `metadata.ipAddress` is not taken from it: the device's own address is recorded.
 */
export async function resolveShareableLink(link: ShareableLink) {
  const account = link.clientId.length <= 200
    ? await prisma.account.findUnique({ where: { clientId: link.clientId }, select: { id: true, name: true } })
    : null;
  const workflow = account && isUuid(link.flowId)
    ? await prisma.workflow.findFirst({
        where: { id: link.flowId, accountId: account.id, archivedAt: null, currentVersionId: { not: null } },
        select: { id: true, currentVersion: { select: { processes: true } } },
      })
    : null;
  if (!account || !workflow?.currentVersion) {
    throw new ApiError("INVALID_WORKFLOW", "This verification link does not point to an active verification flow.");
  }
  const metadata = parseLinkMetadata(link.metadata);
  return { accountId: account.id, accountName: account.name, flowId: workflow.id, processes: workflow.currentVersion.processes as string[], metadata };
}

function parseLinkMetadata(raw: string | null): Record<string, unknown> {
  if (raw === null || raw === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ApiError("VALIDATION_ERROR", "The link's metadata is not valid JSON.", { details: [{ field: "metadata", message: "Expected URL-encoded JSON" }] });
  }
  const { ipAddress: _ignored, ...metadata } = validateMetadata(value);
  return metadata;
}
