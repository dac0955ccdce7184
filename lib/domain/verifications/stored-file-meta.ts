import "server-only";
import { prisma } from "@/lib/core/db";

/** The facts normalize-upload kept from the original file's metadata (editing software, camera), or null. */
export async function storedFileMeta(accountId: string, fileId: string): Promise<Record<string, unknown> | null> {
  const file = await prisma.storedFile.findFirst({ where: { id: fileId, accountId }, select: { meta: true } });
  const meta = file?.meta;
  return meta && typeof meta === "object" && !Array.isArray(meta) ? (meta as Record<string, unknown>) : null;
}
