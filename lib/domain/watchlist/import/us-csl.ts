import type { WatchlistEntityType } from "@/generated/prisma/enums";
import { parseListedDate } from "@/lib/domain/watchlist/import/dates";
import { csvRecords } from "@/lib/domain/watchlist/import/read-csv";
import { distinct, type ListParser, type ParsedEntry } from "@/lib/domain/watchlist/import/types";

// US Consolidated Screening List, CSV (https://data.trade.gov/downloaded_files/consolidated.csv; trade.gov's
// "CSL"): the export-screening lists of Commerce (BIS: Entity List, Denied Persons, Unverified, Military End User),
// State (ITAR debarred, nonproliferation) and Treasury (SDN, SSI, FSE, PLC, ...) in one file. A header row; columns
// read by name:
//   _id, source, entity_number, type, programs, name, title, addresses, federal_register_notice, start_date,
//   end_date, standard_order, license_requirement, license_policy, call_sign, vessel_type, gross_tonnage,
//   gross_registered_tonnage, vessel_flag, vessel_owner, remarks, source_list_url, alt_names, citizenships,
//   dates_of_birth, nationalities, places_of_birth, source_information_url, ids
// Several values in one field are separated by "; " (alt_names, programs, addresses, dates_of_birth, ...). The
// Commerce and State lists leave `type` empty: such a row is OTHER (person or organisation, unknown which), as
// FtM's LegalEntity is.

const REQUIRED = ["_id", "source", "name", "type", "alt_names"];
const TYPES: Record<string, WatchlistEntityType> = {
  individual: "PERSON",
  entity: "ORGANIZATION",
  vessel: "VESSEL",
  aircraft: "OTHER",
};

const split = (value: string | undefined) => distinct((value ?? "").split(";"));

/** An address's country: trade.gov ends each address with the ISO code ("..., Moscow, 115035, RU", or just "TR"). */
const addressCountry = (address: string) => address.match(/(?:^|,\s*)([A-Z]{2})$/)?.[1];

export function cslRowToParsed(row: Record<string, string | undefined>): ParsedEntry | null {
  const externalId = row._id?.trim();
  const primaryName = row.name?.trim();
  if (!externalId || !primaryName) return null;
  const source = row.source?.trim();
  return {
    externalId,
    entityType: TYPES[row.type?.trim().toLowerCase() ?? ""] ?? "OTHER",
    primaryName,
    aliases: split(row.alt_names).filter((a) => a !== primaryName),
    birthDates: distinct(split(row.dates_of_birth).flatMap(parseListedDate)),
    countries: distinct([
      ...split(row.nationalities),
      ...split(row.citizenships),
      ...split(row.addresses).map(addressCountry),
      row.vessel_flag,
    ]),
    // the BIS lists carry no program: the list's own short name ("Entity List (EL) - ..." → EL) stands in
    programs: split(row.programs).length > 0 ? split(row.programs) : distinct([source?.match(/\(([^)]+)\)/)?.[1]]),
    remarks: distinct([source && `list: ${source}`, row.title, row.remarks]).join(" — ") || null,
  };
}

export const parseUsCsl: ListParser = async function* (file, context) {
  let columns: string[] | null = null;
  for await (const record of csvRecords(file, context.hash, "US Consolidated Screening List CSV", {
    relax_column_count: true,
  })) {
    if (!columns) {
      columns = record.map((h) => h.trim());
      const missing = REQUIRED.filter((c) => !columns!.includes(c));
      if (missing.length > 0)
        throw new Error(`not a US Consolidated Screening List CSV: no column ${missing.join(", ")}`);
      continue;
    }
    const row = Object.fromEntries(columns.map((c, i) => [c, record[i]]));
    const parsed = cslRowToParsed(row);
    if (!parsed) {
      context.skipped++;
      continue;
    }
    yield parsed;
  }
};
