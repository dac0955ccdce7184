// Transcribed MRZ lines of a folder of document images (`labels.csv` beside them: the shared material's format) and
// how a reading compares with them: the whole zone exactly, field by field, check digits. Pure: no OCR here.
//
// labels.csv columns: image (path from the folder), format (TD1, TD2, TD3, MRVA, MRVB, FRA_ID_2x36, NONE),
// line1..line3 (as printed, `<` fillers, full length), all_check_digits_valid (True / False / empty where no ICAO
// check applies), notes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { alpha2OfMrzState } from "@/lib/engines/documents/mrz/icao";
import { safeParse } from "@/lib/engines/documents/mrz/mrz-lines";

export type MrzLabel = {
  image: string;
  format: string;
  lines: string[];
  /** true: every check digit of the print holds; false: a wrong digit on purpose; null: no ICAO check (or no MRZ) */
  printHolds: boolean | null;
};

/** The fields compared one by one (the list): the mrz package's field names. */
export const COMPARED_FIELDS = ["documentNumber", "lastName", "firstName", "birthDate", "expirationDate"] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export type LabelComparison = {
  /** every line read exactly as printed */
  exact: boolean;
  /** per field: true/false when the label has the field, absent when it does not (no given names, no MRZ) */
  fields: Partial<Record<ComparedField, boolean>>;
};

/** The labels of `dir`, or null when it has no labels.csv. */
export function readLabels(dir: string): MrzLabel[] | null {
  const file = path.join(dir, "labels.csv");
  if (!existsSync(file)) return null;
  const rows = parseCsv(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  return rows.map((r) => ({
    image: r.image ?? "",
    format: r.format ?? "",
    lines: [r.line1, r.line2, r.line3].filter((l): l is string => Boolean(l)),
    printHolds: r.all_check_digits_valid === "True" ? true : r.all_check_digits_valid === "False" ? false : null,
  }));
}

/** A specimen whose print is a real MRZ with every check digit right (or the French ID, which has no ICAO check). */
export function isGenuine(label: MrzLabel): boolean {
  return label.format !== "NONE" && label.printHolds !== false;
}

/**
 * What an end user would declare for this document: the type its document code names (P passport, V visa, an
 * R in second place a residence permit, other cards a national ID) and the issuing state's country (null for an
 * unknown state such as ICAO's Utopia). The evaluation sends these as DOCUMENT_TYPE and DOCUMENT_COUNTRY.
 */
export function declaredOf(label: MrzLabel): { type: string | null; country: string | null } {
  const first = label.lines[0];
  if (!first) return { type: null, country: null };
  const code = first.slice(0, 2);
  const type = code.startsWith("P")
    ? "PASSPORT"
    : code.startsWith("V")
      ? "VISA"
      : code[1] === "R"
        ? "RESIDENCE_PERMIT"
        : "NATIONAL_ID";
  return { type, country: alpha2OfMrzState(first.slice(2, 5)) };
}

function fieldsOf(lines: readonly string[]): Record<string, string | null> {
  const parsed = lines.length ? safeParse([...lines]) : null;
  return (parsed?.fields ?? {}) as Record<string, string | null>;
}

/** A reading (the lines of data.mrz, or none) against the label. */
export function compareWithLabel(label: MrzLabel, read: readonly string[] | null): LabelComparison {
  const exact = Boolean(read && read.length === label.lines.length && read.every((l, i) => l === label.lines[i]));
  const truth = fieldsOf(label.lines);
  const got = read ? fieldsOf(read) : {};
  const fields: Partial<Record<ComparedField, boolean>> = {};
  for (const field of COMPARED_FIELDS) {
    const expected = truth[field];
    if (!expected) continue;
    fields[field] = got[field] === expected;
  }
  return { exact, fields };
}
