import type { MrzFormat } from "./icao";
import { SHAPE_SILENT, type ShapeLookup } from "./glyphs";
import { isVisa, readingHolds, safeParse, VISA_OPTIONAL_FROM } from "./mrz-lines";
import type { Candidate } from "./mrz-candidates";
import { crossCheckName, nameFieldOf } from "./name-crosscheck";
import { strokeMore, top } from "./name-glyphs";
import type { PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";

// Names, state codes and the sex carry no check digit, so where two readers disagree on a letter there is no digit
// to decide. The glyph itself can: each position's character is cut out of the band at tesseract's box and
// correlated with the OCR-B reference glyphs (glyphs.ts). A letter of the second reading is taken only where the
// glyph looks more like it than like the first reading's letter; everywhere else the first reading stands.

/** Most positions of one line two readings may differ at: beyond, they are not readings of the same line. */
export const MAX_LINE_DIFFERENCES = 4;

const isLetter = (c: string | undefined) => c !== undefined && c >= "A" && c <= "Z";
const isAlphanumeric = (c: string | undefined) => isLetter(c) || (c !== undefined && c >= "0" && c <= "9");

// A visa's optional data (VISA_OPTIONAL_FROM) holds letters and digits alike and no check digit covers it: there a
// letter and a digit (O/0, I/1, S/8) are told apart only by the glyph, as a name's letters are.
const freeCharacter = (lines: readonly string[], line: number, i: number) =>
  isVisa(lines) && line === 1 && i >= VISA_OPTIONAL_FROM;

/**
 * The lines of `first` with the letters of `second` that the glyph shapes prefer, or null when the two readings
 * are not of the same zone (a digit or a filler differs, or too many letters) or nothing changes. In a visa's
 * optional data a letter and a digit are weighed alike (freeCharacter). `cells`: each position's cell on the zone's
 * fixed pitch (name-glyphs.ts, cellLookup), asked only where the second letter is the first with a stroke more.
 */
export function arbitrateLetters(
  first: readonly string[],
  second: readonly string[],
  shapes: ShapeLookup | undefined,
  others: readonly (readonly string[])[] = [],
  cells?: ShapeLookup,
): { lines: string[]; changes: string[] } | null {
  if (!shapes || first.length !== second.length) return null;
  const changes: string[] = [];
  const lines: string[] = [];
  for (let line = 0; line < first.length; line++) {
    const a = first[line]!;
    const b = second[line]!;
    if (a.length !== b.length) return null;
    const at = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
    // a digit or a filler read differently: the readings disagree where the check digits speak, not the same zone
    // (a visa's optional data aside: a letter or a digit there, never a filler)
    const comparable = (i: number) =>
      freeCharacter(first, line, i) ? isAlphanumeric(a[i]) && isAlphanumeric(b[i]) : isLetter(a[i]) && isLetter(b[i]);
    if (at.length > MAX_LINE_DIFFERENCES || !at.every(comparable)) return null;
    const out = [...a];
    for (const i of at) {
      const scores = shapes(line, i);
      if (!scores) continue;
      const [sa, sb] = [scores.get(a[i]!) ?? 0, scores.get(b[i]!) ?? 0];
      if (sb > sa) {
        out[i] = b[i]!;
        changes.push(`line ${line + 1} position ${i + 1} ${a[i]}→${b[i]}`);
      } else if (strokeSeen(cells, line, i, a[i]!, b[i]!)) {
        out[i] = b[i]!;
        changes.push(
          `line ${line + 1} position ${i + 1} ${a[i]}→${b[i]} (the stroke more, seen in its cell on the pitch)`,
        );
      } else if (
        Math.max(sa, sb) < SHAPE_SILENT &&
        votes(others, a, line, i, b[i]!) > votes(others, a, line, i, a[i]!)
      ) {
        out[i] = b[i]!;
        changes.push(
          `line ${line + 1} position ${i + 1} ${a[i]}→${b[i]} (by the readings: the glyph looks like neither)`,
        );
      }
    }
    lines.push(out.join(""));
  }
  return changes.length ? { lines, changes } : null;
}

// The second reader's letter is the one read with a stroke more (T for I, E for F …): tesseract's box around a
// letter it read as I holds the stem alone, so the glyph cut out there cannot show the bar beside it — the Icelandic
// `DOTTIR` read `DOITIR` at 0.95× (its box: I 0.55, T 0.54). The cell the zone's fixed pitch puts at that position is
// as wide as every character's: where the second reader's letter is the cell's best over every character, the
// stroke is in the print (ink fades, it does not appear), and two looks of three say so. Seen on both development
// halves at five sizes (docs/accuracy.md): of the 43 name letters PaddleOCR read otherwise than the reading chosen,
// one was the letter read with a stroke more — that T, the cell's best; where the box preferred tesseract's letter,
// the cell preferred PaddleOCR's once more (a Latvian card's S against G, right as read: no stroke more, and the
// cell's best a P). Of 12 on the generated hard set, none.
function strokeSeen(cells: ShapeLookup | undefined, line: number, i: number, read: string, second: string): boolean {
  if (!cells || !isLetter(read) || !isLetter(second) || !strokeMore(second, read)) return false;
  const cell = cells(line, i);
  return !!cell && top(cell, false)[0] === second;
}

/**
 * How many of `readings` (each the zone's lines, the first reading's own among them) have `c` at a position of a
 * line, counting only readings whose line has its fillers where `as` has them (the same glyph at each position).
 */
function votes(readings: readonly (readonly string[])[], as: string, line: number, i: number, c: string): number {
  return readings.filter(
    (r) => r[line]?.length === as.length && fillersOf(r[line]!) === fillersOf(as) && r[line]![i] === c,
  ).length;
}

/** Where a line's fillers stand ('<'), every other character a dot. */
const fillersOf = (line: string) => line.replace(/[^<]/g, ".");

/**
 * A second reader's reading of the name line alone, as `lines` with that line replaced, or null: for when the
 * second reading as a whole is not a zone (PaddleOCR cut its number line short: a 397-px Japanese passport), yet
 * one of its texts is the name line — the same length once its trailing fillers are padded back (the reader drops
 * a filler run's end) — whose letters arbitrateLetters may then weigh.
 */
export function withSecondNameLine(
  format: MrzFormat,
  lines: readonly string[],
  texts: readonly string[],
): string[] | null {
  const field = nameFieldOf(format, lines);
  if (!field) return null;
  const line = lines[field.line]!;
  for (const text of texts) {
    if (text.length < field.start + 2 || text.length > line.length || !/^[A-Z0-9<]+$/.test(text)) continue;
    const padded = text.padEnd(line.length, "<");
    if (padded === line || padded.slice(0, field.start) !== line.slice(0, field.start)) continue;
    // its fillers where the line has them (the same words), and only fillers where it was cut
    if (fillersOf(padded) !== fillersOf(line) || !/^<*$/.test(line.slice(text.length))) continue;
    return lines.map((l, i) => (i === field.line ? padded : l));
  }
  return null;
}

/**
 * The name field as the tesseract variants read it, for a reading taken from PaddleOCR's fallback (no variant
 * held): `lines` with the name field of the reading most variants share, or null. PaddleOCR reads proportional text
 * and has dropped a narrow letter where tesseract, reading the fixed pitch, kept the count (`SPECMEN` for SPECIMEN
 * on a 319-px Swedish card, as `LN` for LIN on two Taiwanese passports: docs/accuracy.md). Taken only where
 * more than half of the variants of this layout, and at least two, read the field with its fillers in the same
 * places, and those places are not PaddleOCR's: the words then have the variants' lengths, which no check digit can
 * tell (the reading most of those share). Every variant had to, before 2026-12-02: at other sizes a variant or two
 * read noise there (`SPECIOS<<SVE`, `3PECIQE<<VS`) and PaddleOCR's `SPEIEN` stood.
 * `variant`: the index of the reading taken.
 */
export function variantsNameLine(
  format: MrzFormat,
  lines: readonly string[],
  variants: readonly (readonly string[])[],
): { lines: string[]; variant: number } | null {
  const field = nameFieldOf(format, lines);
  if (!field) return null;
  const own = lines[field.line]!;
  const names = variants.map((v) => (v[field.line]?.length === own.length ? v[field.line]!.slice(field.start) : null));
  const patterns = new Map<string, number>();
  for (const n of names) if (n) patterns.set(fillersOf(n), (patterns.get(fillersOf(n)) ?? 0) + 1);
  const [pattern, shared] = [...patterns].reduce((a, b) => (b[1] > a[1] ? b : a), ["", 0]);
  if (shared < 2 || shared * 2 <= variants.length || pattern === fillersOf(own.slice(field.start))) return null;
  const counts = new Map<string, number>();
  for (const n of names) if (n && fillersOf(n) === pattern) counts.set(n, (counts.get(n) ?? 0) + 1);
  const most = Math.max(...counts.values());
  const variant = names.findIndex((n) => n !== null && counts.get(n) === most);
  return {
    lines: lines.map((l, i) => (i === field.line ? l.slice(0, field.start) + names[variant]! : l)),
    variant,
  };
}

/**
 * PaddleOCR's fallback reading with the name field the tesseract variants agree on, where their words' lengths
 * differ from its own (variantsNameLine); the fallback unchanged otherwise, or when the reading would no longer hold.
 */
export function namedByVariants(best: Candidate, candidates: readonly Candidate[]): Candidate {
  const variants = variantsLike(best, candidates);
  const named = variantsNameLine(
    best.format,
    best.lines,
    variants.map((c) => c.lines),
  );
  const result = named && safeParse(named.lines);
  if (!named || !result || !readingHolds(result)) return best;
  return {
    ...best,
    lines: named.lines,
    result,
    // the name line's glyphs are that variant's (the same characters at the same places); no other line's are asked
    shapes: variants[named.variant]!.shapes,
    repairs: [...best.repairs, "name field as the tesseract variants read it (PaddleOCR's words had other lengths)"],
  };
}

/**
 * The readings that vote where a glyph's shape says nothing (arbitrateLetters): the second reader's (`second`) and
 * every tesseract variant's of the best reading's layout, the best's own among them. PaddleOCR's fallback candidate
 * is the second reader's reading again: it does not vote twice.
 */
export function votingReadings(best: Candidate, second: string[], others: readonly Candidate[]): string[][] {
  return [second, ...variantsLike(best, others).map((c) => c.lines)];
}

/** The tesseract variants' candidates of `best`'s layout (PaddleOCR's fallback is not one). */
const variantsLike = (best: Candidate, candidates: readonly Candidate[]) =>
  candidates.filter((c) => c.format === best.format && c.variant !== "paddleocr");

// where the letters no check digit covers sit, per layout (ICAO 9303-4/5/6): [line, start, end)
const CODES: Record<MrzFormat, { state: number[]; nationality: number[]; sex: number[] }> = {
  TD1: { state: [0, 2, 5], nationality: [1, 15, 18], sex: [1, 7, 8] },
  TD2: { state: [0, 2, 5], nationality: [1, 10, 13], sex: [1, 20, 21] },
  TD3: { state: [0, 2, 5], nationality: [1, 10, 13], sex: [1, 20, 21] },
};

/** The letters the sex field may hold (ICAO 9303: "<" where unspecified). */
const SEX_LETTERS = ["M", "F", "X"];

/**
 * Every letter of a reading that no check digit covers is printed on the page as the MRZ has it, read there by
 * another engine (the page OCR): each name word exactly, the issuing state's and the nationality's codes, the sex
 * (unless "<"). A second reader's letters could then only disagree with the printed page as well, so the
 * arbitration is not needed (read-mrz.ts: PaddleOCR's band reading is then not made; issue 35).
 * The sex, a single letter the page OCR often misses or misreads (a printed F read as E), is corroborated by its
 * own glyph too (`shapes`, the reading's OCR-B glyph scores): where it looks like the letter read at least as much as
 * like either other sex letter, and enough to count as evidence (SHAPE_SILENT), arbitrateLetters could not replace
 * it whatever PaddleOCR read — the reading must still hold, so only M, F or X could stand there.
 */
export function lettersCorroborated(
  format: MrzFormat,
  lines: readonly string[],
  zone: PrintedZone,
  shapes?: ShapeLookup,
): boolean {
  const at = CODES[format];
  const field = nameFieldOf(format, lines);
  if (!field) return false;
  const { tokens } = crossCheckName(field.value, zone, true);
  if (tokens.length === 0 || tokens.some((t) => t.state !== "same")) return false;
  const code = ([line, start, end]: number[]) => lines[line!]?.slice(start, end).replace(/<+$/, "") ?? "";
  const printed = (text: string) => text.length > 0 && zone.words.has(text);
  const sex = code(at.sex);
  const sexSeen = () => {
    const scores = shapes?.(at.sex[0]!, at.sex[1]!);
    const own = scores?.get(sex) ?? -1;
    return own >= SHAPE_SILENT && SEX_LETTERS.every((l) => (scores?.get(l) ?? -1) <= own);
  };
  return printed(code(at.state)) && printed(code(at.nationality)) && (sex === "" || printed(sex) || sexSeen());
}
