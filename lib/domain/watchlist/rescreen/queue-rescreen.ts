import "server-only";
import type { Prisma } from "@/generated/prisma/client";

// The import side of ongoing screening. An import replaces a list's entries (new row ids every time), so what
// changed is found by the publisher's id: before the old entries are deleted their fingerprints (the fields that
// screening reads: entity type, normalised names, birth dates) go to a temporary table; after the new ones are
// inserted, the entries whose id is new or whose fingerprint differs are the ones worth screening again. A change
// of programs or remarks alone cannot create a match and is not re-screened.

// above this share of the list changed, screening the whole list costs no more than naming each entry
const FULL_RESCREEN_SHARE = 0.5;

const FINGERPRINT = (alias: string) =>
  `md5("${alias}"."entityType"::text || '|' || array_to_string("${alias}"."normalizedNames", ',') || '|' || array_to_string("${alias}"."birthDates", ','))`;

/** Called in the import's transaction BEFORE the list's entries are deleted. */
export async function snapshotPreviousEntries(tx: Prisma.TransactionClient, sourceId: string): Promise<void> {
  // a utility statement takes no bind parameters: the table is created empty, then filled by a parameterised INSERT
  await tx.$executeRawUnsafe(
    `CREATE TEMP TABLE IF NOT EXISTS "watchlist_previous" ("externalId" text PRIMARY KEY, "fingerprint" text) ON COMMIT DROP`,
  );
  await tx.$executeRawUnsafe(`TRUNCATE "watchlist_previous"`);
  await tx.$executeRawUnsafe(
    `INSERT INTO "watchlist_previous" SELECT e."externalId", ${FINGERPRINT("e")} FROM "WatchlistEntry" e WHERE e."sourceId" = $1::uuid`,
    sourceId,
  );
}

export type QueuedRescreen = { jobId: string; isFull: boolean; changedEntries: number } | null;

/**
 * Called in the import's transaction AFTER the new entries are in: writes the re-screening run of what changed
 * (nothing changed: no run). `replacedCount` 0 is a list's first import: every entry is new.
 */
export async function queueRescreen(
  tx: Prisma.TransactionClient,
  sourceId: string,
  entryCount: number,
  replacedCount: number,
): Promise<QueuedRescreen> {
  let changed: string[] = [];
  let isFull = replacedCount === 0;
  if (!isFull) {
    const rows = await tx.$queryRawUnsafe<{ externalId: string }[]>(
      `SELECT e."externalId" FROM "WatchlistEntry" e
       LEFT JOIN "watchlist_previous" p ON p."externalId" = e."externalId"
       WHERE e."sourceId" = $1::uuid AND e."entityType" IN ('PERSON', 'OTHER')
         AND (p."externalId" IS NULL OR p."fingerprint" <> ${FINGERPRINT("e")})
       ORDER BY e."externalId"`,
      sourceId,
    );
    changed = rows.map((r) => r.externalId);
    if (changed.length === 0) return null;
    isFull = changed.length > entryCount * FULL_RESCREEN_SHARE;
  }
  const job = await tx.watchlistRescreenJob.create({
    data: { sourceId, isFull, externalIds: isFull ? [] : changed },
    select: { id: true },
  });
  return { jobId: job.id, isFull, changedEntries: isFull ? entryCount : changed.length };
}
