import { jurisdictionOfIin } from "./aamva-jurisdictions";

// The text of a US/Canadian licence's PDF417 barcode, parsed by the AAMVA DL/ID Card Design Standard (versions 1–10,
// and the pre-standard "version 0" cards). Layout: "@", three separator characters (data element, record, segment:
// usually LF, RS, CR), the file type "ANSI " (old cards: "AAMVA"), the issuer's IIN (6 digits), the version (2),
// from version 2 on the jurisdiction's own version (2), the number of subfiles (2), then one directory entry per
// subfile: type (2), offset (4), length (4). Each subfile starts with its type ("DL", "ID", or "Z?" for the
// jurisdiction's own) followed by elements: a 3-letter designator and its value, ended by the data element
// separator; the segment terminator ends the subfile.
//
// Real barcodes stray from it: directory offsets a few bytes off or counted from elsewhere, separators missing,
// CRLF line ends, the "@" stripped by a scanner. So the directory is followed where it holds and the subfile marker
// searched for where it does not, with a warning each time. Values are read only from the DL/ID subfile, element
// by element: a designator inside a value or inside a jurisdiction subfile is never taken for a field.
// parseAamva never throws.

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
  warnings: string[];
};
export type AamvaResult = { ok: true; reading: AamvaReading } | { ok: false; error: string };

/** Barcodes hold at most ~1.8 kB; anything far larger is not one. */
export const MAX_AAMVA_LENGTH = 64 * 1024;
const HIGHEST_VERSION = 10;
// how far from its stated offset a subfile marker is looked for (real directories are off by a few bytes)
const OFFSET_SLACK = 16;

type Header = {
  elementSeparator: string;
  segmentTerminator: string;
  iin: string;
  version: number;
  jurisdictionVersion: number | null;
  subfiles: { type: string; offset: number; length: number }[];
  end: number;
};

function readHeader(text: string, warnings: string[]): Header | string {
  const fileType = /ANSI ?|AAMVA/.exec(text.slice(0, 40));
  if (!fileType) return 'no AAMVA header (file type "ANSI " not found)';
  let elementSeparator = "\n";
  let segmentTerminator = "\r";
  // the three separators stand right before the file type (after "@", which scanners sometimes strip)
  const separators = text.slice(Math.max(0, fileType.index - 3), fileType.index);
  if (separators.length === 3 && !/[A-Za-z0-9 ]/.test(separators)) {
    elementSeparator = separators[0]!;
    segmentTerminator = separators[2]!;
  } else warnings.push("the compliance indicator and separators are missing: LF and CR assumed");
  let i = fileType.index + fileType[0].length;
  const digits = (n: number) => {
    const s = text.slice(i, i + n);
    if (!new RegExp(`^\\d{${n}}$`).test(s)) return null;
    i += n;
    return s;
  };
  const iin = digits(6);
  const version = digits(2);
  if (iin === null || version === null) return "the header is truncated (no issuer number or version)";
  const v = Number(version);
  if (v > HIGHEST_VERSION)
    warnings.push(`version ${v} is newer than this parser knows (${HIGHEST_VERSION}): read as ${HIGHEST_VERSION}`);
  const jurisdictionVersion = v >= 2 ? digits(2) : null;
  const entries = digits(2);
  if (entries === null || (v >= 2 && jurisdictionVersion === null)) return "the header is truncated (no subfile count)";
  const subfiles: Header["subfiles"] = [];
  for (let n = 0; n < Number(entries); n++) {
    const entry = /^([A-Z]{2})(\d{4})(\d{4})/i.exec(text.slice(i, i + 10));
    if (!entry) {
      warnings.push(`the subfile directory ends after ${n} of ${Number(entries)} entries`);
      break;
    }
    subfiles.push({ type: entry[1]!.toUpperCase(), offset: Number(entry[2]), length: Number(entry[3]) });
    i += 10;
  }
  return {
    elementSeparator,
    segmentTerminator,
    iin,
    version: Math.min(v, HIGHEST_VERSION),
    jurisdictionVersion: jurisdictionVersion === null ? null : Number(jurisdictionVersion),
    subfiles,
    end: i,
  };
}

/** Where the DL or ID subfile's elements start: at its directory offset, near it, or after the header. */
function locateSubfile(text: string, header: Header, warnings: string[]): { type: "DL" | "ID"; start: number } | null {
  const wanted = header.subfiles.filter((s) => s.type === "DL" || s.type === "ID");
  // a subfile marker is followed by its first designator
  const markerAt = (type: string, from: number, to: number) => {
    const re = new RegExp(`${type}(?=[A-Z]{3})`, "gi");
    re.lastIndex = Math.max(from, header.end);
    const m = re.exec(text);
    return m && m.index <= to ? m.index : -1;
  };
  for (const s of wanted) {
    if (text.slice(s.offset, s.offset + 2).toUpperCase() === s.type && s.offset >= header.end)
      return { type: s.type as "DL" | "ID", start: s.offset + 2 };
    const near = markerAt(s.type, s.offset - OFFSET_SLACK, s.offset + OFFSET_SLACK);
    if (near >= 0) {
      warnings.push(`the ${s.type} subfile starts at ${near}, not at its directory offset ${s.offset}`);
      return { type: s.type as "DL" | "ID", start: near + 2 };
    }
  }
  // no usable directory entry: the first DL or ID marker right after the header
  for (const type of ["DL", "ID"] as const) {
    const at = markerAt(type, header.end, header.end + OFFSET_SLACK);
    if (at >= 0) {
      warnings.push(`the ${type} subfile was found after the header, not through the subfile directory`);
      return { type, start: at + 2 };
    }
  }
  return null;
}

function readElements(body: string, separator: string, warnings: string[]): Record<string, string> {
  const elements: Record<string, string> = {};
  const parts = body.split(separator === "\r" ? /\r\n?|\n/ : new RegExp(`${escape(separator)}|\\r\\n|\\n`));
  for (const part of parts) {
    const m = /^([A-Za-z]{3})(.*)$/s.exec(part.replace(/\0+$/, ""));
    if (!m) continue;
    const designator = m[1]!.toUpperCase();
    // control characters inside a value are damage, never data
    const value = [...m[2]!]
      .filter((c) => c.charCodeAt(0) >= 0x20)
      .join("")
      .trim();
    if (designator in elements) {
      warnings.push(`${designator} appears twice: the first value is kept`);
      continue;
    }
    elements[designator] = value;
  }
  return elements;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const NOTHING = /^(NONE|UNAVL|UNAVAILABLE|UNKNOWN|N\/A)$/i;
const clean = (v: string | undefined): string | null => {
  const t = v?.trim().replace(/\s+/g, " ");
  return t && !NOTHING.test(t) ? t.toUpperCase() : null;
};

function isoDate(yyyy: string, mm: string, dd: string): string | null {
  const y = Number(yyyy);
  const m = Number(mm);
  const d = Number(dd);
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days ? `${yyyy}-${mm}-${dd}` : null;
}

/** MMDDCCYY on US cards from version 2 on, CCYYMMDD on Canadian and older cards; the other order when invalid. */
function readDate(value: string | undefined, monthFirst: boolean, name: string, warnings: string[]): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!/^\d{8}$/.test(v)) {
    warnings.push(`the ${name} "${v.slice(0, 12)}" is not an 8-digit date`);
    return null;
  }
  const mdy = () => isoDate(v.slice(4, 8), v.slice(0, 2), v.slice(2, 4));
  const ymd = () => isoDate(v.slice(0, 4), v.slice(4, 6), v.slice(6, 8));
  const expected = monthFirst ? mdy() : ymd();
  if (expected) return expected;
  const other = monthFirst ? ymd() : mdy();
  warnings.push(
    other
      ? `the ${name} is written ${monthFirst ? "CCYYMMDD" : "MMDDCCYY"}, not as this card's ${monthFirst ? "MMDDCCYY" : "CCYYMMDD"}`
      : `the ${name} "${v}" is no calendar date`,
  );
  return other;
}

type Names = Pick<AamvaReading, "lastName" | "firstName" | "middleName" | "suffix">;

function readNames(e: Record<string, string>, warnings: string[]): Names {
  let last = clean(e.DCS) ?? clean(e.DAB);
  let first = clean(e.DAC);
  let middle = clean(e.DAD);
  const suffix = clean(e.DCU) ?? clean(e.DAE);
  if (!first && e.DCT) {
    // versions 2–3: the given names in one element, "FIRST,MIDDLE" or "FIRST MIDDLE"
    const given = (clean(e.DCT) ?? "").split(/[,$]|\s+/).filter(Boolean);
    first = given[0] ?? null;
    middle = middle ?? (given.slice(1).join(" ") || null);
  }
  if (!last && e.DAA) {
    // version 1: "LAST,FIRST,MIDDLE[,SUFFIX]" (some cards use "$")
    const full = clean(e.DAA) ?? "";
    const parts = /[,$]/.test(full) ? full.split(/[,$]/).map((p) => p.trim()) : full.split(" ");
    if (!/[,$]/.test(full)) warnings.push("the full name DAA has no delimiters: LAST FIRST MIDDLE assumed");
    last = parts[0] || null;
    first = first ?? (parts[1] || null);
    middle = middle ?? (parts.slice(2).filter(Boolean).join(" ") || null);
  }
  const truncation: [string, string][] = [
    ["DDE", "family name"],
    ["DDF", "first name"],
    ["DDG", "middle name"],
  ];
  for (const [designator, field] of truncation)
    if (e[designator]?.toUpperCase() === "T") warnings.push(`the ${field} is truncated on the card`);
  return { lastName: last, firstName: first, middleName: middle, suffix };
}

function postalCode(value: string | undefined, country: string | null): string | null {
  const v = clean(value)?.replace(/\s+/g, "");
  if (!v) return null;
  if (/^\d{9}$/.test(v)) return v.endsWith("0000") ? v.slice(0, 5) : `${v.slice(0, 5)}-${v.slice(5)}`;
  if (/^\d{5}-?0000$/.test(v)) return v.slice(0, 5);
  if (country === "CA" && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(v)) return `${v.slice(0, 3)} ${v.slice(3)}`;
  return v;
}

const SEX: Record<string, "M" | "F" | "X"> = { "1": "M", M: "M", "2": "F", F: "F", "9": "X", X: "X" };
const COUNTRY: Record<string, string> = { USA: "US", CAN: "CA", MEX: "MX", US: "US", CA: "CA", MX: "MX" };

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
  const header = readHeader(input, warnings);
  if (typeof header === "string") return { ok: false, error: header };
  const located = locateSubfile(input, header, warnings);
  if (!located) return { ok: false, error: "no DL or ID subfile was found" };
  const entry = header.subfiles.find((s) => s.type === located.type);
  // a CR followed by LF is a line end (text that passed through Windows), not the segment terminator
  const terminator = (t: string) => new RegExp(t === "\r" ? "\r(?!\n)" : escape(t), "g");
  const endOf = (t: string) => {
    const re = terminator(t);
    re.lastIndex = located.start;
    return re.exec(input)?.index ?? -1;
  };
  let end = endOf(header.segmentTerminator);
  if (end < 0 && header.segmentTerminator !== "\r") end = endOf("\r");
  if (end < 0) {
    warnings.push("the subfile has no segment terminator: read to its stated length or the end");
    end = entry ? Math.min(input.length, located.start - 2 + entry.length) : input.length;
    if (end <= located.start) end = input.length;
  }
  const elements = readElements(input.slice(located.start, end), header.elementSeparator, warnings);
  const jurisdiction = jurisdictionOfIin(header.iin);
  const country = COUNTRY[clean(elements.DCG) ?? ""] ?? jurisdiction?.country ?? null;
  const monthFirst = country !== "CA" && header.version >= 2;
  const names = readNames(elements, warnings);
  const documentNumber = clean(elements.DAQ);
  const dateOfBirth = readDate(elements.DBB, monthFirst, "date of birth", warnings);
  if (!documentNumber && !names.lastName && !dateOfBirth)
    return { ok: false, error: `the ${located.type} subfile holds no document number, name or date of birth` };
  const street = clean(elements.DAG);
  const city = clean(elements.DAI);
  const province = clean(elements.DAJ);
  const postal = postalCode(elements.DAK, country);
  const given = [names.firstName, names.middleName].filter(Boolean).join(" ");
  return {
    ok: true,
    reading: {
      version: header.version,
      iin: header.iin,
      jurisdiction,
      jurisdictionVersion: header.jurisdictionVersion,
      subfiles: header.subfiles,
      documentType: located.type,
      elements,
      ...names,
      fullName: [given, names.lastName, names.suffix].filter(Boolean).join(" ") || null,
      dateOfBirth,
      expiryDate: readDate(elements.DBA, monthFirst, "expiry date", warnings),
      issueDate: readDate(elements.DBD, monthFirst, "issue date", warnings),
      sex: SEX[clean(elements.DBC) ?? ""] ?? null,
      address:
        street || city || province || postal
          ? { street, street2: clean(elements.DAH), city, province, postalCode: postal, country }
          : null,
      documentNumber,
      documentDiscriminator: clean(elements.DCF),
      country,
      warnings,
    },
  };
}
