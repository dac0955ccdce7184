// Where the data of an AAMVA barcode text is: its header, its subfile directory, the DL/ID subfile and the elements
// in it. The standard's layout: "@", three separators (data element, record, segment: LF, RS, CR), the file type
// "ANSI " (version 1 cards: "AAMVA"), the issuer's IIN (6 digits), the version (2), from version 2 on the
// jurisdiction's version (2), the number of subfiles (2), then one directory entry per subfile: type (2), offset
// (4), length (4). Each subfile starts with its type ("DL", "ID", "Z?") and holds elements, each a 3-letter
// designator and its value ended by the data element separator; the segment terminator ends the subfile.
//
// The header's separators are not trusted: most texts that reach a parser went through a scanner, a keyboard
// emulation or a text editor that turned CR into LF (so the "segment terminator" LF also ends every element), dropped
// RS, typed control characters as letters (control-M for CR is "M", control-^ for RS is "6"), or put undefined C1
// characters around every line. So elements are split on every control character (no element value holds one), a
// subfile ends at a real CR, at the next subfile's own marker or at the end of the text, and the DL/ID subfile is
// found right after the directory by its marker (or, on cards that print none, by its first element), else at its
// directory offset or near it.

export type Subfile = { type: string; offset: number; length: number };
export type Header = {
  /** what the header declares (it is often wrong: the data decides) */
  separators: string;
  segmentTerminator: string | null;
  iin: string;
  version: number;
  jurisdictionVersion: number | null;
  subfiles: Subfile[];
  /** where the text after the subfile directory starts */
  end: number;
};

export const HIGHEST_VERSION = 10;
// how far from its stated offset a subfile marker is looked for (real directories are off by a few bytes)
const OFFSET_SLACK = 16;
// undefined C1 characters (0x80–0x9F) some scanners put around every line: never barcode data
const C1 = /[\x80-\x9f]/g;
// every control character: no element value holds one
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f-\x9f]+/;
// eslint-disable-next-line no-control-regex
const LEADING = /^[\x00-\x1f ]*/;
// a subfile marker right after the directory, followed by its first designator: at once, or (Colorado) on the next
// line, whose end a capture may have written as CRLF or after trailing spaces
// eslint-disable-next-line no-control-regex
const MARKER = /^(DL|ID)(?=[\x00-\x1f ]{0,8}[A-Z]{3})/i;
// a segment terminator: a CR (not a CRLF line end) followed by the end of the text or by another subfile's marker
// eslint-disable-next-line no-control-regex
const TERMINATOR = /\r(?!\n)(?=[\x00-\x1f]*($|DL|ID|Z[A-Z]Z))/;
// a jurisdiction subfile the directory does not list: "ZC" then its first element "ZCA…", at the start of a line
// eslint-disable-next-line no-control-regex
const UNLISTED_SUBFILE = /(?:^|[\x00-\x1f])(Z[A-Z])\1[A-Z]/;
// the first elements of a DL/ID subfile (every designator of the standard's DL/ID subfile starts with D)
const DESIGNATOR = /^D[A-Z]{2}/;
const NAMES: Record<string, string> = { "\n": "LF", "\r": "CR", "\x1e": "RS" };
const shown = (s: string) =>
  [...s].map((c) => NAMES[c] ?? (c < " " ? `0x${c.charCodeAt(0).toString(16)}` : `"${c}"`)).join(" ");

/** The text without the undefined characters scanners add, with a warning when there were any. */
export function withoutNoise(text: string, warnings: string[]): string {
  const clean = text.replace(C1, "");
  if (clean.length !== text.length)
    warnings.push(`${text.length - clean.length} undefined control characters (0x80–0x9F) were ignored`);
  return clean;
}

export function readHeader(text: string, warnings: string[]): Header | string {
  const fileType = /ANSI *|AAMVA/.exec(text.slice(0, 40));
  if (!fileType) return 'no AAMVA header (file type "ANSI " not found)';
  const at = text.lastIndexOf("@", fileType.index);
  const separators = at >= 0 ? text.slice(at + 1, fileType.index) : "";
  if (separators !== "\n\x1e\r")
    warnings.push(
      separators
        ? `the header's separators are ${shown(separators)}, not LF RS CR: the data's own were used`
        : "the compliance indicator and separators are missing: the data's own were used",
    );
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
  const subfiles: Subfile[] = [];
  for (let n = 0; n < Number(entries); n++) {
    // some issuers (Alberta) write lower-case letters where the offset belongs: the entry still counts, its offset
    // is unknown (upper case would be the subfile's own marker and first element, "DLDAQ1234")
    const entry = /^([Dd][Ll]|[Ii][Dd]|[Zz][A-Za-z])(\d{4}|[a-z]{4})(\d{4}|[a-z]{4})/.exec(text.slice(i, i + 10));
    if (!entry) {
      warnings.push(`the subfile directory ends after ${n} of ${Number(entries)} entries`);
      break;
    }
    const number = (s: string) => (/^\d{4}$/.test(s) ? Number(s) : -1);
    subfiles.push({ type: entry[1]!.toUpperCase(), offset: number(entry[2]!), length: number(entry[3]!) });
    i += 10;
  }
  const terminator = separators.length === 3 ? separators[2]! : null;
  return {
    separators,
    segmentTerminator: terminator,
    iin,
    version: Math.min(v, HIGHEST_VERSION),
    jurisdictionVersion: jurisdictionVersion === null ? null : Number(jurisdictionVersion),
    subfiles,
    end: i,
  };
}

export type Located = { type: "DL" | "ID"; start: number };

/** Where the DL or ID subfile's elements start: right after the directory (marker or first element), else at or near its offset. */
export function locateSubfile(text: string, header: Header, warnings: string[]): Located | null {
  const wanted = header.subfiles.filter((s) => s.type === "DL" || s.type === "ID");
  // a subfile marker is followed by its first designator (after a separator on some cards)
  const markerAt = (type: string, from: number, to: number) => {
    const re = new RegExp(`${type}(?=[\\x00-\\x1f]{0,2}[A-Z]{3})`, "gi");
    re.lastIndex = Math.max(from, header.end);
    const m = re.exec(text);
    return m && m.index <= to ? m.index : -1;
  };
  // the offsets count from the "@", wherever the text starts (leading whitespace)
  const base = Math.max(0, text.lastIndexOf("@", header.end));
  // the DL/ID subfile is the first after the directory on every card seen: its marker, or (older Connecticut, West
  // Virginia, Wyoming cards) none, the first element straight away. Looked at first: a marker searched for near an
  // offset could be a "DL" inside a value (a surname DLUGOSZ).
  const after = header.end + (LEADING.exec(text.slice(header.end))?.[0].length ?? 0);
  const marker = MARKER.exec(text.slice(after));
  if (marker) {
    const type = marker[1]!.toUpperCase() as "DL" | "ID";
    const entry = wanted.find((s) => s.type === type);
    if (!entry) warnings.push(`the ${type} subfile was found after the header, not through the subfile directory`);
    else if (entry.offset !== after - base)
      warnings.push(`the ${type} subfile starts at ${after - base}, not at its directory offset ${entry.offset}`);
    return { type, start: after + 2 };
  }
  if (DESIGNATOR.test(text.slice(after, after + 3))) {
    const type = (wanted[0]?.type ?? "DL") as "DL" | "ID";
    warnings.push(`the ${type} subfile has no "${type}" marker: it was found by its first element`);
    return { type, start: after };
  }
  // elsewhere (after a jurisdiction subfile): at its directory offset, or near it
  for (const s of wanted) {
    if (s.offset < 0) continue;
    const at = base + s.offset;
    if (text.slice(at, at + 2).toUpperCase() === s.type && at >= header.end)
      return { type: s.type as "DL" | "ID", start: at + 2 };
    const near = markerAt(s.type, at - OFFSET_SLACK, at + OFFSET_SLACK);
    if (near >= 0) {
      warnings.push(`the ${s.type} subfile starts at ${near - base}, not at its directory offset ${s.offset}`);
      return { type: s.type as "DL" | "ID", start: near + 2 };
    }
  }
  for (const type of ["DL", "ID"] as const) {
    const at = markerAt(type, header.end, header.end + OFFSET_SLACK);
    if (at >= 0) {
      warnings.push(`the ${type} subfile was found after the header, not through the subfile directory`);
      return { type, start: at + 2 };
    }
  }
  return null;
}

/**
 * Where the DL/ID subfile ends: at a real segment terminator (a CR that is no CRLF line end), at the next subfile's
 * marker ("ZC" followed by its first element "ZCA…", even glued to the last value where a scanner typed the CR as
 * "M"), or at the end of the text.
 */
export function subfileEnd(text: string, start: number, header: Header, warnings: string[]): number {
  // a CR that ends the subfile is followed by the end or by another subfile; on texts that use CR between elements
  // (line ends converted the other way) it is followed by the next element
  const cr = new RegExp(TERMINATOR.source, "g");
  cr.lastIndex = start;
  const terminated = cr.exec(text)?.index ?? -1;
  const others = header.subfiles.filter((s) => s.type.startsWith("Z")).map((s) => s.type);
  const next = new RegExp(others.length ? `(${others.join("|")})\\1[A-Z]` : UNLISTED_SUBFILE.source, "g");
  next.lastIndex = start;
  const m = next.exec(text);
  const nextAt = m ? m.index + m[0].length - 5 : -1;
  const candidates = [terminated, nextAt].filter((n) => n >= start);
  if (candidates.length) return Math.min(...candidates);
  warnings.push("the subfile has no segment terminator: read to the end of the text");
  return text.length;
}

/** The elements of a subfile body, designator → trimmed value; the first of two values is kept. */
export function readElements(body: string, header: Header, warnings: string[]): Record<string, string> {
  const elements: Record<string, string> = {};
  // a segment terminator typed as a letter (control-M is "M"; or the letter the header declares) ends the last value
  const typed = [header.segmentTerminator, "M"].filter((c): c is string => !!c && /^[A-Za-z0-9]$/.test(c));
  const parts = body.split(CONTROL);
  const last = parts.length - 1 - [...parts].reverse().findIndex((p) => p.trim().length > 0);
  for (const [n, raw] of parts.entries()) {
    // spaces a capture put around a line are not part of it (a line starts with its designator; values are trimmed)
    let part = raw.trim();
    // only where what is left is a whole date element (the revision date DDB ends most such cards): a number or a
    // name may end in "M"
    if (n === last && typed.includes(part.at(-1)!) && /^[A-Z]{3}\d{8}$/i.test(part.slice(0, -1))) {
      warnings.push(`the subfile ends in "${part.at(-1)}", a segment terminator typed as a letter: it was dropped`);
      part = part.slice(0, -1);
    }
    const m = /^([A-Za-z]{3})(.*)$/s.exec(part);
    if (!m) continue;
    const designator = m[1]!.toUpperCase();
    if (designator.startsWith("Z")) break;
    if (designator in elements) {
      warnings.push(`${designator} appears twice: the first value is kept`);
      continue;
    }
    elements[designator] = m[2]!.trim();
  }
  return elements;
}
