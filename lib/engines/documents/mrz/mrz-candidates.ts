import type { ParseResult } from "mrz";
import type { Page } from "tesseract.js";
import type { MrzFormat } from "./icao";
import { normaliseGlyph, shapeScores, type Grey } from "./glyphs";
import { agreementNeeded } from "./mrz-certainty";
import { repairLines } from "./mrz-repair";
import type { ShapeLookup } from "./glyphs";
import { compositeHolds, MRZ_LAYOUT } from "./mrz-layout";
import { compact, isUnprotected, pickMrzLines, readingHolds, safeParse, voteLines, type Picked } from "./mrz-lines";
import type { PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";

// Readings of an MRZ band as candidates, and the choice between them (read-mrz.ts, steps 3 and 4): each OCR text
// repaired into a candidate, the glyph shapes it lends the repair, when reading more variants is pointless
// (settled, certainFault), and which candidate wins (choose).

export type Candidate = {
  variant: string;
  format: MrzFormat;
  raw: string[];
  fitted: string[];
  lines: string[];
  repairs: string[];
  result: ParseResult;
  confidence: number;
  shapes?: ShapeLookup;
};

/** `c` with other lines and the repair that made them, or null when they no longer parse or hold. */
export function withLines(c: Candidate, lines: string[], repair: string): Candidate | null {
  const result = safeParse(lines);
  return result && readingHolds(result) ? { ...c, lines, result, repairs: [...c.repairs, repair] } : null;
}

export const validCount = (r: ParseResult) => r.details.filter((d) => d.valid).length;
export const key = (c: { format: string; lines: string[] }) => `${c.format}:${c.lines.join("\n")}`;

/**
 * One reading's OCR text → a repaired candidate (null: no MRZ-shaped text, or not parseable). `shapesOf` gives the
 * glyph shapes of the picked lines' positions, when the reading has character boxes.
 */
export function candidateOf(
  variant: string,
  text: string,
  confidence: number,
  zone: PrintedZone,
  shapesOf?: (picked: Picked) => ShapeLookup | undefined,
): Candidate | null {
  const picked = pickMrzLines(text);
  if (!picked) return null;
  const shapes = shapesOf?.(picked);
  const { lines, repairs } = repairLines(picked.format, picked.lines, zone, shapes);
  const result = safeParse(lines);
  return result
    ? {
        variant,
        format: picked.format,
        raw: picked.raw,
        fitted: picked.lines,
        lines,
        repairs,
        result,
        confidence,
        shapes,
      }
    : null;
}

/**
 * The glyph shapes of one tesseract reading: the boxes of its symbols (in the pixels of the image it read, `scale`
 * times those of `grey`), cut out of the greyscale band on demand. A position has none when its line cannot be
 * matched symbol for symbol to the OCR text, or when the length fix (fitLength) moved it.
 */
export function shapeLookup(page: Page, grey: Grey, scale: number, picked: Picked): ShapeLookup {
  const pageLines = (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const symbolsOf = picked.raw.map((raw, i) => {
    const symbols = pageLines.find((l) => compact(l.text) === raw)?.words.flatMap((w) => w.symbols) ?? [];
    if (compact(symbols.map((s) => s.text).join("")) !== raw) return null;
    // fitted position p is symbol offset + p up to the first position the length fix changed
    const trimmed = raw.slice(picked.offsets[i]);
    const fitted = picked.lines[i]!;
    let same = 0;
    while (same < fitted.length && trimmed[same] === fitted[same]) same++;
    return { symbols, offset: picked.offsets[i]!, same };
  });
  const cache = new Map<string, ReadonlyMap<string, number> | null>();
  return (line, position) => {
    const k = `${line}:${position}`;
    if (!cache.has(k)) {
      const of = symbolsOf[line];
      const symbol = of && position < of.same ? of.symbols[of.offset + position] : undefined;
      let scores: ReadonlyMap<string, number> | null = null;
      if (symbol) {
        const { bbox } = symbol;
        const pad = (bbox.y1 - bbox.y0) * 0.1;
        const glyph = normaliseGlyph(grey, {
          x0: (bbox.x0 - pad) / scale,
          y0: (bbox.y0 - pad) / scale,
          x1: (bbox.x1 + pad) / scale,
          y1: (bbox.y1 + pad) / scale,
        });
        scores = glyph && shapeScores(glyph);
      }
      cache.set(k, scores);
    }
    return cache.get(k)!;
  };
}

/**
 * Whether more variants are worth reading: not once a reading is fully valid, nor once two variants read the same
 * zone exactly and every check digit of it holds, whatever its state codes (a stateless visa holder's `XXX` beside
 * the specimen state `UTO`, Romania's nationality printed `132`): a further variant could only read the state
 * codes differently, and no check digit covers them. Measured on the development halves (docs/accuracy.md, fourth
 * round): the MRV-A specimens and PassportEye's Romanian card read the same holding zone on all seven variants.
 */
export function settled(candidates: readonly Candidate[]): boolean {
  if (candidates.some((c) => c.result.valid || (readingHolds(c.result) && sameUnknownStates(c)))) return true;
  const holding = candidates.filter((c) => readingHolds(c.result)).map(key);
  return holding.some((k, i) => holding.indexOf(k) !== i);
}

/**
 * A reading whose only faults are state codes outside the list settles only when both codes read the same (ICAO's
 * specimen state UTO as issuer and nationality): a nationality misread into letters ("8NE" for SWE on a security
 * print) would otherwise stop the variants that read it right. Other such readings are still kept (choose()).
 */
function sameUnknownStates(c: Candidate): boolean {
  const f = c.result.fields;
  return f.issuingState === f.nationality;
}

/** The best reading of several candidates (with a character vote when none is valid), and how many agree on it. */
export function choose(
  candidates: readonly Candidate[],
  zone: PrintedZone,
): { best: Candidate; agreement: number } | null {
  if (candidates.length === 0) return null;
  const pool = [...candidates];
  if (!settled(pool)) {
    for (const format of new Set(pool.map((c) => c.format))) {
      const same = pool.filter((c) => c.format === format);
      if (same.length < 3) continue;
      const voted = voteLines(same.map((c) => c.fitted));
      const shapes = same.find((c) => c.shapes)?.shapes;
      const v = candidateOf("vote", voted.join("\n"), Math.min(...same.map((c) => c.confidence)), zone, () => shapes);
      if (v) pool.push({ ...v, raw: same[0]!.raw });
    }
  }
  const support = new Map<string, number>();
  for (const c of candidates) support.set(key(c), (support.get(key(c)) ?? 0) + 1);
  const score = (c: Candidate) =>
    (c.result.valid ? 2e6 : readingHolds(c.result) ? 1e6 : 0) +
    (support.get(key(c)) ?? 0) * 1e3 +
    validCount(c.result) * 10 +
    stateCodesOfLetters(c) * 5 +
    (compositeHolds(c.format, c.lines) ? 1 : 0);
  const best = pool.reduce((a, b) => (score(b) > score(a) ? b : a));
  return { best, agreement: support.get(key(best)) ?? 0 };
}

/**
 * How many of a reading's two state codes are letters (and fillers) only, as ICAO 9303-3 writes every code: of two
 * readings that hold and are equally valid, one with a code read as digits (`070` for UTO, which no autocorrection
 * touches: a state code left partly digits is not guessed, mrz-repair.ts) is the misread one — measured on the
 * French Schengen visa specimen, whose tesseract reading and PaddleOCR's differed in nothing else a check covers.
 */
function stateCodesOfLetters(c: Candidate): number {
  const l = MRZ_LAYOUT[c.format];
  return [l.issuing, l.nationality].filter(([line, start, length]) =>
    /^[A-Z<]+$/.test(c.lines[line]!.slice(start, start + length)),
  ).length;
}

/**
 * A reading enough variants agree on whose only fault is a wrong check digit that decide.ts calls certain
 * (mrz-certainty.ts): reading more variants would not change it.
 */
export function certainFault(candidates: readonly Candidate[]): boolean {
  const counts = new Map<string, number>();
  for (const c of candidates) {
    // state codes outside the list are no check-digit fault (readingHolds, UNPROTECTED): CHECK_DIGITS leaves them out
    // too, so agreeing readings of a fictional state's card with one wrong digit are as certain as any
    const needed = agreementNeeded(
      c.result.details.filter((d) => !d.valid && !isUnprotected(d.field)).map((d) => d.field),
    );
    if (needed === null) continue;
    const k = key(c);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (counts.get(k)! >= needed) return true;
  }
  return false;
}

/** Two readings agree on all but two characters of the document number: their glyph positions are the same. */
export function aligned(a: string[], b: string[], format: MrzFormat): boolean {
  const [line, start, length] = MRZ_LAYOUT[format].number;
  const x = a[line]!.slice(start, start + length),
    y = b[line]!.slice(start, start + length);
  return [...x].filter((ch, i) => ch !== y[i]).length <= 2;
}

/** The line that holds the names (a TD1's third, every other layout's first). */
export const nameLine = (c: Candidate) => (c.format === "TD1" ? c.lines[2]! : c.lines[0]!);

export const nameLength = (c: Candidate) =>
  (c.format === "TD1" ? c.lines[2]! : c.lines[0]!.slice(5)).replace(/<+$/, "").length;
