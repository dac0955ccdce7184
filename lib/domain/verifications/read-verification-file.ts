import "server-only";
import { prisma } from "@/lib/core/db";
import { can, canViewPersonalData, type Member } from "@/lib/auth/permissions";
import { readFile } from "@/lib/engines/storage/file-store";
import { isUuid } from "@/lib/core/ids";

/**
 * The plaintext of a file that is an input of this verification of the member's account, or null. The file must
 * belong to THAT verification (not just to the account), so a file id cannot be read through another verification.
 * Every input file (document images, selfies, videos) is personal data: a member without that permission gets null.
 */
export async function readVerificationFile(
  member: Pick<Member, "accountId" | "role" | "personalData">,
  verificationId: string,
  fileId: string,
) {
  if (!can(member, "review") || !canViewPersonalData(member) || !isUuid(verificationId) || !isUuid(fileId)) return null;
  const input = await prisma.verificationInput.findFirst({
    where: { fileId, verificationId, verification: { accountId: member.accountId } },
    select: { id: true },
  });
  if (!input) return null;
  return readFile(member.accountId, fileId);
}
