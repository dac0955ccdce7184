import "server-only";
import { prisma } from "@/lib/core/db";
import { readVerificationToken } from "@/lib/core/crypto/tokens";
import { isUuid } from "@/lib/core/ids";
import type { VerifyPageParams } from "@/lib/domain/hosted/verify-page-params";

/**
 * The origins that may frame /verify: the allowed frame origins of the account whose page it shows, from the values
 * the page itself reads (lib/domain/hosted/verify-page-params.ts). A verificationUrl (verificationId and token) names
 * its verification's account only when both are there and the token is a valid resume token of that id: the page
 * shows nothing else (an id alone, or a wrong token, is an error page, framed by nobody). A shareable link names the
 * account of its clientId. Nothing for anything else: the page is not framed.
 */
export async function verifyPageFrameAncestors(params: VerifyPageParams): Promise<string[]> {
  const { verificationId, token, clientId } = params;
  if (verificationId !== undefined || token !== undefined) {
    if (!verificationId || !token || !isUuid(verificationId)) return [];
    if (readVerificationToken(token, "resume") !== verificationId) return [];
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
