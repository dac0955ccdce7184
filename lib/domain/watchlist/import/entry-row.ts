import { entryPhoneticKeys } from "@/lib/engines/names/phonetic";
import { entryNameForms } from "@/lib/domain/watchlist/entry-names";
import type { ParsedEntry } from "@/lib/domain/watchlist/import/types";

export type EntryRow = ReturnType<typeof toEntryRow>;

// UN aliases of QUALITY "Low" (parsers that read them set lowQualityAliases): stored apart as weak aliases, screened
// only by workflows with WATCHLIST_WEAK_ALIASES on (docs/checks.md)
type WithWeakAliases = ParsedEntry & { lowQualityAliases?: string[] };

/**
 * A parsed entry as stored: normalised names parallel to [primaryName, ...aliases, ...weakAliases], and the
 * blocking keys of all of them.
 */
export function toEntryRow(sourceId: string, entry: WithWeakAliases) {
  const aliases = entry.aliases.filter((alias) => alias !== entry.primaryName);
  const weakAliases = (entry.lowQualityAliases ?? []).filter(
    (alias) => alias !== entry.primaryName && !aliases.includes(alias),
  );
  const names = [entry.primaryName, ...aliases, ...weakAliases];
  const normalized = entryNameForms(entry.entityType, names);
  return {
    sourceId,
    externalId: entry.externalId,
    entityType: entry.entityType,
    primaryName: entry.primaryName,
    aliases,
    weakAliases,
    normalizedNames: normalized.map((n) => n.key),
    phoneticKeys: entryPhoneticKeys(normalized),
    birthDates: entry.birthDates,
    gender: entry.gender ?? null,
    countries: entry.countries,
    programs: entry.programs,
    remarks: entry.remarks,
  };
}
