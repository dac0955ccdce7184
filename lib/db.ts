import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/env";
import { openResult, sealWriteArgs } from "@/lib/crypto/sealed-columns";
import { secrets } from "@/lib/secrets";

// One client per process (Next's dev server reloads modules: keep it on globalThis). Created on first use, not
// at import: `next build` imports route modules to read their config, and needs no database for that.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function client(): PrismaClient {
  if (!globalForPrisma.prisma) {
    const adapter = new PrismaPg({ connectionString: env().DATABASE_URL, max: env().DATABASE_POOL_SIZE });
    // personal data columns encrypted on write, decrypted on read (lib/crypto/sealed-columns.ts)
    const sealing = new PrismaClient({ adapter }).$extends({
      name: "sealed-columns",
      query: {
        $allModels: {
          async $allOperations({ model, operation, args, query }) {
            const key = secrets().storageKey;
            return openResult(key, await query(sealWriteArgs(key, model, operation, args) as typeof args));
          },
        },
      },
    });
    globalForPrisma.prisma = sealing as unknown as PrismaClient;
  }
  return globalForPrisma.prisma;
}

export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_, property) {
    const target = client();
    const value = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
