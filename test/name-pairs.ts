import { normalizeName, type NameKind } from "@/lib/engines/names/normalize";
import { entryPhoneticKeys, queryPhoneticKeys } from "@/lib/engines/names/phonetic";
import { nameSimilarity } from "@/lib/engines/names/score";

// The two questions the screening's unit tests ask of a screened name and a listed one, through the functions
// WATCHLIST_CHECK runs: how alike they score, and whether the listed one is looked at at all.

/** nameSimilarity's score of the two names, each normalised as the screening does. */
export function similarity(query: string, listed: string, kind: NameKind = "PERSON"): number {
  return nameSimilarity(normalizeName(query, kind), normalizeName(listed, kind)).score;
}

/** Does the screened name share a blocking key with the listed one (the screening scores only entries that do). */
export function blocks(query: string, listed: string): boolean {
  const entryKeys = new Set(entryPhoneticKeys([normalizeName(listed)]));
  return queryPhoneticKeys(normalizeName(query)).some((key) => entryKeys.has(key));
}
