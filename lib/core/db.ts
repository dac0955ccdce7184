import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/core/env";
import { openResult, sealWriteArgs } from "@/lib/core/crypto/sealed-columns";
import { secrets } from "@/lib/core/secrets";

// One client per process (Next's dev server reloads modules: keep it on globalThis). Created on first use, not
// at import: `next build` imports route modules to read their config, and needs no database for that.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pgPool?: pg.Pool };

function newPool(): pg.Pool {
  return new pg.Pool({ connectionString: env().DATABASE_URL, max: env().DATABASE_POOL_SIZE, allowExitOnIdle: true });
}

/**
 * The connection pool Prisma runs on, shared with the few measured hot paths that send SQL themselves
 * (lib/core/sql.ts). One pool, so DATABASE_POOL_SIZE stays the process's whole budget of connections.
 */
export function pgPool(): pg.Pool {
  client();
  const pool = globalForPrisma.pgPool!;
  // `prisma.$disconnect()` ends it (scripts and tests do, then may go on): a fresh one for raw SQL then
  if (pool.ended || pool.ending) globalForPrisma.pgPool = newPool();
  return globalForPrisma.pgPool!;
}

function client(): PrismaClient {
  if (!globalForPrisma.prisma) {
    globalForPrisma.pgPool = newPool();
    const adapter = new PrismaPg(globalForPrisma.pgPool, { disposeExternalPool: true });
    // personal data columns encrypted on write, decrypted on read (lib/core/crypto/sealed-columns.ts)
    // interactive transactions may wait longer than Prisma's 5 s default: with the worker in this process, a burst of
    // checks (model inference holding the event loop between awaits) stretched send-inputs' few statements past 5 s
    // under 4 verifications in flight on 2 cores (bench:pipeline, 2026-11-29: a 500 and a lost upload instead of a
    // slow answer). Still bounded, so a stuck transaction releases its locks.
    const sealing = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 30_000 } }).$extends({
      name: "sealed-columns",
      query: {
        $allModels: {
          async $allOperations({ model, operation, args, query }) {
            const key = secrets().keyring;
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

/** Prisma's unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
