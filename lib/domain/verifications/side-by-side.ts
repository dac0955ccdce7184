import { STREET_THRESHOLD } from "@/lib/checks/address-verification/document-cross-reference";
import { MASK } from "@/lib/domain/privacy/personal-data";

// What the detail page's side-by-side panels compare, read from the steps' stored data (lib/processes/*: each
// process's `data`) and the inputs. Pure: any piece a verification lacks (no such step, an older data shape, data
// masked for a member without the personal-data permission) is null, which the panels show as "not available".

type Json = Record<string, unknown>;
type Input = {
  fieldName: string;
  value: string | null;
  masked: boolean;
  file: { id: string; contentType: string } | null;
};
type Step = { processType: string; data: unknown; checks: unknown };
export type SideBySideSource = { id: string; ipAddress: string | null; inputs: Input[]; steps: Step[] };

const obj = (v: unknown): Json | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null);
const text = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v : typeof v === "number" ? String(v) : null;
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const stepData = (v: SideBySideSource, type: string) => obj(v.steps.find((s) => s.processType === type)?.data);
const checksOf = (v: SideBySideSource, type: string) =>
  (Array.isArray(v.steps.find((s) => s.processType === type)?.checks)
    ? v.steps.find((s) => s.processType === type)!.checks
    : []) as { name?: string; result?: string; detail?: string }[];

export type Media = { src: string; contentType: string } | { hidden: true } | null;

function media(v: SideBySideSource, ...fieldNames: string[]): Media {
  for (const name of fieldNames) {
    const input = v.inputs.find((i) => i.fieldName === name);
    if (!input) continue;
    if (input.masked) return { hidden: true };
    if (input.file)
      return { src: `/dashboard/verifications/${v.id}/files/${input.file.id}`, contentType: input.file.contentType };
  }
  return null;
}

export type FaceMatch = {
  similarity: number;
  threshold: number | null;
  result: string | null;
  reference: string | null;
};

/** The document's front next to the selfie (photo, else the selfie video, else the agreement video) and their score. */
export function facesOf(v: SideBySideSource) {
  const candidates = [stepData(v, "LIVENESS")?.face_match, stepData(v, "VIDEO_AGREEMENT")?.face_match];
  const raw = candidates.map(obj).find((m) => m && num(m.similarity) !== null) ?? null;
  const match: FaceMatch | null = raw
    ? {
        similarity: num(raw.similarity)!,
        threshold: num(raw.threshold),
        result: text(raw.result),
        reference: text(raw.reference),
      }
    : null;
  return {
    document: media(v, "DOCUMENT_FRONT"),
    selfie: media(v, "SELFIE_PHOTO", "SELFIE_VIDEO", "AGREEMENT_VIDEO"),
    match,
  };
}

export type FieldState = "agrees" | "differs" | "unconfirmed" | "not compared";
export type MrzField = { label: string; mrz: string | null; printed: string | null; state: FieldState };

/** The fields FIELD_CONSISTENCY names in its detail as differing / unconfirmed (field-consistency.ts wording). */
function consistencyLists(detail: string) {
  const differs = /Printed (.+?) differ/.exec(detail)?.[1]?.split(" and ") ?? [];
  const unreadable = /the printed (.+?) could not be read exactly/.exec(detail)?.[1];
  const unconfirmed = [
    ...(/not confirmed: ([^)]+)\)/.exec(detail)?.[1]?.split(", ") ?? []),
    ...(unreadable ? [unreadable] : []),
  ];
  if (/The MRZ name and the printed name differ/.test(detail)) differs.push("surname", "given names");
  return { differs, unconfirmed };
}

/** The MRZ lines and what they encode, each field against the printed page (OCR) as FIELD_CONSISTENCY judged it. */
export function mrzOf(v: SideBySideSource) {
  const doc = stepData(v, "DOCUMENT_VERIFICATION");
  if (!doc) return null;
  const mrz = obj(doc.mrz);
  const masked = doc.mrz === MASK;
  const nameCheck = obj(doc.name_check);
  const check = checksOf(v, "DOCUMENT_VERIFICATION").find((c) => c.name === "FIELD_CONSISTENCY") ?? null;
  const lists = check?.detail ? consistencyLists(check.detail) : { differs: [], unconfirmed: [] };
  const state = (label: string): FieldState =>
    !check || check.result === "SKIPPED"
      ? "not compared"
      : lists.differs.includes(label)
        ? "differs"
        : lists.unconfirmed.includes(label)
          ? "unconfirmed"
          : "agrees";
  const printedName = nameCheck ? text(nameCheck.printed) : doc.name_check === MASK ? MASK : null;
  const fields: MrzField[] = [
    { label: "surname", mrz: text(doc.surname), printed: printedName, state: state("surname") },
    { label: "given names", mrz: text(doc.given_names), printed: printedName, state: state("given names") },
    { label: "date of birth", mrz: text(doc.date_of_birth), printed: null, state: state("date of birth") },
    { label: "document number", mrz: text(doc.document_number), printed: null, state: state("document number") },
    { label: "expiry date", mrz: text(doc.expiry_date), printed: null, state: "not compared" },
    { label: "nationality", mrz: text(doc.nationality), printed: null, state: "not compared" },
  ];
  return {
    lines: mrz && Array.isArray(mrz.lines) ? (mrz.lines as unknown[]).map(String) : null,
    masked,
    format: mrz ? text(mrz.format) : null,
    valid: mrz && typeof mrz.valid === "boolean" ? mrz.valid : null,
    hasBarcode: Boolean(obj(doc.barcode)),
    fields,
    check: check && { result: check.result ?? null, detail: check.detail ?? null },
  };
}

export type AddressRow = {
  label: string;
  entered: string | null;
  document: string | null;
  verdict: string | null;
  mismatch: boolean;
};

/** The address the user entered against the document's, part by part, with ADDRESS_VERIFICATION's comparison. */
export function addressOf(v: SideBySideSource) {
  const input = (name: string) => {
    const i = v.inputs.find((x) => x.fieldName === name);
    return i ? (i.masked ? MASK : text(i.value)) : null;
  };
  const step = stepData(v, "ADDRESS_VERIFICATION");
  const docAddress = stepData(v, "DOCUMENT_VERIFICATION")?.address;
  const doc = obj(docAddress);
  const comparison = obj(step?.document_comparison);
  const verdict = (key: string): { verdict: string | null; mismatch: boolean } => {
    const value = comparison?.[key];
    if (typeof value === "boolean") return { verdict: value ? "matches" : "differs", mismatch: !value };
    if (typeof value === "number")
      return { verdict: `similarity ${value.toFixed(2)}`, mismatch: value < STREET_THRESHOLD };
    return { verdict: null, mismatch: false };
  };
  const row = (label: string, field: string, key: string, docKey: string): AddressRow => ({
    label,
    entered: input(field) ?? text(step?.[docKey]),
    document: doc ? text(doc[docKey]) : null,
    ...verdict(key),
  });
  const rows = [
    row("street", "ADDRESS_LINE", "street", "address_line"),
    row("city", "CITY", "city", "city"),
    row("postal code", "POSTAL_CODE", "postal_code", "postal_code"),
    row("region", "PROVINCE", "province", "province"),
    row("country", "COUNTRY", "country", "country"),
  ];
  const hasEntered = rows.some((r) => r.entered);
  return {
    rows: hasEntered || doc || typeof docAddress === "string" ? rows : [],
    documentText: typeof docAddress === "string" ? docAddress : null,
    country: text(input("COUNTRY")) ?? text(step?.country),
  };
}

export type Point = { lat: number; lon: number; label: string; kind: "ip" | "address" | "gps" };

/** Countries and points for the map: the IP's location, the geocoded address, the device's GPS (when shared). */
export function placesOf(v: SideBySideSource) {
  const location = stepData(v, "LOCATION_INTELLIGENCE");
  const address = stepData(v, "ADDRESS_VERIFICATION");
  const points: Point[] = [];
  const ip = obj(location?.ip_location);
  if (ip && num(ip.lat) !== null && num(ip.lon) !== null)
    points.push({
      lat: num(ip.lat)!,
      lon: num(ip.lon)!,
      label: `IP location${text(location?.ip_city) && location?.ip_city !== MASK ? `: ${text(location?.ip_city)}` : ""}`,
      kind: "ip",
    });
  const city = obj(address?.city_match);
  if (city && num(city.latitude) !== null && num(city.longitude) !== null)
    points.push({
      lat: num(city.latitude)!,
      lon: num(city.longitude)!,
      label: `Address (geocoded): ${text(city.name) ?? "town"}`,
      kind: "address",
    });
  const gps = obj(location?.gps);
  if (gps && num(gps.lat) !== null && num(gps.lon) !== null)
    points.push({ lat: num(gps.lat)!, lon: num(gps.lon)!, label: "Device GPS", kind: "gps" });
  const countries = [text(address?.country), text(location?.ip_country), text(location?.gps_country)].filter(
    (c): c is string => Boolean(c) && c !== MASK,
  );
  return {
    countries,
    points,
    ipCountry: text(location?.ip_country),
    needsIpLookup: !ip && !location && Boolean(v.ipAddress) && v.ipAddress !== MASK,
  };
}

export type WatchlistCandidate = {
  name: string | null;
  matchedName: string | null;
  score: number | null;
  source: string | null;
  programs: string[];
  matched: string[];
};

/** WATCHLIST_CHECK's candidates, best first, with the fields that matched (name, date of birth, country). */
export function watchlistOf(v: SideBySideSource) {
  const data = stepData(v, "WATCHLIST_CHECK");
  if (!data) return null;
  const list = (x: unknown) => (Array.isArray(x) ? x.map(String) : []);
  const candidates: WatchlistCandidate[] = (Array.isArray(data.matches) ? data.matches : [])
    .map(obj)
    .filter((m): m is Json => m !== null)
    .map((m) => {
      const breakdown = obj(m.score_breakdown) ?? {};
      const dob = text(breakdown.dob_agreement);
      const matched = [
        num(breakdown.name) !== null ? `name ${num(breakdown.name)!.toFixed(2)}` : "name",
        ...(dob && ["EXACT", "SAME_YEAR", "NEAR_YEAR"].includes(dob)
          ? [`date of birth (${dob.toLowerCase().replace(/_/g, " ")})`]
          : []),
      ];
      return {
        name: text(m.name),
        matchedName: text(m.matched_name),
        score: num(m.score),
        source: text(m.source),
        programs: list(m.programs),
        matched,
      };
    })
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const lists = (Array.isArray(data.lists_screened) ? data.lists_screened : []).map(obj).filter(Boolean) as Json[];
  return { candidates, lists: lists.map((l) => `${text(l.name) ?? "list"} (${num(l.entry_count) ?? "?"} entries)`) };
}
