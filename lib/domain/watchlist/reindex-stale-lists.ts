import "server-only";
import { prisma } from "@/lib/core/db";
import { NORMALIZER_VERSION } from "@/lib/engines/names/normalize";
import { entryPhoneticKeys } from "@/lib/engines/names/phonetic";
import { entryNameForms } from "@/lib/domain/watchlist/entry-names";

// A list imported under an older normaliser has stored blocking keys the screening query no longer computes the same
// way (issue 30 changed tokenisation, scripts and keys): screening it as it is would miss entries without a sign.
// Before a list is screened, its entries' normalizedNames and phoneticKeys are recomputed from the names it stores,
// in batches, and the list's normalizerVersion set — in one transaction per list, under the list's row lock, so
// two screenings that find the same stale list re-index it once and the other waits for the result.

const BATCH = 2000;

type Row = { id: string; entityType: string; primaryName: string; aliases: string[]; weakAliases: string[] | null };

/** Re-indexes the given lists when they are stale; answers how many entries were rewritten. */
export async function reindexStaleLists(sourceIds: readonly string[]): Promise<number> {
  let rewritten = 0;
  for (const sourceId of sourceIds) {
    rewritten += await prisma.$transaction(
      async (tx) => {
        const [source] = await tx.$queryRaw<{ normalizerVersion: number }[]>`
          SELECT "normalizerVersion" FROM "WatchlistSource" WHERE "id" = ${sourceId}::uuid FOR UPDATE`;
        if (!source || source.normalizerVersion >= NORMALIZER_VERSION) return 0;
        let count = 0;
        let after = "00000000-0000-0000-0000-000000000000";
        for (;;) {
          const rows = await tx.$queryRaw<Row[]>`
            SELECT "id", "entityType"::text AS "entityType", "primaryName", "aliases", "weakAliases"
            FROM "WatchlistEntry" WHERE "sourceId" = ${sourceId}::uuid AND "id" > ${after}::uuid
            ORDER BY "id" LIMIT ${BATCH}`;
          if (rows.length === 0) break;
          const json = JSON.stringify(
            rows.map((row) => {
              const normalized = entryNameForms(row.entityType, [
                row.primaryName,
                ...row.aliases,
                ...(row.weakAliases ?? []),
              ]);
              return {
                id: row.id,
                normalizedNames: normalized.map((n) => n.key),
                phoneticKeys: entryPhoneticKeys(normalized),
              };
            }),
          );
          await tx.$executeRaw`
            UPDATE "WatchlistEntry" AS e SET "normalizedNames" = v."normalizedNames", "phoneticKeys" = v."phoneticKeys"
            FROM jsonb_to_recordset(${json}::jsonb) AS v("id" uuid, "normalizedNames" text[], "phoneticKeys" text[])
            WHERE e."id" = v."id"`;
          count += rows.length;
          after = rows.at(-1)!.id;
        }
        await tx.watchlistSource.update({ where: { id: sourceId }, data: { normalizerVersion: NORMALIZER_VERSION } });
        return count;
      },
      { maxWait: 60_000, timeout: 30 * 60_000 },
    );
  }
  return rewritten;
}
