import { normalizeName } from "@/lib/engines/names/normalize";
import { entryPhoneticKeys } from "@/lib/engines/names/phonetic";
import type { ParsedEntry } from "@/lib/domain/watchlist/import/types";

export type EntryRow = ReturnType<typeof toEntryRow>;

/** A parsed entry as stored: normalised names parallel to [primaryName, ...aliases], and its blocking keys. */
export function toEntryRow(sourceId: string, entry: ParsedEntry) {
  const aliases = entry.aliases.filter((alias) => alias !== entry.primaryName);
  const normalized = [entry.primaryName, ...aliases].map(normalizeName);
  return {
    sourceId,
    externalId: entry.externalId,
    entityType: entry.entityType,
    primaryName: entry.primaryName,
    aliases,
    normalizedNames: normalized.map((n) => n.key),
    phoneticKeys: entryPhoneticKeys(normalized),
    birthDates: entry.birthDates,
    countries: entry.countries,
    programs: entry.programs,
    remarks: entry.remarks,
  };
}
