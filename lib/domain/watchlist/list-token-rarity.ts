import "server-only";
import { prisma } from "@/lib/core/db";
import { rarityFromCounts, type TokenRarity } from "@/lib/engines/names/token-rarity";

// The token weights of a list (lib/engines/names/token-rarity.ts) from how many of its entries use each token of
// their stored normalised names. Counted by PostgreSQL once per list and version (its id, import time and
// normaliser version: a re-import or a re-index counts again) and kept in this process, so screening pays one
// map lookup per token. A list of 50,000 entries is counted in well under a second (docs/benchmarks.md).

export type ListStamp = { sourceId: string; importedAt: Date; normalizerVersion: number; entryCount: number };

const LIMIT = 64;
const cache = new Map<string, Promise<TokenRarity>>();

const stampOf = (list: ListStamp) =>
  `${list.sourceId}|${list.importedAt.toISOString()}|${list.normalizerVersion}|${list.entryCount}`;

async function countTokens(list: ListStamp): Promise<TokenRarity> {
  const rows = await prisma.$queryRaw<{ token: string; entries: number }[]>`
    SELECT t."token", count(DISTINCT e."id")::int AS "entries"
    FROM "WatchlistEntry" e
    CROSS JOIN LATERAL unnest(e."normalizedNames") AS n("name")
    CROSS JOIN LATERAL unnest(string_to_array(n."name", ' ')) AS t("token")
    WHERE e."sourceId" = ${list.sourceId}::uuid AND t."token" <> ''
    GROUP BY t."token"`;
  return rarityFromCounts(new Map(rows.map((r) => [r.token, r.entries])), list.entryCount);
}

/** The token rarity of a list as it is now stored. */
export function listTokenRarity(list: ListStamp): Promise<TokenRarity> {
  const stamp = stampOf(list);
  let rarity = cache.get(stamp);
  if (!rarity) {
    // one version per list is kept: an older stamp of the same list is dropped
    for (const key of cache.keys()) if (key.startsWith(`${list.sourceId}|`)) cache.delete(key);
    if (cache.size >= LIMIT) cache.delete(cache.keys().next().value!);
    rarity = countTokens(list);
    // a failed count is not cached: the next screening counts again
    rarity.catch(() => cache.delete(stamp));
    cache.set(stamp, rarity);
  }
  return rarity;
}
