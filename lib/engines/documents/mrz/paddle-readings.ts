import type { Candidate } from "./mrz-candidates";
import { aligned, candidateOf, nameLine } from "./mrz-candidates";
import { compact, paddleTexts, readingHolds } from "./mrz-lines";
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
