import { parse, type ParseResult } from "mrz";
import { alpha2OfMrzState, checkDigit, LINE_SHAPES, type MrzFormat } from "./icao";
import { hasValue, nearWord, type PrintedZone } from "./printed-zone";

// Turning OCR text into MRZ lines, and repairing them — only where ICAO 9303 says which character class a position
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
//    field of the MRZ when that one is known;
//  - a name token (no check digit) is snapped to the one printed word one letter away.

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

/** The consecutive OCR lines that have the shape of a TD1, TD2 or TD3 MRZ (±3 characters), lengths fixed. */
export function pickMrzLines(text: string): Picked | null {
  const lines = text
    .split("\n")
    .map((l) => l.replace(/\s/g, "").replace(/[«‹]/g, "<"))
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
        (trimmed[NAME_LINE[format]]!.line.includes("<") ? 0 : 4) + (/^[ACIPV]/.test(trimmed[0]!.line) ? 0 : 2);
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
  if (isVisa(lines)) return parseVisa(lines);
  try {
    return parse(lines, { autocorrect: true });
  } catch {
    return null;
  }
}

/** A machine-readable visa (ICAO 9303-7): two lines of 44 (MRV-A) or 36 (MRV-B) characters, document code V. */
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

/** Every check digit holds and every protected field is well formed (the state codes aside: see UNPROTECTED). */
export function readingHolds(result: ParseResult): boolean {
  return result.details.every((d) => d.valid || (d.field !== null && UNPROTECTED.has(d.field)));
}

function applyAutocorrect(lines: string[], result: ParseResult): string[] {
  const out = lines.map((l) => [...l]);
  for (const d of result.details) for (const a of d.autocorrect) if (out[a.line]) out[a.line]![a.column] = a.corrected;
  return out.map((l) => l.join(""));
}

// Where each format keeps its fields: [line, start, length]; check digits right after the field.
type Span = [line: number, start: number, length: number];
const LAYOUT: Record<
  MrzFormat,
  {
    number: Span;
    birth: Span;
    expiry: Span;
    name: Span;
    issuing: Span;
    nationality: Span;
    composite: [number, number];
    compositeOf: Span[];
  }
> = {
  TD3: {
    number: [1, 0, 9],
    birth: [1, 13, 6],
    expiry: [1, 21, 6],
    name: [0, 5, 39],
    issuing: [0, 2, 3],
    nationality: [1, 10, 3],
    composite: [1, 43],
    compositeOf: [
      [1, 0, 10],
      [1, 13, 7],
      [1, 21, 22],
    ],
  },
  TD2: {
    number: [1, 0, 9],
    birth: [1, 13, 6],
    expiry: [1, 21, 6],
    name: [0, 5, 31],
    issuing: [0, 2, 3],
    nationality: [1, 10, 3],
    composite: [1, 35],
    compositeOf: [
      [1, 0, 10],
      [1, 13, 7],
      [1, 21, 14],
    ],
  },
  TD1: {
    number: [0, 5, 9],
    birth: [1, 0, 6],
    expiry: [1, 8, 6],
    name: [2, 0, 30],
    issuing: [0, 2, 3],
    nationality: [1, 15, 3],
    composite: [1, 29],
    compositeOf: [
      [0, 5, 25],
      [1, 0, 7],
      [1, 8, 7],
      [1, 18, 11],
    ],
  },
};

const slice = (lines: string[], [line, start, length]: Span) => lines[line]!.slice(start, start + length);
const put = (lines: string[], [line, start, length]: Span, value: string) => {
  const out = [...lines];
  out[line] = out[line]!.slice(0, start) + value + out[line]!.slice(start + length);
  return out;
};
const fieldHolds = (lines: string[], span: Span) =>
  checkDigit(slice(lines, span)) === lines[span[0]]![span[1] + span[2]];
export function compositeHolds(format: MrzFormat, lines: string[]): boolean {
  if (isVisa(lines)) return true; // a visa has no composite check digit (ICAO 9303-7)
  const l = LAYOUT[format];
  return checkDigit(l.compositeOf.map((s) => slice(lines, s)).join("")) === lines[l.composite[0]]![l.composite[1]];
}

const SWAP: Record<string, string[]> = {
  I: ["1"],
  "1": ["I"],
  L: ["1"],
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

// OCR look-alikes among capital letters, for the 3-letter state codes
const LETTER_LOOKALIKES: Record<string, string> = {
  N: "WHMK",
  W: "NVM",
  H: "NMK",
  M: "NWH",
  O: "DQCU",
  D: "OQ",
  Q: "OD",
  C: "OGE",
  G: "CO",
  E: "FBL",
  F: "EP",
  B: "ER",
  P: "FR",
  R: "PBK",
  K: "RXH",
  X: "K",
  V: "UWY",
  U: "VO",
  Y: "V",
  I: "LTJ",
  L: "IE",
  T: "I",
  J: "I",
};

function repairState(code: string, other: string | null): string | null {
  if (alpha2OfMrzState(code)) return null;
  if (other && alpha2OfMrzState(other) && [...code].filter((c, i) => c !== other[i]).length <= 1) return other;
  const found = new Set<string>();
  for (let i = 0; i < code.length; i++) {
    for (const c of LETTER_LOOKALIKES[code[i]!] ?? "") {
      const v = code.slice(0, i) + c + code.slice(i + 1);
      if (alpha2OfMrzState(v)) found.add(v);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}

const charValue = (c: string) => (c === "<" ? 0 : c >= "0" && c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55);
/** `b` is `a` with one character replaced by one of the same value modulo 10: invisible to every check digit. */
function digitBlind(a: string, b: string): boolean {
  const at = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
  return at.length === 1 && (charValue(a[at[0]!]!) - charValue(b[at[0]!]!)) % 10 === 0;
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
      if (d.autocorrect.length)
        repairs.push(
          `${d.label}: ${d.autocorrect.map((a) => `${a.original}→${a.corrected}`).join(", ")} (character class of the field)`,
        );
    }
  }
  const l = LAYOUT[format];

  for (const [span, otherSpan, label] of [
    [l.issuing, l.nationality, "issuing state"],
    [l.nationality, l.issuing, "nationality"],
  ] as const) {
    const code = slice(lines, span);
    const fixed = repairState(code, slice(lines, otherSpan));
    if (fixed && fixed !== code) {
      lines = put(lines, span, fixed);
      repairs.push(`${label} ${code} → ${fixed} (known state code one look-alike away)`);
    }
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
  if (
    byShape &&
    readHolds &&
    !hasValue(zone, slice(byShape, l.number).replace(/</g, ""), true) &&
    !digitBlind(number, slice(byShape, l.number))
  )
    byShape = null;
  if (byShape && slice(byShape, l.number) !== number) {
    repairs.push(
      `document number ${number} → ${slice(byShape, l.number)} (check digit and composite hold; OCR-B glyph shapes)`,
    );
    lines = byShape;
  }
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
      .filter((ls) => fieldHolds(ls, l.number) && compositeHolds(format, ls));
    const printed = options.filter((ls) => hasValue(zone, slice(ls, l.number).replace(/</g, ""), true));
    const printedPick = printed.length === 1;
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
    const scores = shapes?.(nameSpan[0], nameSpan[1] + at + k);
    if (scores && (scores.get(near[k]!) ?? 0) < (scores.get(token[k]!) ?? 0)) return token;
    repairs.push(`name ${token} → ${near} (printed field)`);
    return near;
  });
  lines = put(lines, nameSpan, fixedName);
  // a name field ends in fillers (ICAO 9303-3 §4.6: '<<' separates the identifiers, '<' words, so '<<<' only ever
  // pads): letters running to the end of the field after ≥ 3 fillers, or a lone letter after 2, are misread '<'
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
  const tail = /(?<=<<<)[A-Z]+$|(?<=<<)[A-Z]$/.exec(slice(lines, nameSpan));
  if (tail) {
    repairs.push(`name: trailing ${tail[0]} → ${"<".repeat(tail[0].length)} (a name field ends in fillers)`);
    lines = put(lines, nameSpan, slice(lines, nameSpan).slice(0, tail.index) + "<".repeat(tail[0].length));
  }
  return { lines, repairs };
}

/**
 * The shape evidence of one reading: how much the glyph at (line, position) of the fitted MRZ looks like each
 * character (glyphs.ts), or null where it cannot be cut out (no character box, or one the length fix moved).
 */
export type ShapeLookup = (line: number, position: number) => ReadonlyMap<string, number> | null;

// A character is an alternative at a position when its shape scores within this much of the best one there.
export const SHAPE_SPREAD = 0.15;
// The chosen number's summed shape score must beat every other number that keeps the check digits by this much.
export const SHAPE_MARGIN = 0.03;

/**
 * The document number the glyph shapes support best among those whose own check digit AND the composite hold (or,
 * when none does, exactly one of them, and only when clearly better supported than the number read), or null when
 * no such number exists or two come within SHAPE_MARGIN of each other. Alternatives per position: the
 * character read and the shapes within SHAPE_SPREAD of the best-looking one (at most 3). As in the swap repair, a
 * number whose check digit is really wrong cannot become valid: the composite weighs the number's positions like
 * the number's own check digit, so any change that fixes one breaks the other.
 */
export function resolveByShape(format: MrzFormat, lines: string[], shapeAt: ShapeLookup): string[] | null {
  const span = LAYOUT[format].number;
  const read = slice(lines, span);
  const shapes = [...read].map((_, i) => shapeAt(span[0], span[1] + i));
  if (shapes.filter(Boolean).length < read.length - 2) return null;
  const options = [...read].map((ch, i) => {
    const scores = shapes[i];
    if (!scores || ch === "<") return [ch];
    const best = Math.max(...scores.values());
    const near = [...scores]
      .filter(([, v]) => v >= best - SHAPE_SPREAD)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([c]) => c);
    return near.includes(ch) ? near : [ch, ...near.slice(0, 2)];
  });
  const score = (value: string) => [...value].reduce((sum, ch, i) => sum + (shapes[i]?.get(ch) ?? 0), 0);
  const rank = (holds: (candidate: string[]) => boolean) => {
    const ranked: { lines: string[]; score: number }[] = [];
    const walk = (i: number, prefix: string) => {
      if (i === options.length) {
        const candidate = put(lines, span, prefix);
        if (holds(candidate)) ranked.push({ lines: candidate, score: score(prefix) });
        return;
      }
      for (const ch of options[i]!) walk(i + 1, prefix + ch);
    };
    walk(0, "");
    return ranked.sort((a, b) => b.score - a.score);
  };
  let ranked = rank((candidate) => fieldHolds(candidate, span) && compositeHolds(format, candidate));
  // no number keeps both: one of the two digits is wrong on the document (or another field was misread), and the
  // reading stays invalid whichever number is taken. The number is then read as the shapes say among those that
  // keep exactly one digit — only when the shapes clearly prefer it to the number read, so a misread check digit
  // is never "compensated" by changing a number that was read right
  let relaxed = false;
  if (ranked.length === 0) {
    ranked = rank((candidate) => fieldHolds(candidate, span) !== compositeHolds(format, candidate));
    relaxed = true;
  }
  const [best, second] = ranked;
  if (!best || (second && best.score - second.score < SHAPE_MARGIN)) return null;
  if (relaxed && best.score - score(read) < SHAPE_MARGIN) return null;
  return best.lines;
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

export { LAYOUT as MRZ_LAYOUT };

/**
 * PaddleOCR's text lines → MRZ text variants: upper case, no spaces, «/‹ → '<', lines of MRZ characters only, top
 * to bottom; then the same with runs of ≥ 3 'K' next to fillers or at the line end read as '<' (the LSTM look-alike
 * of a filler; shorter runs are left alone, as names carry no check digit). The variants are only candidates:
 * read-mrz.ts keeps one only when its check digits all hold.
 */
/** The start of a TD2/TD3/visa first line: document code, issuing state, a surname and the `<<` after it. */
const FIRST_LINE_START = /^[PIACV][A-Z<][A-Z<]{3}[A-Z]+<<[A-Z<]*$/;

export function paddleTexts(lines: readonly { text: string; box?: number[][] }[]): string[] {
  // ordered by the height of a line's left edge (its box: top-left, top-right, bottom-right, bottom-left): on a
  // tilted page a long line's top corner can rise above a short line over it, the left edges stay in order
  const top = (l: { box?: number[][] }) =>
    l.box?.length === 4
      ? ((l.box[0]![1] ?? 0) + (l.box[3]![1] ?? 0)) / 2
      : l.box
        ? Math.min(...l.box.map((p) => p[1] ?? 0))
        : 0;
  const all = [...lines]
    .sort((a, b) => top(a) - top(b))
    .map((l) => l.text.toUpperCase().replace(/\s/g, "").replace(/[«‹]/g, "<"))
    .filter((t) => /^[A-Z0-9<]+$/.test(t));
  const texts: string[] = [];
  all.forEach((t, i) => {
    if (t.length >= 25) texts.push(t);
    else if (FIRST_LINE_START.test(t)) {
      // a passport's or visa's first line whose filler run PaddleOCR detected as boxes of their own (a photo
      // of a tilted page): the fillers are padded back to the length of the line below it
      const next = all.slice(i + 1).find((n) => n.length >= 25 && !/^<+$/.test(n));
      if (next && (next.length === 44 || next.length === 36) && !next.includes("<<<<<<<<<<<<<<<"))
        texts.push(t.padEnd(next.length, "<"));
    }
  });
  if (texts.length === 0) return [];
  const plain = texts.join("\n");
  const fillers = texts.map((t) => t.replace(/K{3,}(?=<|$)|(?<=<)K{3,}/g, (run) => "<".repeat(run.length))).join("\n");
  return fillers === plain ? [plain] : [plain, fillers];
}
