import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";

// The one way background work is claimed from PostgreSQL: FOR UPDATE SKIP LOCKED with a lease (`lockedUntil`).
// Any number of instances take turns without taking the same row; a lease that is not renewed expires (its holder
// crashed) and another instance takes the row over; a graceful shutdown releases what it still holds at once.
// Every table of claimable work has the columns this needs: "id" (uuid), "lockedUntil", and "attempts" where counted.

export type LeaseSpec = {
  table: "Job" | "WebhookDelivery" | "WatchlistRescreenJob";
  /** rows whose work is not over: only these are claimed, renewed or released */
  open: Prisma.Sql;
  /** rows whose time has come (omitted: every open row is due) */
  dueAt?: (now: Date) => Prisma.Sql;
  /** the claiming order: the longest-waiting first */
  orderBy: string;
  /** whether a claim counts an attempt ("attempts" + 1): the claim's attempt number guards later writes */
  countsAttempts: boolean;
  /** the columns a claim returns */
  returning: readonly string[];
  /** how long a claim lasts unless renewed; ENGINE_LOCK_SECONDS by default */
  leaseMs?: () => number;
};

const quoted = (names: readonly string[]) => Prisma.raw(names.map((name) => `"${name}"`).join(", "));

export function defineLease<Row extends { id: string }>(spec: LeaseSpec) {
  const table = Prisma.raw(`"${spec.table}"`);
  const leaseMs = () => spec.leaseMs?.() ?? env().ENGINE_LOCK_SECONDS * 1000;
  const until = () => new Date(clock.now().getTime() + leaseMs());
  const and = (where?: Prisma.Sql) => (where ? Prisma.sql`AND ${where}` : Prisma.empty);

  /** Extends the lease of the open rows `where` selects (a heartbeat while their work runs). */
  async function renew(where: Prisma.Sql): Promise<number> {
    return prisma.$executeRaw`UPDATE ${table} SET "lockedUntil" = ${until()} WHERE ${spec.open} AND ${where}`;
  }

  return {
    /**
     * Claims up to `limit` due rows that no live lease holds, in `orderBy` order. `where` narrows the rows (one
     * verification's job); `anyTime` claims them whether or not their time has come (an event named the work).
     */
    async claim(limit: number, { where, anyTime = false }: { where?: Prisma.Sql; anyTime?: boolean } = {}) {
      if (limit <= 0) return [];
      const now = clock.now();
      const due = spec.dueAt && !anyTime ? Prisma.sql`AND ${spec.dueAt(now)}` : Prisma.empty;
      const attempts = spec.countsAttempts ? Prisma.sql`, "attempts" = "attempts" + 1` : Prisma.empty;
      return prisma.$queryRaw<Row[]>`
        UPDATE ${table} SET "lockedUntil" = ${until()}${attempts}
        WHERE "id" IN (
          SELECT "id" FROM ${table}
          WHERE ${spec.open} ${due} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now}) ${and(where)}
          ORDER BY ${Prisma.raw(`"${spec.orderBy}"`)} LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING ${quoted(spec.returning)}`;
    },
    renew,
    /** When a lease taken or renewed now ends: for a write that renews the lease along with its own columns. */
    leaseEnd: until,
    /**
     * Runs `fn` while renewing the lease of the rows `where` selects every third of the lease: a long run keeps
     * its claim, a crashed one loses it.
     */
    async keep<T>(where: Prisma.Sql, fn: () => Promise<T>): Promise<T> {
      const heartbeat = setInterval(() => void renew(where).catch(() => undefined), leaseMs() / 3);
      try {
        return await fn();
      } finally {
        clearInterval(heartbeat);
      }
    },
    /**
     * Gives the rows up so another claimant takes them at once (a graceful shutdown past its grace, a run that
     * stopped at its time budget). `where` guards the release (the claim's attempt number: a lease that expired
     * and was taken by another is not released).
     */
    async release(ids: readonly string[], where?: Prisma.Sql): Promise<number> {
      if (!ids.length) return 0;
      return prisma.$executeRaw`
        UPDATE ${table} SET "lockedUntil" = NULL
        WHERE "id" = ANY(${[...ids]}::uuid[]) AND ${spec.open} ${and(where)}`;
    },
  };
}
