import type { Candidate } from "./mrz-candidates";
import type { ShapeLookup } from "./glyphs";
import { arbitrateLetters, votingReadings, withSecondNameLine } from "./letter-arbiter";
import { secondReadersNumber } from "./second-number";
import type { MrzFormat } from "./icao";
import { aligned, candidateOf, nameLine, validCount } from "./mrz-candidates";
import { compact, isVisa, paddleTexts, pickMrzLines, readingHolds, safeParse } from "./mrz-lines";
import { MRZ_LAYOUT, slice, type Span } from "./mrz-layout";
import type { PaddleLine } from "@/lib/engines/documents/ocr/paddle-engine";
import type { PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";

// PaddleOCR's readings of the band or the whole image as MRZ candidates (read-mrz.ts, steps 3b and 5).

/**
 * PaddleOCR's band reading, once in, ends the variants when it is fully valid (every check digit, known state codes)
 * and a tesseract variant read its name line alike: the fallback below then takes it, and no later variant could
 * be preferred to it. Without a second reader agreeing on the name, the variants go on: a later one that holds
 * has its letters arbitrated glyph by glyph (secondLetterReading), which PaddleOCR's reading taken whole skips —
 * measured on PassportEye's development images (docs/accuracy.md, fourth round): taken whole on validity alone,
 * it lost a Taiwanese surname's `I` (`TWNLN`) that the third variant read.
 */
export function paddleSettles(
  lines: PaddleLine[] | null | undefined,
  candidates: Candidate[],
  zone: PrintedZone,
): boolean {
  if (!lines) return false;
  const paddle = paddleCandidate(
    lines,
    zone,
    candidates.find((k) => k.shapes),
  )?.c;
  if (!paddle?.result.valid) return false;
  return candidates.some((k) => k.format === paddle.format && nameLine(k) === nameLine(paddle));
}

/**
 * PaddleOCR's reading (paddleLinesOrNull) as a candidate, only when fully check-digit valid (after repair); else null.
 * `padded`: its first line was read in pieces and padded with fillers (paddleTexts).
 */
export function paddleCandidate(
  lines: PaddleLine[] | null,
  zone: PrintedZone,
  withShapes: Candidate | undefined,
): { c: Candidate; padded: boolean } | null {
  if (!lines) return null;
  const confidence = Math.round(100 * Math.min(1, ...lines.map((l) => l.mean)));
  for (const text of paddleTexts(lines)) {
    // the glyph shapes of a tesseract reading of the same format: the positions are the same
    // — only when that reading is aligned with this one: a tesseract reading that dropped or added a character
    // would lend each position its neighbour's glyph (measured: a 275-px passport's right number "repaired" into a
    // shifted one whose digits happened to hold)
    const c = candidateOf("paddleocr", text, confidence, zone, (picked) =>
      withShapes && picked.format === withShapes.format && aligned(withShapes.fitted, picked.lines, picked.format)
        ? withShapes.shapes
        : undefined,
    );
    if (c && readingHolds(c.result))
      return {
        c,
        padded: !lines.some((l) => compact(l.text.toUpperCase()) === c.raw[0]),
      };
  }
  return null;
}

/** At most this many positions where PaddleOCR's two readings differ are combined (2^6 combinations) … */
export const PAIRED_DIFFERENCES = 6;
/** … and at most this many of them where a check digit covers (2^3 combinations of what the check digits judge). */
export const PAIRED_CHECKED = 3;

/**
 * PaddleOCR's two readings of the zone — the straightened band's and the whole image's — combined where neither
 * holds alone: two readings of the same format and length that differ in a few positions, each position taken from
 * one or the other, and the combination kept only when every check digit then holds and no other combination holds
 * with other characters where a check digit covers them. Every character was read by one of the two; the check
 * digits choose between them. A zone whose check digit is really wrong is read alike by both, so there is nothing to
 * choose. Seen on the German visa specimen (mrz-specimens, faint print): the band read the expiry `910801`, the
 * whole image `870801`, and only `970801` — one digit from each — holds. Where the combinations differ only where no
 * check digit covers (a name's letter, a state code), the one with more fields known (a state code in the list: the
 * band's `D<K` beside the whole image's `D<<` for Germany), then the band's character.
 * Not combined: readings that differ where a check digit covers in more than PAIRED_CHECKED positions, or in a
 * filler one of them read as a character there. Each combination tried is one more chance that a misreading both
 * share holds by accident: ICAO's specimen passport at 0.75× (both read `ZE184226B` as `2E1842268`) held with the
 * band's `C` and `6` for two of the fillers after it — PaddleOCR's look-alikes of '<'.
 */
export function pairedCandidate(
  band: PaddleLine[] | null,
  whole: PaddleLine[] | null,
  zone: PrintedZone,
): Candidate | null {
  if (!band || !whole) return null;
  const confidence = Math.round(100 * Math.min(1, ...[...band, ...whole].map((l) => l.mean)));
  for (const a of paddleTexts(band).map(pickMrzLines))
    for (const b of paddleTexts(whole).map(pickMrzLines)) {
      if (!a || !b || a.format !== b.format) continue;
      const differ = differences(a.lines, b.lines);
      if (!differ || differ.length === 0 || differ.length > PAIRED_DIFFERENCES) continue;
      const covered = coveredPositions(a.format, a.lines);
      const checkedDiffer = differ.filter(([line, col]) => covered.has(`${line}:${col}`));
      if (checkedDiffer.length > PAIRED_CHECKED) continue;
      if (checkedDiffer.some(([line, col]) => a.lines[line]![col] === "<" || b.lines[line]![col] === "<")) continue;
      const holding: { c: Candidate; taken: number }[] = [];
      for (let mask = 0; mask < 1 << differ.length; mask++) {
        const lines = a.lines.map((l) => [...l]);
        differ.forEach(([line, col], i) => {
          if (mask & (1 << i)) lines[line]![col] = b.lines[line]![col]!;
        });
        const c = candidateOf("paddleocr", lines.map((l) => l.join("")).join("\n"), confidence, zone);
        if (c && readingHolds(c.result)) holding.push({ c, taken: popcount(mask) });
      }
      if (new Set(holding.map((h) => checked(h.c))).size !== 1) continue;
      const rank = (h: { c: Candidate; taken: number }) => validCount(h.c.result) * 100 - h.taken;
      const best = holding.reduce((x, y) => (rank(y) > rank(x) ? y : x));
      return { ...best.c, repairs: [...best.c.repairs, "PaddleOCR's band and whole-image readings combined"] };
    }
  return null;
}

/** The positions where two readings of one layout differ, or null when their lines' lengths differ. */
function differences(a: string[], b: string[]): [number, number][] | null {
  if (a.length !== b.length || a.some((l, i) => l.length !== b[i]!.length)) return null;
  return a.flatMap((l, line) =>
    [...l].flatMap((ch, col) => (ch === b[line]![col] ? [] : [[line, col] as [number, number]])),
  );
}

const popcount = (n: number) => n.toString(2).replace(/0/g, "").length;

/** The spans a check digit covers, each with its check digit: number, dates, and (not on a visa) the composite's. */
function coveredSpans(format: MrzFormat, lines: string[]): Span[] {
  const l = MRZ_LAYOUT[format];
  const spans: Span[] = [l.number, l.birth, l.expiry].map(([line, start, length]) => [line, start, length + 1]);
  if (!isVisa(lines)) spans.push(...l.compositeOf, [l.composite[0], l.composite[1], 1]);
  return spans;
}

function coveredPositions(format: MrzFormat, lines: string[]): Set<string> {
  return new Set(
    coveredSpans(format, lines).flatMap(([line, start, length]) =>
      Array.from({ length }, (_, i) => `${line}:${start + i}`),
    ),
  );
}

/** A reading's characters that a check digit covers. */
const checked = (c: Candidate) =>
  coveredSpans(c.format, c.lines)
    .map((s) => slice(c.lines, s))
    .join("|");

/**
 * Names, state codes and the sex carry no check digit: where tesseract's reading holds, PaddleOCR reads the band
 * too, and when its reading holds and differs only in letters (every digit and filler the same: both read the
 * same zone), each letter on which they differ is decided by its glyph's shape (letter-arbiter.ts). Measured on the
 * development specimens (docs/accuracy.md): taking PaddleOCR's name line whole fixed one name and broke another.
 * When its reading is no zone as a whole, its name line alone is compared (withSecondNameLine).
 */
export function secondLetterReading(
  first: Candidate,
  band: PaddleLine[] | null,
  zone: PrintedZone,
  others: readonly Candidate[],
  cells: ShapeLookup | undefined,
): Candidate {
  if (first.variant === "paddleocr" || !first.shapes || !readingHolds(first.result)) return first;
  const second = paddleCandidate(band, zone, undefined);
  // a number only this variant read, where PaddleOCR's reading holds with another (second-number.ts)
  const best = second ? secondReadersNumber(first, second.c, others, zone) : first;
  // its reading as a whole, or (not a zone as a whole) its reading of the name line alone
  const lines =
    second?.c.format === best.format
      ? second.c.lines
      : band &&
        withSecondNameLine(
          best.format,
          best.lines,
          band.map((l) => compact(l.text.toUpperCase())),
        );
  if (!lines) return best;
  const arbitrated = arbitrateLetters(best.lines, lines, best.shapes, votingReadings(best, lines, others), cells);
  if (!arbitrated) return best;
  const result = safeParse(arbitrated.lines);
  if (!result || !readingHolds(result)) return best;
  return {
    ...best,
    lines: arbitrated.lines,
    result,
    repairs: [...best.repairs, `${arbitrated.changes.join(", ")} (PaddleOCR's letter, by OCR-B glyph shape)`],
  };
}
