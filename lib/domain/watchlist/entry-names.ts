import type { WatchlistEntityType } from "@/generated/prisma/enums";
import { normalizeName, type NameKind, type NormalizedName } from "@/lib/engines/names/normalize";
import { withoutVesselPrefix } from "@/lib/engines/names/vessel";

// How a list entry's names are read: a person's as a person's name (SURNAME, Given → Given SURNAME), an
// organisation's, vessel's or unknown legal entity's with legal forms and acronyms recognised. Screening
// compares the names as normalised by THIS process's normaliser (the stored normalizedNames and phoneticKeys,
// kept current by reindex-stale-lists.ts, serve the blocking); a bounded cache keeps the repeated names of
// common candidates from being normalised again.

export const nameKindOf = (entityType: WatchlistEntityType | string): NameKind =>
  entityType === "PERSON" ? "PERSON" : "ORGANIZATION";

const CACHE_LIMIT = 100_000;
const cache = new Map<string, NormalizedName>();

export function normalizedOf(name: string, kind: NameKind): NormalizedName {
  const key = `${kind}\u0000${name}`;
  let value = cache.get(key);
  if (!value) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = normalizeName(name, kind);
    cache.set(key, value);
  }
  return value;
}

/** The names of an entry, normalised for its entity type (a vessel's without its type prefix: M/V, MT …). */
export function entryNameForms(entityType: WatchlistEntityType | string, names: readonly string[]): NormalizedName[] {
  const kind = nameKindOf(entityType);
  const read = entityType === "VESSEL" ? withoutVesselPrefix : (name: string) => name;
  return names.map((name) => normalizedOf(read(name), kind));
}
