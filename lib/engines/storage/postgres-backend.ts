import "server-only";
import { prisma } from "@/lib/core/db";
import type { StorageBackend } from "@/lib/engines/storage/backend";

// The default: sealed bytes in the FileBlob table, so every app instance sharing the database sees every file.
export const postgresBackend: StorageBackend = {
  name: "postgres",
  async put(key, sealed) {
    await prisma.fileBlob.create({ data: { key, data: new Uint8Array(sealed) } });
  },
  async get(key) {
    const blob = await prisma.fileBlob.findUnique({ where: { key }, select: { data: true } });
    return blob ? Buffer.from(blob.data) : null;
  },
  async delete(keys) {
    if (keys.length) await prisma.fileBlob.deleteMany({ where: { key: { in: keys } } });
  },
};
