import { pipeline, Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import type { WatchlistEntityType } from "@/generated/prisma/enums";
import { parseListedDate } from "@/lib/domain/watchlist/import/dates";
import { textChunks } from "@/lib/domain/watchlist/import/read-file";
import { distinct, type ListParser, type ParsedEntry } from "@/lib/domain/watchlist/import/types";

// OpenSanctions "targets.simple.csv" (https://data.opensanctions.org/datasets/latest/<dataset>/targets.simple.csv),
// RFC 4180, a header row, one target entity per row, multiple values separated by ";":
//   id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,program_ids,
//   dataset,first_seen,last_seen,last_change
// Columns are read by name: id, schema and name are required, unknown ones are ignored (older exports have no
// program_ids). The synthetic demo list (data/watchlists/synthetic.csv) uses this format too.

/** FollowTheMoney schema → entity type; null: not something a name is screened against (Sanction, Address, ...). */
export function ftmEntityType(schema: string | undefined): WatchlistEntityType | null {
  switch (schema) {
    case "Person":
      return "PERSON";
    case "Organization":
    case "Company":
    case "PublicBody":
      return "ORGANIZATION";
    case "Vessel":
      return "VESSEL";
    // LegalEntity is FtM's "person or organisation, unknown which"
    case "LegalEntity":
    case "Airplane":
      return "OTHER";
    default:
      return null;
  }
}

const REQUIRED = ["id", "schema", "name"];
const split = (value: string | undefined) => distinct((value ?? "").split(";"));

export function simpleCsvRowToParsed(row: Record<string, string | undefined>): ParsedEntry | null {
  const entityType = ftmEntityType(row.schema?.trim());
  const primaryName = row.name?.trim();
  if (!row.id?.trim() || !entityType || !primaryName) return null;
  const programs = split(row.program_ids);
  return {
    externalId: row.id.trim(),
    entityType,
    primaryName,
    aliases: split(row.aliases).filter((a) => a !== primaryName),
    birthDates: distinct(split(row.birth_date).flatMap(parseListedDate)),
    countries: split(row.countries),
    // program_ids are codes (US-SDGT, EU-RUS); older exports only have the sanctions' descriptions
    programs: programs.length > 0 ? programs : split(row.sanctions),
    remarks:
      distinct([...split(row.sanctions).map((s) => `sanction: ${s}`), row.dataset && `dataset: ${row.dataset}`]).join(
        " — ",
      ) || null,
  };
}

export const parseOpenSanctionsCsv: ListParser = async function* (file, context) {
  const csv = parse({
    bom: true,
    skip_empty_lines: true,
    columns: (header: string[]) => {
      const names = header.map((h) => h.trim());
      const missing = REQUIRED.filter((c) => !names.includes(c));
      if (missing.length > 0)
        throw new Error(`not an OpenSanctions targets.simple.csv: no column ${missing.join(", ")}`);
      return names;
    },
  });
  // pipeline, not pipe: a read error must end the iteration below instead of leaving it waiting
  pipeline(Readable.from(textChunks(file, context.hash)), csv, () => {});
  try {
    for await (const row of csv as AsyncIterable<Record<string, string | undefined>>) {
      const parsed = simpleCsvRowToParsed(row);
      if (!parsed) {
        context.skipped++;
        continue;
      }
      const changed = row.last_change?.trim();
      if (changed && (!context.sourceVersion || changed > context.sourceVersion)) context.sourceVersion = changed;
      yield parsed;
    }
  } catch (error) {
    // csv-parse's own errors ("Invalid Opening Quote ...") do not say which file format was expected
    if (error instanceof CsvError)
      throw new Error(`not a readable targets.simple.csv: ${(error as Error).message}`, { cause: error });
    throw error;
  }
};
