// The real AAMVA payloads of ../shared/data/aamva (c0shea/IdParser's test payloads, read in place: never copied) and
// their labels, and what "every labelled field right" means for a reading of ours. Used by tools/eval/aamva.ts (the
// figure, through the DOCUMENT_VERIFICATION process) and lib/engines/documents/barcode/aamva.real.test.ts (the parser
// alone).
//
// The labels are what IdParser reads, in its own terms (C# enum names, Height.FromImperial …); each maps onto one
// field of our reading. Text is compared ignoring case and runs of spaces (we upper-case and single-space what the
// card encodes; IdParser keeps it as encoded), postal codes without spaces or hyphens ("N1M 3J6" is IdParser's own
// display of "N1M3J6"; a digits-only label neither 5 nor 9 long, IdParser's deletion of every "0000" from a longer
// value as SOURCE.md says, is compared on its five-digit ZIP), and an IdNumber "NONE" (the New York sample) matches no number: a card that says NONE has
// none, and the API never reports "NONE" as a document number. `AdditionalJurisdictionElements` (the jurisdiction's
// own subfile, a C# literal cut to "{" in labels.json) is the one label not compared; `extra_asserts` (C# text) are not
// read. A label key this table does not know counts as wrong.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { AamvaReading } from "@/lib/engines/documents/barcode/aamva";

export type AamvaLabel = {
  test: string;
  kind: "DL" | "ID";
  file: string;
  expected: Record<string, string | boolean>;
};
export type RealPayload = {
  file: string;
  /** the barcode's bytes as Latin-1 characters (the file's UTF-8 text without its byte-order mark) */
  text: string;
  /** null for a payload split.json lists without a label: it is read, not scored */
  label: AamvaLabel | null;
  /** from split.json: the header's AAMVA version and the issuer's country */
  version: number;
  country: string;
};
/** What the API returned for the step (the parts a label maps onto). */
export type StepData = {
  surname?: string | null;
  given_names?: string | null;
  date_of_birth?: string | null;
  expiry_date?: string | null;
  issue_date?: string | null;
  sex?: string | null;
  document_number?: string | null;
  country_of_issuance?: string | null;
  address?: {
    address_line: string | null;
    city: string | null;
    province: string | null;
    postal_code: string | null;
  } | null;
  barcode?: { version: number } | null;
};

const NOT_COMPARED = new Set(["AdditionalJurisdictionElements"]);

/** Every payload of the set: the labelled ones in labels.json's order, then any other split.json lists. */
export function listPayloads(dir: string): RealPayload[] {
  const labels = JSON.parse(readFileSync(path.join(dir, "labels.json"), "utf8")) as AamvaLabel[];
  const split = JSON.parse(readFileSync(path.join(dir, "split.json"), "utf8")) as {
    payloads: { file: string; version: number; country: string }[];
  };
  const files = [...new Set([...labels.map((l) => l.file), ...split.payloads.map((p) => p.file)])];
  return files.map((file) => {
    const entry = split.payloads.find((p) => p.file === file);
    const text = readFileSync(path.join(dir, file), "utf8").replace(/^\uFEFF/, "");
    const label = labels.find((l) => l.file === file) ?? null;
    return { file, text, label, version: entry?.version ?? 0, country: entry?.country ?? "?" };
  });
}

const VERSIONS: Record<string, number> = {
  PreStandard: 0,
  Aamva2000: 1,
  Aamva2003: 2,
  Aamva2005: 3,
  Aamva2009: 4,
  Aamva2010: 5,
  Aamva2011: 6,
  Aamva2012: 7,
  Aamva2013: 8,
  Aamva2016: 9,
  Aamva2020: 10,
};
const EYES: Record<string, string> = {
  Black: "BLK",
  Blue: "BLU",
  Brown: "BRO",
  Gray: "GRY",
  Green: "GRN",
  Hazel: "HAZ",
  Maroon: "MAR",
  Pink: "PNK",
  Dichromatic: "DIC",
  Unknown: "UNK",
};
const HAIR: Record<string, string> = {
  Bald: "BAL",
  Black: "BLK",
  Blond: "BLN",
  Brown: "BRO",
  Gray: "GRY",
  RedAuburn: "RED",
  Sandy: "SDY",
  White: "WHI",
  Unknown: "UNK",
};
const ETHNICITY: Record<string, string> = {
  AlaskanAmericanIndian: "AI",
  AsianPacificIslander: "AP",
  Black: "BK",
  HispanicOrigin: "H",
  NonHispanic: "O",
  White: "W",
};
const COMPLIANCE: Record<string, string> = { FullyCompliant: "F", MateriallyCompliant: "M", NonCompliant: "N" };
// IdParser's names of the weight range codes 0–9 (DCE), in code order
const RANGES = [
  "LbsUpTo70",
  "Lbs71To100",
  "Lbs101To130",
  "Lbs131To160",
  "Lbs161To190",
  "Lbs191To220",
  "Lbs221To250",
  "Lbs251To280",
  "Lbs281To320",
  "LbsGreaterThan320",
];

/** A labelled postal code and ours are the same code (the rule above). */
function samePostalCode(label: string, ours: string | null | undefined): boolean {
  const l = label.replace(/[\s-]/g, "").toUpperCase();
  const o = ours?.replace(/[\s-]/g, "").toUpperCase() ?? null;
  if (l === o) return true;
  return /^\d+$/.test(l) && l.length !== 5 && l.length !== 9 && o !== null && l.slice(0, 5) === o.slice(0, 5);
}

const text = (v: unknown) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ").toUpperCase() : v);
const enumName = (v: string) => v.slice(v.lastIndexOf(".") + 1).replace(/\)$/, "");

function height(label: string): { value: number; unit: string } | null {
  const metric = /FromMetric\((\d+)\)/.exec(label);
  if (metric) return { value: Number(metric[1]), unit: "cm" };
  const feet = /^(\d+) ft (\d+) in$/.exec(label);
  if (feet) return { value: Number(feet[1]) * 12 + Number(feet[2]), unit: "in" };
  const pair = /FromImperial\((\d+),\s*(\d+)\)/.exec(label);
  if (pair) return { value: Number(pair[1]) * 12 + Number(pair[2]), unit: "in" };
  const inches = /^(\d+) in$|FromImperial\((\d+)\)/.exec(label);
  return inches ? { value: Number(inches[1] ?? inches[2]), unit: "in" } : null;
}

function weightMatches(label: string, w: AamvaReading["physical"]["weight"]): boolean {
  const pounds = /FromImperial\((\d+)\)/.exec(label);
  if (pounds) return w?.pounds === Number(pounds[1]);
  const kilograms = /FromMetric\((\d+)\)/.exec(label);
  if (kilograms) return w?.kilograms === Number(kilograms[1]);
  const range = RANGES.indexOf(enumName(label));
  return range >= 0 && w?.range === range;
}

/** The reading's value for one label key, in the label's terms; undefined for a key no field maps onto. */
function ours(key: string, r: AamvaReading): unknown {
  const a = r.address;
  const simple: Record<string, unknown> = {
    First: r.firstName,
    Middle: r.middleName,
    Last: r.lastName,
    Suffix: r.suffix,
    WasFirstTruncated: r.truncated.firstName,
    WasMiddleTruncated: r.truncated.middleName,
    WasLastTruncated: r.truncated.lastName,
    StreetLine1: a?.street ?? null,
    StreetLine2: a?.street2 ?? null,
    City: a?.city ?? null,
    JurisdictionCode: a?.province ?? null,
    PostalCode: a?.postalCode?.replace(/[\s-]/g, "") ?? null,
    Country: { US: "Country.Usa", CA: "Country.Canada", MX: "Country.Mexico" }[r.country ?? ""] ?? r.country,
    DateOfBirth: r.dateOfBirth,
    ExpirationDate: r.expiryDate,
    IssueDate: r.issueDate,
    RevisionDate: r.revisionDate,
    Under18Until: r.under18Until,
    Under19Until: r.under19Until,
    Under21Until: r.under21Until,
    Sex: r.sex === "M" ? "Sex.Male" : r.sex === "F" ? "Sex.Female" : r.sex === "X" ? "Sex.NotSpecified" : r.sex,
    IdNumber: r.documentNumber,
    VehicleClass: r.licence.vehicleClass,
    RestrictionCodes: r.licence.restrictions,
    EndorsementCodes: r.licence.endorsements,
    HasTemporaryLawfulStatus: r.temporaryLawfulStatus,
    IsOrganDonor: r.organDonor,
    IsVeteran: r.veteran,
    DocumentDiscriminator: r.documentDiscriminator,
    InventoryControlNumber: r.inventoryControlNumber,
    AuditInformation: r.auditInformation,
    PlaceOfBirth: r.placeOfBirth,
  };
  return key in simple ? simple[key] : undefined;
}

/** The labelled fields the reading gets wrong, as "Key: expected ≠ ours" (empty: every labelled field right). */
export function readingMismatches(label: AamvaLabel, r: AamvaReading): string[] {
  const wrong: string[] = [];
  for (const [key, expected] of Object.entries(label.expected)) {
    if (NOT_COMPARED.has(key)) continue;
    let right: boolean;
    let got: unknown;
    const e = String(expected);
    if (key === "AamvaVersionNumber") right = (got = r.version) === VERSIONS[enumName(e)];
    else if (key === "Height") right = JSON.stringify((got = r.physical.height)) === JSON.stringify(height(e));
    else if (key === "Weight") right = weightMatches(e, (got = r.physical.weight));
    else if (key === "EyeColor") right = (got = r.physical.eyeColor) === EYES[enumName(e)];
    else if (key === "HairColor") right = (got = r.physical.hairColor) === HAIR[enumName(e)];
    else if (key === "Ethnicity") right = (got = r.ethnicity) === ETHNICITY[enumName(e)];
    else if (key === "ComplianceType") right = (got = r.compliance) === COMPLIANCE[enumName(e)];
    else if (key === "IdNumber" && e === "NONE") right = (got = r.documentNumber) === null;
    else if (key === "PostalCode") right = samePostalCode(e, (got = r.address?.postalCode ?? null) as string | null);
    else if (typeof expected === "boolean") right = (got = ours(key, r)) === expected;
    else right = text((got = ours(key, r))) === text(expected);
    if (!right) wrong.push(`${key}: ${JSON.stringify(expected)} ≠ ${JSON.stringify(got ?? null)}`);
  }
  return wrong;
}

/** The labelled fields the API's step data gets wrong (the fields it carries: names, dates, sex, number, address, country, version). */
export function dataMismatches(label: AamvaLabel, d: StepData): string[] {
  const x = label.expected;
  const wrong: string[] = [];
  const same = (name: string, expected: unknown, got: unknown) => {
    if (expected === undefined) return;
    if (text(expected) !== text(got ?? null))
      wrong.push(`data.${name}: ${JSON.stringify(expected)} ≠ ${JSON.stringify(got ?? null)}`);
  };
  same("surname", x.Last, d.surname);
  // given_names is "FIRST MIDDLE": the middle name only where the label says one
  if (x.First !== undefined) {
    const given = text(d.given_names ?? "") as string;
    const first = text(x.First) as string;
    const expected = x.Middle !== undefined ? `${first} ${text(x.Middle) as string}` : first;
    if (x.Middle !== undefined ? given !== expected : given !== first && !given.startsWith(`${first} `))
      wrong.push(`data.given_names: ${JSON.stringify(expected)} ≠ ${JSON.stringify(d.given_names ?? null)}`);
  }
  same("date_of_birth", x.DateOfBirth, d.date_of_birth);
  same("expiry_date", x.ExpirationDate, d.expiry_date);
  same("issue_date", x.IssueDate, d.issue_date);
  if (x.Sex !== undefined)
    same("sex", { "Sex.Male": "M", "Sex.Female": "F", "Sex.NotSpecified": "X" }[String(x.Sex)] ?? x.Sex, d.sex);
  if (x.IdNumber !== undefined) same("document_number", x.IdNumber === "NONE" ? null : x.IdNumber, d.document_number);
  if (x.Country !== undefined)
    same(
      "country_of_issuance",
      { "Country.Usa": "US", "Country.Canada": "CA", "Country.Mexico": "MX" }[String(x.Country)] ?? x.Country,
      d.country_of_issuance,
    );
  if (x.StreetLine1 !== undefined)
    same("address.address_line", [x.StreetLine1, x.StreetLine2].filter(Boolean).join(", "), d.address?.address_line);
  same("address.city", x.City, d.address?.city);
  same("address.province", x.JurisdictionCode, d.address?.province);
  if (x.PostalCode !== undefined && !samePostalCode(String(x.PostalCode), d.address?.postal_code))
    wrong.push(
      `data.address.postal_code: ${JSON.stringify(x.PostalCode)} ≠ ${JSON.stringify(d.address?.postal_code ?? null)}`,
    );
  if (x.AamvaVersionNumber !== undefined)
    same("barcode.version", VERSIONS[enumName(String(x.AamvaVersionNumber))], d.barcode?.version);
  return wrong;
}
