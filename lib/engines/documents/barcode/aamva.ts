import { jurisdictionOfCode, jurisdictionOfIin } from "./aamva-jurisdictions";
import {
  clean,
  cleanText,
  colour,
  flag,
  postalCode,
  readDate,
  readHeight,
  readNames,
  readWeight,
  truncation,
  type Height,
  type Weight,
} from "./aamva-fields";
import { locateSubfile, readElements, readHeader, subfileEnd, withoutNoise } from "./aamva-layout";

// The text of a US/Canadian licence's PDF417 barcode, parsed by the AAMVA DL/ID Card Design Standard (versions 1–10,
// and the pre-standard "version 0" cards). Real barcode texts stray from the standard every way a scanner, a keyboard
// emulation or an issuer can make them: separators replaced or missing, directory offsets off, no subfile marker,
// undefined characters around every line (aamva-layout.ts finds the data anyway), and values written the issuer's
// own way (aamva-fields.ts reads them). Every deviation is a warning of the reading. Values are read only from the
// DL/ID subfile, element by element: a designator inside a value or inside a jurisdiction subfile is never taken
// for a field. parseAamva never throws.

export type AamvaAddress = {
  street: string | null;
  street2: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  /** ISO alpha-2 */
  country: string | null;
};
export type AamvaReading = {
  version: number;
  iin: string;
  jurisdiction: { code: string; name: string; country: "US" | "CA" | "MX" } | null;
  jurisdictionVersion: number | null;
  subfiles: { type: string; offset: number; length: number }[];
  documentType: "DL" | "ID";
  /** every element of the DL/ID subfile, designator → trimmed value (jurisdiction subfiles are not merged in) */
  elements: Record<string, string>;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  suffix: string | null;
  /** "FIRST MIDDLE LAST SUFFIX" as encoded */
  fullName: string | null;
  /** ISO YYYY-MM-DD */
  dateOfBirth: string | null;
  expiryDate: string | null;
  issueDate: string | null;
  sex: "M" | "F" | "X" | null;
  address: AamvaAddress | null;
  documentNumber: string | null;
  documentDiscriminator: string | null;
  /** ISO alpha-2: the DCG element, else the issuer's country */
  country: string | null;
  /**
   * where `jurisdiction` comes from: the issuer number, or, for a number AAMVA never assigned (Alberta has been seen
   * writing one), the card's own state element DAJ (and its country DCG)
   */
  jurisdictionFrom: "IIN" | "STATE" | null;
  revisionDate: string | null;
  /** DDE/DDF/DDG: the name is cut short on the card (true), whole (false), or the card does not say (null) */
  truncated: { lastName: boolean | null; firstName: boolean | null; middleName: boolean | null };
  /** the holder as the card describes them; colours as the standard's codes (BRO, BLU, BLN …) */
  physical: { height: Height | null; weight: Weight | null; eyeColor: string | null; hairColor: string | null };
  /** DCL as encoded: AI, AP, BK, H, O, W (U: unknown, null) */
  ethnicity: string | null;
  /** DCA/DCB/DCD (version 1: DAR/DAS/DAT), as encoded */
  licence: { vehicleClass: string | null; restrictions: string | null; endorsements: string | null };
  /** DDA: F fully, M materially compliant (REAL ID), N not */
  compliance: "F" | "M" | "N" | null;
  temporaryLawfulStatus: boolean | null;
  organDonor: boolean | null;
  veteran: boolean | null;
  /** the last day the holder is under 18, 19, 21 (DDH, DDI, DDJ) */
  under18Until: string | null;
  under19Until: string | null;
  under21Until: string | null;
  inventoryControlNumber: string | null;
  auditInformation: string | null;
  placeOfBirth: string | null;
  warnings: string[];
};
export type AamvaResult = { ok: true; reading: AamvaReading } | { ok: false; error: string };

/** Barcodes hold at most ~1.8 kB; anything far larger is not one. */
export const MAX_AAMVA_LENGTH = 64 * 1024;

const SEX: Record<string, "M" | "F" | "X"> = { "1": "M", M: "M", "2": "F", F: "F", "9": "X", X: "X" };
const COUNTRY: Record<string, string> = { USA: "US", CAN: "CA", CDN: "CA", MEX: "MX", US: "US", CA: "CA", MX: "MX" };
const COMPLIANCE = new Set(["F", "M", "N"]);

export function parseAamva(input: string): AamvaResult {
  try {
    return parse(input);
  } catch (error) {
    // a defect here must not fail the verification: the card goes to review with the reason
    return { ok: false, error: `the barcode text could not be parsed (${(error as Error).message})` };
  }
}

function parse(input: string): AamvaResult {
  if (typeof input !== "string" || input.length === 0) return { ok: false, error: "the barcode text is empty" };
  if (input.length > MAX_AAMVA_LENGTH) return { ok: false, error: "the barcode text is too long for an AAMVA card" };
  const warnings: string[] = [];
  const text = withoutNoise(input, warnings);
  const header = readHeader(text, warnings);
  if (typeof header === "string") return { ok: false, error: header };
  const located = locateSubfile(text, header, warnings);
  if (!located) return { ok: false, error: "no DL or ID subfile was found" };
  const end = subfileEnd(text, located.start, header, warnings);
  const e = readElements(text.slice(located.start, end), header, warnings);
  const declared = COUNTRY[clean(e.DCG) ?? ""] ?? null;
  const listed = jurisdictionOfIin(header.iin);
  // an issuer number AAMVA never assigned: the card's own state element says who issued it
  const stated = listed ? null : jurisdictionOfCode(clean(e.DAJ) ?? clean(e.DAO) ?? "", declared);
  if (stated)
    warnings.push(`the issuer number ${header.iin} is not AAMVA's: the issuer ${stated.name} is read from DAJ`);
  const jurisdiction = listed ?? stated;
  const country = declared ?? jurisdiction?.country ?? null;
  const monthFirst = country !== "CA" && header.version >= 2;
  const date = (designator: string, name: string) => readDate(e[designator], monthFirst, name, warnings);
  const names = readNames(e, warnings);
  const documentNumber = clean(e.DAQ);
  const dateOfBirth = date("DBB", "date of birth");
  if (!documentNumber && !names.lastName && !dateOfBirth)
    return { ok: false, error: `the ${located.type} subfile holds no document number, name or date of birth` };
  // version 1 cards may give the residence address (DAL–DAP) instead of the mailing one (DAG–DAK)
  const street = cleanText(e.DAG) ?? cleanText(e.DAL);
  const city = cleanText(e.DAI) ?? cleanText(e.DAN);
  const province = clean(e.DAJ) ?? clean(e.DAO);
  const postal = postalCode(e.DAK ?? e.DAP, country);
  const given = [names.firstName, names.middleName].filter(Boolean).join(" ");
  const compliance = clean(e.DDA);
  return {
    ok: true,
    reading: {
      version: header.version,
      iin: header.iin,
      jurisdiction,
      jurisdictionVersion: header.jurisdictionVersion,
      subfiles: header.subfiles,
      documentType: located.type,
      elements: e,
      ...names,
      fullName: [given, names.lastName, names.suffix].filter(Boolean).join(" ") || null,
      dateOfBirth,
      expiryDate: date("DBA", "expiry date"),
      issueDate: date("DBD", "issue date"),
      sex: SEX[clean(e.DBC) ?? ""] ?? null,
      address:
        street || city || province || postal
          ? { street, street2: cleanText(e.DAH) ?? cleanText(e.DAM), city, province, postalCode: postal, country }
          : null,
      documentNumber,
      documentDiscriminator: clean(e.DCF),
      country,
      jurisdictionFrom: listed ? "IIN" : stated ? "STATE" : null,
      revisionDate: date("DDB", "revision date"),
      truncated: { lastName: truncation(e.DDE), firstName: truncation(e.DDF), middleName: truncation(e.DDG) },
      physical: {
        height: readHeight(e.DAU),
        weight: readWeight(e),
        eyeColor: colour(e.DAY, "eyes"),
        hairColor: colour(e.DAZ, "hair"),
      },
      ethnicity: clean(e.DCL) === "U" ? null : clean(e.DCL),
      licence: {
        vehicleClass: clean(e.DCA) ?? clean(e.DAR),
        restrictions: clean(e.DCB) ?? clean(e.DAS),
        endorsements: clean(e.DCD) ?? clean(e.DAT),
      },
      compliance: compliance && COMPLIANCE.has(compliance) ? (compliance as "F" | "M" | "N") : null,
      temporaryLawfulStatus: flag(e.DDD),
      // version 1 put the organ donor flag in DBH (later versions: DDK)
      organDonor: flag(e.DDK) ?? (header.version <= 1 ? flag(e.DBH) : null),
      veteran: flag(e.DDL),
      under18Until: date("DDH", "under-18 date"),
      under19Until: date("DDI", "under-19 date"),
      under21Until: date("DDJ", "under-21 date"),
      inventoryControlNumber: clean(e.DCK),
      auditInformation: clean(e.DCJ),
      placeOfBirth: clean(e.DCI),
      warnings,
    },
  };
}
