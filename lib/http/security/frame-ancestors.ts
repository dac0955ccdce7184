import "server-only";
import { prisma } from "@/lib/core/db";
import { isUuid } from "@/lib/core/ids";

/**
 * The origins that may frame /verify: the allowed frame origins of the account behind the link (clientId of a
 * shareable link, or the verification of a verificationUrl). Nothing for anything else: the page is not framed.
 */
export async function verifyPageFrameAncestors(params: URLSearchParams): Promise<string[]> {
  const verificationId = params.get("verificationId");
  const clientId = params.get("clientId");
  if (verificationId && isUuid(verificationId)) {
    const found = await prisma.verification.findUnique({
      where: { id: verificationId },
      select: { account: { select: { allowedFrameOrigins: true } } },
    });
    return found?.account.allowedFrameOrigins ?? [];
  }
  if (clientId && clientId.length <= 200) {
    const account = await prisma.account.findUnique({ where: { clientId }, select: { allowedFrameOrigins: true } });
    return account?.allowedFrameOrigins ?? [];
  }
  return [];
}
