import "server-only";
import { DomainError } from "@/lib/core/errors";
import { accountLogoUrl } from "@/lib/domain/hosted/account-logo-url";
import { prisma } from "@/lib/core/db";
import { clock } from "@/lib/core/clock";
import { isValidLinkSignature, type LinkMode } from "@/lib/domain/hosted/link-signature";
import { isUuid } from "@/lib/core/ids";
import { validateMetadata } from "@/lib/domain/verifications/metadata";

export type ShareableLink = {
  flowId: string;
  clientId: string;
  metadata: string | null;
  sig?: string | null;
  /** "test" in a test key's signed link; absent otherwise */
  mode?: string | null;
  /** unix seconds: a signed link's expiry */
  exp?: string | null;
};

/** Keys that say who the end user is: only a link the account signed may set them (docs/security.md). */
export const IDENTITY_KEYS = ["userId", "email"] as const;

/**
 * A customer's shareable link (`/verify?flowId&clientId&metadata[&sig]`): the workflow must be a live workflow of
 * the account whose clientId is given, and metadata (URL-encoded JSON) must be valid. Anyone can edit a link, so:
 * - a `sig` that does not match the values (flowId, clientId, metadata, mode, exp) is refused (INVALID_LINK_SIGNATURE:
 *   the link was altered), and so is a signed link past its `exp`, and `mode` or `exp` without `sig` (a stripped
 *   signature); a signed link's mode is the mode of the verifications it starts (an unsigned link's: live);
 * - without `sig`, the workflow must accept unsigned links (Workflow.acceptUnsignedLinks, off for new workflows), and
 *   `userId` and `email` are dropped (a forged userId would join a victim's identity); the verification then says
 *   `linkSigned: false` in the API and every webhook (its metadata is anyone's);
 * - `ipAddress` is never taken from a link: the device's own address is recorded;
 * - `redirectUrl` must be https (http only for localhost) on one of the account's allowed redirect hosts.
 */
export async function resolveShareableLink(link: ShareableLink) {
  const account =
    link.clientId.length <= 200
      ? await prisma.account.findUnique({
          where: { clientId: link.clientId },
          select: {
            id: true,
            name: true,
            allowedRedirectHosts: true,
            retentionDays: true,
            privacyNoticeUrl: true,
            logo: { select: { updatedAt: true } },
          },
        })
      : null;
  const workflow =
    account && isUuid(link.flowId)
      ? await prisma.workflow.findFirst({
          where: { id: link.flowId, accountId: account.id, archivedAt: null, currentVersionId: { not: null } },
          select: { id: true, acceptUnsignedLinks: true, currentVersion: { select: { processes: true } } },
        })
      : null;
  if (!account || !workflow?.currentVersion) {
    throw new DomainError("INVALID_WORKFLOW", "This verification link does not point to an active verification flow.");
  }
  const signed = Boolean(link.sig);
  const mode = checkSignature(link);
  // a workflow that does not accept unsigned links starts nothing from one: anyone can read flowId and clientId in
  // any verificationUrl and write their own metadata (a `reference` the integrator would take for its own)
  if (!signed && !workflow.acceptUnsignedLinks)
    refuse(
      "sig",
      "This verification link is not signed, and this flow accepts signed links only.",
      "Missing signature",
    );
  const metadata = parseLinkMetadata(link.metadata, signed);
  checkRedirect(metadata.redirectUrl, account.allowedRedirectHosts);
  return {
    accountId: account.id,
    accountName: account.name,
    logoUrl: accountLogoUrl(link.clientId, account.logo),
    retentionDays: account.retentionDays,
    privacyNoticeUrl: account.privacyNoticeUrl,
    flowId: workflow.id,
    processes: workflow.currentVersion.processes as string[],
    metadata,
    signed,
    mode,
  };
}

function refuse(field: "sig" | "exp", message: string, detail: string): never {
  throw new DomainError("INVALID_LINK_SIGNATURE", message, { details: [{ field, message: detail }] });
}

/** The mode of the verifications the link starts, once its signature (when it has one) and expiry hold. */
function checkSignature(link: ShareableLink): LinkMode {
  const hasMode = link.mode !== undefined && link.mode !== null;
  const hasExp = link.exp !== undefined && link.exp !== null;
  if (!link.sig) {
    // only a minted link carries these: without its signature, someone removed it
    if (hasMode || hasExp)
      refuse("sig", "This verification link was altered after it was issued.", "Missing signature");
    return "live";
  }
  const altered = () =>
    refuse("sig", "This verification link was altered after it was issued.", "The signature does not match the link");
  if (hasMode && link.mode !== "test") altered();
  if (!hasExp || !/^\d{1,12}$/.test(link.exp!)) altered();
  const mode: LinkMode = link.mode === "test" ? "test" : "live";
  const values = { flowId: link.flowId, clientId: link.clientId, metadata: link.metadata, mode, exp: link.exp! };
  if (!isValidLinkSignature(values, link.sig)) altered();
  if (Number(link.exp) * 1000 <= clock.now().getTime())
    refuse("exp", "This verification link has expired.", "The link's expiry has passed");
  return mode;
}

function parseLinkMetadata(raw: string | null, signed: boolean): Record<string, unknown> {
  if (raw === null || raw === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new DomainError("VALIDATION_ERROR", "The link's metadata is not valid JSON.", {
      details: [{ field: "metadata", message: "Expected URL-encoded JSON" }],
    });
  }
  const { ipAddress: _ignored, ...metadata } = validateMetadata(value);
  if (!signed) for (const key of IDENTITY_KEYS) delete metadata[key];
  return metadata;
}

/** True when `host` is in the list: exact names, or `*.example.com` for its subdomains. */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule.startsWith("*.") ? name.endsWith(rule.slice(1)) && name.length > rule.length - 1 : name === rule;
  });
}

const LOCALHOST = new Set(["localhost", "127.0.0.1", "[::1]"]);

function checkRedirect(redirectUrl: unknown, allowed: readonly string[]) {
  if (redirectUrl === undefined) return;
  const url = new URL(String(redirectUrl)); // validateMetadata made sure it parses as http(s)
  const refuse = (message: string) => {
    throw new DomainError("VALIDATION_ERROR", `The link's redirectUrl is not allowed: ${message}`, {
      details: [{ field: "metadata.redirectUrl", message }],
    });
  };
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOCALHOST.has(url.hostname)))
    refuse("it must be an https URL");
  if (!isAllowedHost(url.hostname, allowed))
    refuse(`${url.hostname} is not one of the account's allowed redirect hosts (dashboard → Settings)`);
}
