import type { ParseResult } from "mrz";
import type { MrzFormat } from "./icao";
import type { ShapeLookup } from "./glyphs";
import { nameDigitsByGlyph, repairCodes } from "./mrz-states";
import { compositeHolds, fieldHolds, LAYOUT, put, slice, type Span } from "./mrz-layout";
import { isFrenchId, safeParse } from "./mrz-lines";
import { resolveByShape } from "./number-shapes";
import { conformNumber, fitsNumber, FRENCH_ID_NUMBER, numberFormatOf, zeroInDigitRuns } from "./number-formats";
import { hasValue, nearWord, type PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";

// Repairing MRZ lines (mrz-lines.ts turns OCR text into them) — only where ICAO 9303 says which character class a position
// holds and the check digits (or the printed zone) then confirm the repair. Pure functions: read-mrz.ts runs the OCR.
//
//  - numeric fields (dates, check digits) get digits, alphabetic ones (codes, states, names) letters: `mrz`'s
//    autocorrect (O→0, S→5, 1→I …), position by position;
//  - the alphanumeric document number: an I/1, O/0, D/0, S/5, Z/2, B/8, G/6 … variant (up to 3 swaps) is taken only
//    when it makes BOTH its own check digit and the composite hold (both weigh the number's positions alike, so a
//    document whose check digit is really wrong can never be "repaired" into a valid one: its composite was computed
//    over the wrong digit), and when it is the only such variant or the only one printed on the page;
//  - a date whose check digit fails is replaced by a printed date (≤ 2 digits apart) that makes its check digit and
//    the composite hold;
//  - an unknown state code by the one known code one look-alike away (N/W/H/M, O/D/Q/0 …), or by the other state
//    field of the MRZ when that one is known; a sex that is no sex code by the one it looks like (H → M);
//  - a name token (no check digit) is snapped to the one printed word one letter away.

type Detail = ParseResult["details"][number];

/**
 * The autocorrections to apply: not a state code that stays partly digits after them (a Romanian card prints its
 * nationality as "132": "I3Z" is no truer than what is printed, and no check digit covers it), and not a digit
 * 1–9 as a card's second document-code character (ICAO 9303-5 leaves that character to the issuer: US permanent
 * resident cards print "C1", which `mrz`'s autocorrect turns into "CI"; a 0 stays a misread D or O).
 */
function correctable(lines: string[], d: Detail): boolean {
  if (d.field === "documentCode" && lines.length === 3)
    return !d.autocorrect.some((a) => a.column === 1 && /[1-9]/.test(a.original));
  if (d.field !== "issuingState" && d.field !== "nationality") return true;
  const value = [...(lines[d.line]?.slice(d.start, d.end) ?? "")];
  for (const a of d.autocorrect) value[a.column - d.start] = a.corrected;
  return !/\d/.test(value.join(""));
}

function applyAutocorrect(lines: string[], result: ParseResult): string[] {
  const out = lines.map((l) => [...l]);
  for (const d of result.details) {
    if (!correctable(lines, d)) continue;
    for (const a of d.autocorrect) if (out[a.line]) out[a.line]![a.column] = a.corrected;
  }
  return out.map((l) => l.join(""));
}

// Not L/1: their values (21 and 1) differ by 20, so a swap between them is invisible to every check digit at any
// position — it never makes a digit hold, and as a look-alike it only ever replaced a reading that held, whose L the
// page OCR had read as 1 in the printed number (the ICAO visa specimen sent at 0.85× and 0.95× its size,
// docs/accuracy.md, "The same images at other sizes"); no evaluation of the real or generated sets had one right.
// U/0 (30 and 0) is as invisible but kept: in OCR-B they are look-alikes, and no evaluation has shown it either way.
const SWAP: Record<string, string[]> = {
  I: ["1"],
  "1": ["I"],
  O: ["0"],
  "0": ["O", "D"],
  D: ["0"],
  Q: ["0"],
  U: ["0"],
  S: ["5", "8"],
  "5": ["S"],
  Z: ["2"],
  "2": ["Z"],
  B: ["8"],
  "8": ["B", "S"],
  G: ["6"],
  "6": ["G"],
  T: ["7"],
  "7": ["T"],
  A: ["4"],
  "4": ["A"],
};

/** Variants of `value` with 1…maxSwaps look-alike substitutions, grouped by the number of substitutions. */
function swapVariants(value: string, maxSwaps: number): string[][] {
  const seen = new Set([value]);
  const byCount: string[][] = [];
  let frontier = [value];
  for (let k = 0; k < maxSwaps; k++) {
    const next: string[] = [];
    for (const v of frontier) {
      for (let i = 0; i < v.length; i++) {
        if (v[i] !== value[i]) continue;
        for (const swapped of SWAP[v[i]!] ?? []) {
          const w = v.slice(0, i) + swapped + v.slice(i + 1);
          if (!seen.has(w)) {
            seen.add(w);
            next.push(w);
          }
        }
      }
    }
    byCount.push(next);
    frontier = next;
  }
  return byCount;
}

const charValue = (c: string) => (c === "<" ? 0 : c >= "0" && c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55);
/** `b` is `a` with one character replaced by one of the same value modulo 10: invisible to every check digit. */
function digitBlind(a: string, b: string): boolean {
  const at = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
  return at.length === 1 && (charValue(a[at[0]!]!) - charValue(b[at[0]!]!)) % 10 === 0;
}

/** Whether the MRZ glyph at (line, position) looks more like `read` than like `other`; false without glyph scores. */
function glyphFavours(shapes: ShapeLookup | undefined, at: [number, number], read: string, other: string): boolean {
  const scores = shapes?.(at[0], at[1]);
  return !!scores && (scores.get(other) ?? 0) < (scores.get(read) ?? 0);
}

const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/** Repairs one reading (see the top of the file); returns the repaired lines and what was changed. */
export function repairLines(
  format: MrzFormat,
  input: string[],
  zone: PrintedZone,
  shapes?: ShapeLookup,
): { lines: string[]; repairs: string[] } {
  const repairs: string[] = [];
  const first = safeParse(input);
  let lines = first ? applyAutocorrect(input, first) : [...input];
  if (first) {
    for (const d of first.details) {
      if (d.autocorrect.length && correctable(input, d))
        repairs.push(
          `${d.label}: ${d.autocorrect.map((a) => `${a.original}→${a.corrected}`).join(", ")} (character class of the field)`,
        );
    }
  }
  // the old French 2×36 card is not an ICAO layout: its fields sit elsewhere, so only the character classes
  // (autocorrect, above) and its number's format apply
  if (isFrenchId(lines)) return repairFrenchNumber(lines, repairs);
  const l = LAYOUT[format];
  if (shapes) {
    const byGlyph = nameDigitsByGlyph(format, input, lines, shapes);
    if (byGlyph.changes.length)
      repairs.push(`${byGlyph.changes.join(", ")} (a digit in the name: the letter its glyph is)`);
    lines = byGlyph.lines;
  }

  lines = repairCodes(lines, l, repairs);

  lines = fillerRuns(format, lines, repairs);

  // the issuing state's number format (number-formats.ts): a position that holds digits never holds an O, whatever
  // the check digits say (an O/0 swap under weights summing to a multiple of 5 keeps every digit)
  const numberFormat = numberFormatOf(slice(lines, l.issuing), lines[0]!.slice(0, 2));
  const checkOf = (ls: string[]) => ls[l.number[0]]![l.number[1] + l.number[2]]!;
  // without a known format, an O among digits is read as 0 only where the digit cannot tell (the 0 reading keeps
  // the number's check digit too); the later repairs may not bring such an O back (a page OCR that misread the
  // printed number the same way would otherwise "confirm" it)
  const zerosOf = (ls: string[]) => zeroInDigitRuns(slice(ls, l.number), checkOf(ls));
  const fits = (ls: string[]) =>
    numberFormat
      ? fitsNumber(slice(ls, l.number), numberFormat.slots)
      : zerosOf(ls) === slice(ls, l.number) || !fieldHolds(put(ls, l.number, zerosOf(ls)), l.number);
  const read = slice(lines, l.number);
  const zeros = zerosOf(lines);
  const conformed = numberFormat
    ? conformNumber(read, numberFormat.slots)
    : fieldHolds(put(lines, l.number, zeros), l.number)
      ? zeros
      : null;
  if (conformed && conformed !== read) {
    const why = numberFormat ? `${numberFormat.source}: letters and digits by position` : "O among digits";
    repairs.push(`document number ${read} → ${conformed} (${why})`);
    lines = put(lines, l.number, conformed);
  }

  // document number, by shape first: among the readings whose check digit and composite hold, the one the
  // glyphs' OCR-B shapes support clearly best (resolveByShape)
  const number = slice(lines, l.number);
  // a number whose own check digit already holds is changed by shape only to one printed on the page: on real
  // scans (fonts other than the reference OCR-B, 250-px images) the shapes of 0/O and 1/I are no evidence; a run
  // of 0→O swaps can keep both digits, and a specimen whose composite is wrong was "repaired" into a number whose
  // own digit failed instead (measured: "M00000426", "AAA100001", "<51284970" of real specimens)
  // The one exception: a single character whose look-alike has the same check-digit value modulo 10 (G/6, S/8, Q/6,
  // I/8 …): no digit can tell them apart, so only the shape can (measured on the generated hard set).
  const readHolds = fieldHolds(lines, l.number);
  let byShape = shapes ? resolveByShape(format, lines, shapes) : null;
  if (byShape && !fits(byShape)) byShape = null;
  if (
    byShape &&
    readHolds &&
    !hasValue(zone, slice(byShape, l.number).replace(/</g, ""), true) &&
    !digitBlind(number, slice(byShape, l.number))
  )
    byShape = null;
  const withDigit: Span = [l.number[0], l.number[1], l.number[2] + 1];
  if (byShape && slice(byShape, withDigit) !== slice(lines, withDigit)) {
    const [from, to] = [slice(lines, withDigit), slice(byShape, withDigit)];
    const [what, was, now] =
      from.at(-1) === to.at(-1) ? ["", number, slice(byShape, l.number)] : [" and its check digit", from, to];
    const why =
      fieldHolds(byShape, l.number) && compositeHolds(format, byShape)
        ? "check digit and composite hold"
        : "one of its check digit and the composite holds";
    repairs.push(`document number${what} ${was} → ${now} (${why}; OCR-B glyph shapes)`);
    lines = byShape;
  }
  const glyphSidesWithRead = (read: string, candidate: string[]) =>
    [...slice(candidate, l.number)].some(
      (c, i) => c !== read[i] && glyphFavours(shapes, [l.number[0], l.number[1] + i], read[i]!, c),
    );
  // then by look-alike swaps: both its check digit and the composite must hold after the swap; the fewest swaps
  // win, and only a unique answer (or the only one printed on the page) is taken
  const numberOk = fieldHolds(lines, l.number);
  const composite = compositeHolds(format, lines);
  if (
    !byShape &&
    /\d/.test(lines[l.number[0]]![l.number[1] + l.number[2]]!) &&
    (!numberOk || !composite || !hasValue(zone, number.replace(/</g, ""), true))
  ) {
    // the composite weighs the number's positions like its own check digit: it does not tell swaps apart, so a
    // repair must be the ONLY variant (up to 2 swaps) that holds, or the only one printed on the page
    const options = swapVariants(number, 2)
      .flat()
      .map((v) => put(lines, l.number, v))
      .filter((ls) => fieldHolds(ls, l.number) && compositeHolds(format, ls) && fits(ls));
    const printed = options.filter((ls) => hasValue(zone, slice(ls, l.number).replace(/</g, ""), true));
    // …but a number read whole, both digits holding, keeps a character its glyph shows more clearly than the printed
    // one: the page OCR misreads too (a glare card's printed 8 read as S turned the MRZ's right PU116M1T8 into S)
    const printedPick = printed.length === 1 && !(numberOk && composite && glyphSidesWithRead(number, printed[0]!));
    // a valid reading whose number is not printed is only replaced by a printed variant (G/6, S/8 cannot be told
    // apart by the digits)
    // an unprinted unique repair must at least not contradict the printed number (look-alikes folded)
    const unique =
      options.length === 1 && hasValue(zone, slice(options[0]!, l.number).replace(/</g, "")) ? options[0]! : null;
    const pick = printedPick ? printed[0]! : !(numberOk && composite) ? unique : null;
    if (pick) {
      repairs.push(
        `document number ${number} → ${slice(pick, l.number)} (check digit and composite hold${printedPick ? ", printed on the page" : ""})`,
      );
      lines = pick;
    }
  }

  // dates: a printed date that makes the check digit and the composite hold
  for (const [span, label] of [
    [l.birth, "date of birth"],
    [l.expiry, "date of expiry"],
  ] as const) {
    if (fieldHolds(lines, span)) continue;
    const read = slice(lines, span);
    const options = [...zone.dates]
      .map(yymmdd)
      .filter((d) => d !== read && [...d].filter((c, i) => c !== read[i]).length <= 2)
      .map((d) => put(lines, span, d))
      .filter((ls) => fieldHolds(ls, span) && compositeHolds(format, ls));
    if (options.length === 1) {
      repairs.push(`${label} ${read} → ${slice(options[0]!, span)} (printed date; check digit and composite hold)`);
      lines = options[0]!;
    }
  }

  // names carry no check digit: a token one letter from exactly one printed word takes that word
  // (unless the glyph there looks more like the letter read than like the printed one: the page OCR misreads too)
  const nameSpan = l.name;
  const fixedName = slice(lines, nameSpan).replace(/[A-Z]{4,}/g, (token, at: number) => {
    if (zone.words.has(token)) return token;
    const near = nearWord(zone, token);
    if (!near) return token;
    const k = [...token].findIndex((c, i) => c !== near[i]);
    if (glyphFavours(shapes, [nameSpan[0], nameSpan[1] + at + k], token[k]!, near[k]!)) return token;
    repairs.push(`name ${token} → ${near} (printed field)`);
    return near;
  });
  lines = put(lines, nameSpan, fixedName);
  // a name field ends in fillers (ICAO 9303-3 §4.6: '<<' separates the identifiers, '<' words, so '<<<' only ever
  // pads): letters running to the end of the field after ≥ 3 fillers, or a lone letter after a second '<<', are
  // misread '<'
  // … and lone letters each after '<<' once the name has its two identifiers (ICAO separates the parts of a name
  // by one '<', the identifiers by one '<<': "MATTHIEU<<K<<K<<<" is MATTHIEU and misread fillers)
  const name = slice(lines, nameSpan);
  const lone = /^<*[A-Z][A-Z<]*?[A-Z]<<[A-Z][A-Z<]*?[A-Z]((?:<<[A-Z])+)<*$/.exec(name);
  if (lone) {
    const at = name.lastIndexOf(lone[1]!);
    repairs.push(
      `name: trailing ${lone[1]!.replace(/</g, "")} → fillers (lone letters after '<<' past the given names)`,
    );
    lines = put(lines, nameSpan, name.slice(0, at) + "<".repeat(name.length - at));
  }
  // (a lone letter after the first '<<' is the secondary identifier cut to its initial: ICAO 9303-3 §4.6 truncates a
  // name that overflows the field so that it ends in a letter, "…<PEREZ<<M" — not a filler)
  const tail = /(?<=<<<)[A-Z]+$|(?<=[A-Z]<<[A-Z<]*[A-Z]<<)[A-Z]$/.exec(slice(lines, nameSpan));
  if (tail) {
    repairs.push(`name: trailing ${tail[0]} → ${"<".repeat(tail[0].length)} (a name field ends in fillers)`);
    lines = put(lines, nameSpan, slice(lines, nameSpan).slice(0, tail.index) + "<".repeat(tail[0].length));
  }
  // … and once the name has ended ('<<<' after a letter), a lone letter between fillers further on is a misread '<'
  // wherever it stands (a passport's "IRMA<<<<<<<<<<<V<<<S<<<", read from a band at 40 px character height)
  const padded = slice(lines, nameSpan);
  const end = padded.search(/[A-Z]<<</);
  if (end >= 0) {
    const rest = padded.slice(end + 1);
    const cleaned = rest.replace(/(?<=<<)[A-Z](?=<<|<?$)/g, "<");
    if (cleaned !== rest) {
      repairs.push(`name: ${rest.replace(/</g, "")} among the fillers → fillers (the name ended at '<<<')`);
      lines = put(lines, nameSpan, padded.slice(0, end + 1) + cleaned);
    }
  }
  return { lines, repairs };
}

/** The optional data fields the composite check digit covers (TD3's personal number has its own as well). */
export const OPTIONAL: Record<MrzFormat, Span[]> = {
  TD1: [
    [0, 15, 15],
    [1, 18, 11],
  ],
  TD2: [[1, 28, 7]],
  TD3: [[1, 28, 14]],
};

/** One character read again and again among fillers: PaddleOCR's look-alikes of '<' (K, 5, S, 3). */
const FILLER_RUN = /^(?=.*<)<*([K5S3])(?:\1|<)*$/;

/**
 * Optional data of fillers read as a run of one look-alike (PaddleOCR on a 345-px card: `<55555<5555` for eleven
 * fillers): read as fillers only when the composite fails as read and holds after, with TD3's personal number check
 * digit too. Optional data is the issuer's to fill, so a run that is really printed keeps its composite as read.
 */
function fillerRuns(format: MrzFormat, lines: string[], repairs: string[]): string[] {
  if (compositeHolds(format, lines)) return lines;
  let out = lines;
  for (const span of OPTIONAL[format]) {
    const value = slice(out, span);
    if (FILLER_RUN.test(value)) out = put(out, span, "<".repeat(value.length));
  }
  if (out === lines || !compositeHolds(format, out)) return lines;
  if (format === "TD3" && !fieldHolds(out, OPTIONAL.TD3[0]!) && out[1]![42] !== "<") return lines;
  for (const span of OPTIONAL[format]) {
    const before = slice(lines, span);
    if (before !== slice(out, span)) repairs.push(`optional data ${before} → fillers (composite holds)`);
  }
  return out;
}

/** The French 2×36 card's twelve-character number read through its format (number-formats.ts). */
function repairFrenchNumber(lines: string[], repairs: string[]): { lines: string[]; repairs: string[] } {
  const read = lines[1]!.slice(0, 12);
  const conformed = conformNumber(read, FRENCH_ID_NUMBER);
  if (!conformed || conformed === read) return { lines, repairs };
  repairs.push(`document number ${read} → ${conformed} (French identity card: letters and digits by position)`);
  return { lines: [lines[0]!, conformed + lines[1]!.slice(12)], repairs };
}
