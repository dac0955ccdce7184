import { parse, type ParseResult } from "mrz";
import { LINE_SHAPES, type MrzFormat } from "./icao";

// OCR text → MRZ lines (pure): which lines of a reading are the MRZ and of what format, their length fixed, parsed
// (visas too); the character vote over several readings; PaddleOCR's lines as MRZ text. mrz-repair.ts repairs them.

export type Picked = {
  format: MrzFormat;
  raw: string[];
  lines: string[];
  /** per line: OCR characters dropped before position 0 (junk left of the MRZ), for mapping glyph boxes */
  offsets: number[];
};

/** Fixes a line's length by adding or removing '<' in its longest filler run (where OCR drops or adds them). */
export function fitLength(line: string, length: number): string {
  let s = line;
  while (s.length !== length) {
    const runs = [...s.matchAll(/<+/g)].sort((a, b) => b[0].length - a[0].length);
    const run = runs[0];
    if (!run) return s.length > length ? s.slice(0, length) : s.padEnd(length, "<");
    const at = run.index + run[0].length;
    s = s.length < length ? s.slice(0, at) + "<" + s.slice(at) : s.slice(0, at - 1) + s.slice(at);
  }
  return s;
}

/**
 * Drops one stray character OCR read beyond the ends of an over-long line (a speck at the edge of the band): the
 * first line begins with a document code (A, C, I, P, V), the second ends with the composite check digit.
 */
export function trimJunk(index: number, line: string, length: number): { line: string; offset: number } {
  let s = line;
  let offset = 0;
  if (s.length > length && index === 0 && !/^[ACIPV]/.test(s) && /^.[ACIPV][A-Z<]/.test(s)) {
    s = s.slice(1);
    offset = 1;
  }
  if (s.length > length && index === 1 && /\d[^\d<]$/.test(s)) s = s.slice(0, -1);
  return { line: s, offset };
}

const NAME_LINE: Record<MrzFormat, number> = { TD1: 2, TD2: 0, TD3: 0 };

/**
 * A name line whose end OCR lost (clipped at the band's edge, or too faint): at least 60 % of the line, already in
 * its trailing fillers ('<<<' only ever pads a name), so what is missing is fillers that fitLength restores.
 */
function isCutName(line: string, length: number): boolean {
  return line.length < length && line.length >= length * 0.6 && /<<<[^<]{0,2}$/.test(line);
}

/**
 * The birth and expiry dates sit at a fixed place in each layout (TD1: the second line from position 0; TD2/TD3:
 * the second line from position 13): twelve digits and two check digits around the sex, no filler. A group whose
 * dates line does not look so, or whose TD1 name line does, is shifted by a line (a line of printed text above the
 * MRZ taken for its first, the real name line lost). Digit look-alikes count as digits (a blurred card's digits are
 * read O, I, B, Z …), so only a line that clearly is, or is not, the dates line moves the choice.
 */
function datesLinePenalty(format: MrzFormat, trimmed: readonly { line: string }[]): number {
  const dates = trimmed[1]?.line.slice(format === "TD1" ? 0 : 13) ?? "";
  const name = format === "TD1" ? (trimmed[2]?.line ?? "") : "";
  return (looksLikeDates(dates) ? 0 : 3) + (looksLikeDates(name) ? 3 : 0);
}

function looksLikeDates(line: string): boolean {
  if (line.length < 15) return false;
  const dates = line.slice(0, 7) + line.slice(8, 15);
  const fillers = dates.match(/</g)?.length ?? 0;
  const digitLike = dates.match(/[0-9OQDIL|ZSBGT]/g)?.length ?? 0;
  return fillers <= 1 && digitLike >= dates.length / 2;
}

/** An OCR line as MRZ text: no spaces, the guillemets some readers give for a filler as '<'. */
export const compact = (text: string) => text.replace(/\s/g, "").replace(/[«‹]/g, "<");

/** The consecutive OCR lines that have the shape of a TD1, TD2 or TD3 MRZ (±3 characters), lengths fixed. */
export function pickMrzLines(text: string): Picked | null {
  const lines = text
    .split("\n")
    .map(compact)
    .filter((l) => l.length >= 20);
  let best: (Picked & { cost: number }) | null = null;
  for (const format of ["TD3", "TD2", "TD1"] as const) {
    const shape = LINE_SHAPES[format];
    for (let i = 0; i + shape.lines <= lines.length; i++) {
      const group = lines.slice(i, i + shape.lines);
      const trimmed = group.map((l, k) => trimJunk(k, l, shape.length));
      // a name line always holds fillers and the first line starts with a document code: a line of printed text of
      // the same length just above the MRZ (a visa's endorsement) must not be taken for it
      const shapePenalty =
        (trimmed[NAME_LINE[format]]!.line.includes("<") ? 0 : 4) +
        (/^[ACIPV]/.test(trimmed[0]!.line) ? 0 : 2) +
        datesLinePenalty(format, trimmed);
      const cost = trimmed.reduce((sum, t) => sum + Math.abs(t.line.length - shape.length), 0) + shapePenalty;
      const fits = (t: { line: string }, k: number) =>
        Math.abs(t.line.length - shape.length) <= 3 || (k === NAME_LINE[format] && isCutName(t.line, shape.length));
      if (trimmed.every(fits) && (!best || cost < best.cost)) {
        best = {
          format,
          raw: group,
          lines: trimmed.map((t) => fitLength(t.line, shape.length)),
          offsets: trimmed.map((t) => t.offset),
          cost,
        };
      }
    }
  }
  return best && { format: best.format, raw: best.raw, lines: best.lines, offsets: best.offsets };
}

export function safeParse(lines: string[]): ParseResult | null {
  let result: ParseResult | null;
  if (isVisa(lines)) result = parseVisa(lines);
  else {
    try {
      result = parse(lines, { autocorrect: true });
    } catch {
      return null;
    }
  }
  if (!result) return null;
  // `mrz` takes other 2×36 text for the French layout too: only the card's own start makes it one
  return isFrenchId(lines) ? wholeFrenchNumber(result) : primaryOnlyName(result, lines);
}

/** The old French 2×36 identity card (not ICAO 9303): document code ID, issuing state FRA, two lines of 36. */
export function isFrenchId(lines: readonly string[]): boolean {
  return lines.length === 2 && lines[0]!.length === 36 && lines[1]!.length === 36 && lines[0]!.startsWith("IDFRA");
}

/**
 * The French card's number is twelve characters (issue year and month, département, sequence: line 2, positions
 * 1–12, all under its check digit); `mrz` splits it into three fields and calls the last five the number.
 */
function wholeFrenchNumber(result: ParseResult): ParseResult {
  const f = result.fields;
  const whole = `${f.issueDate ?? ""}${f.administrativeCode2 ?? ""}${f.documentNumber ?? ""}`;
  if (whole.length !== 12) return result;
  const details = result.details.map((d) =>
    d.field === "documentNumber"
      ? { ...d, value: whole, start: 0, end: 12, ranges: [{ line: 1, start: 0, end: 12 }] }
      : d,
  );
  return { ...result, details, documentNumber: whole, fields: { ...f, documentNumber: whole } };
}

/**
 * A name field without '<<' is the primary identifier alone (ICAO 9303-3 §4.6: '<<' separates it from the
 * secondary one): `mrz` returns the whole field as the given names too.
 */
function primaryOnlyName(result: ParseResult, lines: readonly string[]): ParseResult {
  const name = result.format === "TD1" ? lines[2] : lines[0]?.slice(5);
  if (name === undefined || name.includes("<<") || !result.fields.firstName) return result;
  const details = result.details.map((d) => (d.field === "firstName" ? { ...d, value: "", end: d.start } : d));
  return { ...result, details, fields: { ...result.fields, firstName: "" } };
}

/** A machine-readable visa (ICAO 9303-7): two lines of 44 (MRV-A) or 36 (MRV-B) characters, document code V. */
/**
 * Where a visa's optional data starts (ICAO 9303-7: MRV-A and MRV-B line 2 from position 29): letters and digits,
 * and no check digit covers it, not even a composite.
 */
export const VISA_OPTIONAL_FROM = 28;

export function isVisa(lines: readonly string[]): boolean {
  return lines.length === 2 && lines[0]!.startsWith("V") && (lines[0]!.length === 44 || lines[0]!.length === 36);
}

// A visa's zone is a passport's (MRV-A) or a TD2 card's (MRV-B) without the composite check digit: positions
// 28 to the end are optional data with no check digit of their own. `mrz` knows no visas, so the lines are parsed
// under the document code of the same layout and the fields no visa has are dropped; the code read is restored.
const VISA_ONLY_FIELDS = new Set(["compositeCheckDigit", "personalNumber", "personalNumberCheckDigit", "optional"]);

function parseVisa(lines: string[]): ParseResult | null {
  const code = lines[0]!.slice(0, 2);
  const stand = lines[0]!.length === 44 ? "P<" : "I<";
  let parsed: ParseResult;
  try {
    parsed = parse([stand + lines[0]!.slice(2), lines[1]!.slice(0, 28) + "<".repeat(lines[1]!.length - 28)], {
      autocorrect: true,
    });
  } catch {
    return null;
  }
  const details = parsed.details
    .filter((d) => !(d.field && VISA_ONLY_FIELDS.has(d.field)))
    .map((d) =>
      d.field === "documentCode" ? { ...d, value: code, valid: /^V[A-Z<]$/.test(code), error: undefined } : d,
    );
  return { ...parsed, details, valid: details.every((d) => d.valid), fields: { ...parsed.fields, documentCode: code } };
}

// State codes are not covered by any check digit: ICAO's specimen state UTO and the nationality of some specimens
// (a Romanian card prints "132") are not in the list, yet the reading is as printed. TEMPLATE_MATCHING reviews an
// unknown state; the reader only asks whether the protected fields hold.
const UNPROTECTED = new Set(["issuingState", "nationality"]);

/** A field no check digit covers and the reader does not judge (the state codes: see UNPROTECTED). */
export const isUnprotected = (field: string | null | undefined): boolean => Boolean(field && UNPROTECTED.has(field));

/** Every check digit holds and every protected field is well formed (the state codes aside: see UNPROTECTED). */
export function readingHolds(result: ParseResult): boolean {
  return result.details.every((d) => d.valid || (d.field !== null && UNPROTECTED.has(d.field)));
}

/** Character-wise majority of several readings of the same format (ties: the earliest reading's character). */
export function voteLines(readings: string[][]): string[] {
  const first = readings[0]!;
  return first.map((line, li) =>
    [...line]
      .map((c, ci) => {
        const counts = new Map<string, number>();
        for (const r of readings) {
          const ch = r[li]?.[ci];
          if (ch) counts.set(ch, (counts.get(ch) ?? 0) + 1);
        }
        let best = c;
        for (const [ch, n] of counts) if (n > (counts.get(best) ?? 0)) best = ch;
        return best;
      })
      .join(""),
  );
}

/** The start of a TD2/TD3/visa first line: document code, issuing state, a surname and the `<<` after it. */
const FIRST_LINE_START = /^[PIACV][A-Z<][A-Z<]{3}[A-Z]+<<[A-Z<]*$/;

/**
 * The start of a TD1 first line cut in its filler run: document code, issuing state, at least the nine characters
 * of the document number and its check digit, then only fillers (the filler run detected as a box of its own, or
 * not at all: seen on a 345-px Peruvian card, `I<PER70275722<2<<<<<<<<`). Padded back to 30 when the two lines below
 * are TD1's; the composite check digit covers every position padded, so a line cut in its optional data cannot
 * hold after padding.
 */
const TD1_FIRST_LINE_START = /^[IAC][A-Z0-9<][A-Z<]{3}[A-Z0-9<]{10,}<$/;

/**
 * A PaddleOCR text line as a zone line: its longest word of MRZ characters with a filler in it, where that word is a
 * line's length (25 or more) and the line holds other text before it or characters no MRZ has — the zone's line read
 * as one with text level with it: a card's front photographed beside its back (`24.07.2008. IDSRB9555…<<`, `Bans
 * 6802295F…<6` on a Serbian card at 0.85×), a mark after the fillers (`P<HUNHANDRA<<…<<< 人` at 0.85×;
 * docs/accuracy.md). No other text holds a '<'. Otherwise the line without its spaces, as before.
 */
function zoneWord(text: string): string {
  const whole = compact(text);
  const words = text.split(/\s+/).filter(Boolean).map(compact);
  const word = words
    .filter((w) => w.includes("<") && /^[A-Z0-9<]+$/.test(w))
    .reduce((a, b) => (b.length > a.length ? b : a), "");
  const other = !/^[A-Z0-9<]+$/.test(whole) || !words[0]?.includes("<");
  return word.length >= 25 && other ? word : whole;
}

/**
 * PaddleOCR's text lines → MRZ text variants: upper case, no spaces, «/‹ → '<', lines of MRZ characters only, top
 * to bottom, and the same with runs of ≥ 3 'K' next to fillers or at the line end read as '<' (the LSTM look-alike
 * of a filler; shorter runs are left alone, as names carry no check digit); then both again with each line taken as
 * zoneWord takes it, where that differs. The variants are only candidates: read-mrz.ts keeps one only when its check
 * digits all hold, the first that does.
 */
export function paddleTexts(lines: readonly { text: string; box?: number[][] }[]): string[] {
  // ordered by the height of a line's left edge (its box: top-left, top-right, bottom-right, bottom-left): on a
  // tilted page a long line's top corner can rise above a short line over it, the left edges stay in order
  const top = (l: { box?: number[][] }) =>
    l.box?.length === 4
      ? ((l.box[0]![1] ?? 0) + (l.box[3]![1] ?? 0)) / 2
      : l.box
        ? Math.min(...l.box.map((p) => p[1] ?? 0))
        : 0;
  const sorted = [...lines].sort((a, b) => top(a) - top(b)).map((l) => l.text.toUpperCase());
  const fillers = (v: string[]) =>
    v.map((t) => t.replace(/K{3,}(?=<|$)|(?<=<)K{3,}/g, (run) => "<".repeat(run.length)));
  const texts = [zoneLines(sorted.map(compact)), zoneLines(sorted.map(zoneWord))]
    .filter((v) => v.length > 0)
    .flatMap((v) => [v, fillers(v)]);
  return [...new Set(texts.map((v) => v.join("\n")))];
}

/** The lines of MRZ characters that can be zone lines, a first line whose fillers were cut padded back. */
function zoneLines(texts: readonly string[]): string[] {
  const all = texts.filter((t) => /^[A-Z0-9<]+$/.test(t));
  const out: string[] = [];
  all.forEach((t, i) => {
    // a passport's or visa's first line whose filler run PaddleOCR detected as boxes of their own (a photo of a
    // tilted page) or cut short: the fillers are padded back to the length of the line below it — a line of 25 or
    // more only when it ends in "<<<", which no name holds (so its name is whole)
    const next = all.slice(i + 1).find((n) => n.length >= 25 && !/^<+$/.test(n));
    const firstCut =
      FIRST_LINE_START.test(t) &&
      (t.length < 25 || t.endsWith("<<<")) &&
      !!next &&
      (next.length === 44 || next.length === 36) &&
      t.length < next.length - 3 &&
      !next.includes("<<<<<<<<<<<<<<<");
    if (firstCut) out.push(t.padEnd(next.length, "<"));
    else if (t.length >= 25) out.push(t);
    else if (!FIRST_LINE_START.test(t) && TD1_FIRST_LINE_START.test(t)) {
      const below = all.slice(i + 1, i + 3);
      if (below.length === 2 && below.every((n) => n.length === 30)) out.push(t.padEnd(30, "<"));
    }
  });
  return out;
}
