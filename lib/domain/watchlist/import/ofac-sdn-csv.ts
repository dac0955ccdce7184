import { existsSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { WatchlistEntityType } from "@/generated/prisma/enums";
import { parseListedDate } from "@/lib/domain/watchlist/import/dates";
import { csvRecords } from "@/lib/domain/watchlist/import/read-csv";
import { distinct, type ListParser, type ParseContext, type ParsedEntry } from "@/lib/domain/watchlist/import/types";

// OFAC SDN list, legacy CSV: four files published side by side
// (https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV, ALT.CSV, ADD.CSV,
// SDN_COMMENTS.CSV; formerly treasury.gov/ofac/downloads/sdn.csv ...). No header rows; "-0-" means empty; fields
// are quoted only when needed. Layout from OFAC's "dat_spec.txt":
//   sdn.csv           ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag,
//                     Vess_owner, Remarks
//   alt.csv           ent_num, alt_num, alt_type (aka|fka|nka), alt_name, alt_remarks
//   add.csv           ent_num, add_num, address, "city, state/province, postal code", country, add_remarks
//   sdn_comments.csv  ent_num, remarks_extended (the rest of a Remarks field cut at the CSV's field limit)
// Programs are joined as "SDGT] [IFSR". Dates of birth, nationalities and the WEAK a.k.a.s exist only inside the
// remarks ("DOB 28 Jul 1963; nationality Russia; a.k.a. 'HESA'."), so they are read from there.
// The import takes the folder holding the four files (or the path of its sdn.csv); alt.csv, add.csv and
// sdn_comments.csv may be missing (OFAC publishes them, but an entry is complete without them).

const FILES = { sdn: "sdn.csv", alt: "alt.csv", add: "add.csv", comments: "sdn_comments.csv" } as const;
const TYPES: Record<string, WatchlistEntityType> = { individual: "PERSON", vessel: "VESSEL", aircraft: "OTHER" };

/** The folder that holds sdn.csv: the path itself, or the folder of a path to sdn.csv. */
export function ofacCsvFolder(path: string): string {
  if (existsSync(path) && statSync(path).isDirectory()) return path;
  if (basename(path).toLowerCase() === FILES.sdn) return dirname(path);
  throw new Error(`the OFAC SDN CSV format is a folder holding ${FILES.sdn} (and alt.csv, add.csv, sdn_comments.csv)`);
}

const DOS_EOF = String.fromCharCode(0x1a);
// OFAC's own "empty"; fields also carry a trailing space ("-0- ") and the files may end with a DOS EOF (0x1A)
const value = (field: string | undefined) => {
  const v = field?.replaceAll(DOS_EOF, "").trim();
  return v && v !== "-0-" ? v : undefined;
};

/** One file's records with the expected number of fields (a wrong file fails on its first record). */
async function* records(folder: string, name: string, fields: number, context: ParseContext) {
  const file = join(folder, name);
  let line = 0;
  for await (const record of csvRecords(file, context.hash, `OFAC ${name}`, {
    relax_quotes: true,
    relax_column_count: true,
  })) {
    line++;
    // the EOF marker alone on the last line
    if (record.length === 1 && !value(record[0])) continue;
    if (record.length !== fields)
      throw new Error(`not an OFAC ${name}: record ${line} has ${record.length} fields, expected ${fields}`);
    if (!/^\d+$/.test(record[0]!.trim()))
      throw new Error(`not an OFAC ${name}: record ${line} does not start with an entry number`);
    yield record;
  }
}

type Extra = { aliases: string[]; countries: string[]; comments: string };

/** alt.csv, add.csv and sdn_comments.csv by ent_num: a few MB for the full list, read before sdn.csv streams. */
async function readSideFiles(folder: string, context: ParseContext): Promise<Map<string, Extra>> {
  const extras = new Map<string, Extra>();
  const of = (id: string) => {
    let extra = extras.get(id);
    if (!extra) extras.set(id, (extra = { aliases: [], countries: [], comments: "" }));
    return extra;
  };
  const present = (name: string) => existsSync(join(folder, name));
  if (present(FILES.alt))
    for await (const r of records(folder, FILES.alt, 5, context)) {
      const name = value(r[3]);
      if (name) of(r[0]!.trim()).aliases.push(name);
    }
  if (present(FILES.add))
    for await (const r of records(folder, FILES.add, 6, context)) {
      const country = value(r[4]);
      if (country) of(r[0]!.trim()).countries.push(country);
    }
  if (present(FILES.comments))
    for await (const r of records(folder, FILES.comments, 2, context)) {
      // the continuation is cut mid-word: joined as is
      of(r[0]!.trim()).comments += r[1] ?? "";
    }
  return extras;
}

/** What the remarks carry besides prose: "DOB ...", "nationality ...", "citizen ...", "a.k.a. '...'". */
export function readSdnRemarks(remarks: string) {
  const birthDates: string[] = [];
  const countries: string[] = [];
  const weakAliases: string[] = [];
  for (const raw of remarks.split(";")) {
    const part = raw.trim().replace(/\.$/, "");
    let m = part.match(/^(?:alt\. )?DOB (.+)$/i);
    if (m) birthDates.push(...parseListedDate(m[1]));
    m = part.match(/^(?:alt\. )?(?:nationality|citizen) (.+)$/i);
    if (m) countries.push(m[1]!);
    // OFAC: weak a.k.a.s are "relatively broad or generic"; the CSV carries them only in the remarks
    m = part.match(/^[afn]\.k\.a\.,? '(.+)'$/i);
    if (m) weakAliases.push(m[1]!);
  }
  return { birthDates, countries, weakAliases };
}

export function sdnCsvRecordToParsed(record: string[], extra: Extra | undefined): ParsedEntry | null {
  const externalId = record[0]!.trim();
  const primaryName = value(record[1]);
  if (!primaryName) return null;
  const remarks = (value(record[11]) ?? "") + (extra?.comments ?? "");
  const fromRemarks = readSdnRemarks(remarks);
  return {
    externalId,
    // "-0-" is an entity: OFAC's SDN_Type names only individuals, vessels and aircraft
    entityType: TYPES[value(record[2])?.toLowerCase() ?? ""] ?? "ORGANIZATION",
    primaryName,
    aliases: distinct(extra?.aliases ?? []).filter((a) => a !== primaryName),
    lowQualityAliases: distinct(fromRemarks.weakAliases).filter((a) => a !== primaryName),
    birthDates: distinct(fromRemarks.birthDates),
    countries: distinct([...fromRemarks.countries, value(record[9]), ...(extra?.countries ?? [])]),
    programs: distinct((value(record[3]) ?? "").split(/\]\s*\[/)),
    remarks: distinct([value(record[4]), remarks]).join(" — ") || null,
  };
}

export const parseOfacSdnCsv: ListParser = async function* (path, context) {
  const folder = ofacCsvFolder(path);
  if (!existsSync(join(folder, FILES.sdn))) throw new Error(`no ${FILES.sdn} in ${folder}`);
  // the side files first: the checksum covers alt, add, comments, then sdn, always in that order
  const extras = await readSideFiles(folder, context);
  for await (const record of records(folder, FILES.sdn, 12, context)) {
    const parsed = sdnCsvRecordToParsed(record, extras.get(record[0]!.trim()));
    if (parsed) yield parsed;
    else context.skipped++;
  }
};
