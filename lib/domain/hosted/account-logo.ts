import "server-only";
import sharp from "sharp";
import { fileTypeFromBuffer } from "file-type";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";
import { DashboardError } from "@/lib/core/errors";
import { prisma } from "@/lib/core/db";
import { assertCan, type Member } from "@/lib/auth/permissions";

// The account's logo for the hosted page. Uploaded, never linked: an https URL of the account's choosing would open
// the page's CSP (img-src 'self') to any host and tell that host every end user's address. A PNG, JPEG or WebP of at
// most 512 KiB is decoded and re-encoded as a PNG of at most 256×256 px (no metadata, nothing of the original bytes
// survives); SVG is refused (it is a document, with scripts and external references).

export const LOGO_MAX_BYTES = 512 * 1024;
const ACCEPTED = ["image/png", "image/jpeg", "image/webp"];

export async function saveAccountLogo(member: Pick<Member, "accountId" | "userId" | "role">, upload: Uint8Array) {
  assertCan(member, "manageAccount");
  if (upload.byteLength > LOGO_MAX_BYTES) throw new DashboardError("The logo may be at most 512 KiB.");
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED.includes(type.mime)) throw new DashboardError("The logo must be a PNG, JPEG or WebP image.");
  let png: Buffer;
  try {
    png = await sharp(upload, { limitInputPixels: 4096 * 4096, failOn: "error" })
      .resize(256, 256, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new DashboardError("The logo could not be read as an image.");
  }
  const bytes = new Uint8Array(png);
  await prisma.$transaction(async (tx) => {
    await tx.accountLogo.upsert({
      where: { accountId: member.accountId },
      create: { accountId: member.accountId, bytes },
      update: { bytes },
    });
    await recordAudit(tx, {
      ...byMember(member),
      action: "account.logo_updated",
      target: { type: "Account", id: member.accountId },
      data: { bytes: bytes.byteLength },
    });
  });
}

export async function removeAccountLogo(member: Pick<Member, "accountId" | "userId" | "role">) {
  assertCan(member, "manageAccount");
  await prisma.$transaction(async (tx) => {
    await tx.accountLogo.deleteMany({ where: { accountId: member.accountId } });
    await recordAudit(tx, {
      ...byMember(member),
      action: "account.logo_removed",
      target: { type: "Account", id: member.accountId },
    });
  });
}

/** The logo's PNG bytes by the account's public client id (what the hosted page's URL names), or null. */
export async function readAccountLogo(clientId: string): Promise<Uint8Array | null> {
  if (clientId.length > 200) return null;
  const logo = await prisma.accountLogo.findFirst({ where: { account: { clientId } }, select: { bytes: true } });
  return logo?.bytes ?? null;
}
