import "server-only";
import type { ParseResult } from "mrz";
import sharp, { type Sharp } from "sharp";
import type { Page } from "tesseract.js";
import type { MrzFormat } from "./icao";
import { normaliseGlyph, otsu, shapeScores, type Grey } from "./glyphs";
import { compositeHolds, MRZ_LAYOUT, paddleTexts, pickMrzLines, readingHolds, repairLines, safeParse, voteLines, type Picked, type ShapeLookup } from "./mrz-repair";
import type { OcrEngine } from "./ocr-engine";
import { paddleLines, type PaddleLine } from "./paddle-engine";
import type { PrintedZone } from "./printed-zone";
import { setting } from "@/lib/env";
import { agreementNeeded } from "./mrz-certainty";

// Reading the machine-readable zone of one side of a document.
//  1. Locate: the page OCR (already run for the printed fields) finds the MRZ as long upper-case lines (with room
//     above for a line it could not read when it found fewer than three). Without such lines, the bottom 40 % of
//     the image is read (where TD1/TD2/TD3 put it).
//  2. Deskew: by the baseline angle of the MRZ lines the page OCR found; where it found none, by the band's own
//     estimate (the rotation that makes the horizontal projection of the dark strokes sharpest, ±5° in 0.2° steps).
//  3. Read: several preprocessing variants of the band (thresholds of the normalised grey, unsharp mask, CLAHE, 3×
//     enlargement …) through the legacy engine with an A–Z 0–9 < whitelist (ocr-engine.ts), in an order measured
//     on the evaluation set. Every reading is repaired (mrz-repair.ts: only where the ICAO field type and the check
//     digits agree; the document number's look-alikes by the OCR-B shapes of its glyphs, cut out of the band at
//     the boxes tesseract gives each character, glyphs.ts) and the reading stops as soon as one is fully valid,
//     or when variants agree on a reading whose only fault is a check digit (certainFault). Otherwise a
//     character-wise vote over all readings is tried.
//  3b. Fallback: when no variant gives a fully valid reading (and none is a certain fault), PaddleOCR
//     (paddle-engine.ts) reads the straightened band, then (when no variant found MRZ-shaped lines there) the whole
//     image; its reading is taken only when it is fully check-digit valid after repair, so a document whose check
//     digit is really wrong still cannot be "read" as valid.
//  4. Choose: a fully valid reading first, then the one most variants agree on, then the most valid fields.
//     `agreement` (how many variants produced exactly the chosen lines) and `variants` tell the rules how certain
//     the reading is: a failing check digit declines a document only when the reading is certain (decide.ts).

export type MrzReading = {
  lines: string[];
  rawLines: string[];
  format: MrzFormat;
  result: ParseResult;
  repairs: string[];
  /** the band's vertical centre as a fraction of the image height (template matching: the MRZ is at the bottom) */
  position: number;
  confidence: number;
  /** preprocessing variants whose repaired reading is exactly `lines` (≥ 2: independent readings agree) */
  agreement: number;
  /** preprocessing variants read */
  variants: number;
};

type Band = { top: number; bottom: number; angle: number; found: boolean };

const MRZ_CHARS = /[A-Z0-9<«‹]/g;

/** A page-OCR line that is MRZ text: long, almost only A–Z 0–9 <, with fillers (LSTM reads '<' as '<', «, K or L). */
export function isMrzLike(text: string): boolean {
  const s = text.replace(/\s/g, "");
  return s.length >= 25 && (s.match(MRZ_CHARS)?.length ?? 0) / s.length >= 0.9 && /<|«|KKK|LLL/.test(s);
}

export function locateMrzBand(page: Page, width: number, height: number): Band {
  const lines = (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const candidates = lines.filter((line) => isMrzLike(line.text));
  // the MRZ is one block of 2–3 lines: keep the lowest candidate and those just above it
  const lowest = candidates.reduce<(typeof candidates)[number] | null>((low, l) => (!low || l.bbox.y1 > low.bbox.y1 ? l : low), null);
  const reach = lowest ? (lowest.bbox.y1 - lowest.bbox.y0) * 6 : 0;
  const mrzLike = lowest ? candidates.filter((l) => l.bbox.y0 >= lowest.bbox.y0 - reach) : [];
  if (mrzLike.length === 0) return { top: Math.round(height * 0.6), bottom: height, angle: 0, found: false };
  const top = Math.min(...mrzLike.map((l) => l.bbox.y0));
  const bottom = Math.max(...mrzLike.map((l) => l.bbox.y1));
  const angles = mrzLike.map((l) => Math.atan2(l.baseline.y1 - l.baseline.y0, Math.max(1, l.baseline.x1 - l.baseline.x0))).sort((a, b) => a - b);
  const angle = (angles[Math.floor(angles.length / 2)]! * 180) / Math.PI;
  const lineHeight = (bottom - top) / Math.max(mrzLike.length, 1);
  const drift = Math.abs(Math.tan((angle * Math.PI) / 180)) * width * 0.5;
  // fewer than three lines found: a TD1's first line may be one the page OCR could not read; keep room for it
  // (or a line below it: a visa's or passport's second line, all digits and letters with no filler, is not
  // MRZ-like to the page OCR)
  const missing = mrzLike.length < 3 ? 2.2 : 0.6;
  const below = mrzLike.length < 2 ? missing : 1.3;
  return { top: Math.max(0, Math.round(top - lineHeight * missing - drift)), bottom: Math.min(height, Math.round(bottom + lineHeight * below + drift)), angle, found: true };
}

/**
 * The skew of the text lines in a band, in degrees (positive: lines descend to the right): the shear that makes
 * the row histogram of stroke pixels (darker than their 25 px neighbourhood) most peaked.
 */
export async function estimateSkew(band: Buffer): Promise<number> {
  const W = 800;
  const grey = sharp(band).grayscale().resize({ width: W });
  const [{ data, info }, { data: local }] = await Promise.all([grey.clone().raw().toBuffer({ resolveWithObject: true }), grey.clone().blur(12).raw().toBuffer({ resolveWithObject: true })]);
  const H = info.height;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (data[i]! < local[i]! - 25) {
        xs.push(x - W / 2);
        ys.push(y);
      }
    }
  }
  if (xs.length < 100) return 0;
  let best = -1;
  let bestAngle = 0;
  const hist = new Float64Array(H + 160);
  for (let k = -25; k <= 25; k++) {
    const tan = Math.tan((k * 0.2 * Math.PI) / 180);
    hist.fill(0);
    for (let p = 0; p < xs.length; p++) hist[Math.round(ys[p]! - xs[p]! * tan) + 80]! += 1;
    let score = 0;
    for (const v of hist) score += v * v;
    if (score > best) {
      best = score;
      bestAngle = k * 0.2;
    }
  }
  return bestAngle;
}

const big = (width: number, factor = 2) => Math.max(width, 1250) * factor;
/** One materialised step: sharp applies its operations in a fixed order of its own (a threshold before a
 * normalise, whatever the call order), so each step that must follow another gets its own pass. */
const step = (input: Buffer, op: (s: Sharp) => Sharp) => op(sharp(input)).png().toBuffer();
/** The band in grey, contrast stretched, at twice the working width: the base of most variants. */
const greyBand = (band: Buffer, width: number, factor = 2) => step(band, (s) => s.grayscale().normalise().resize({ width: big(width, factor) }));

type Prep = (band: Buffer, base: Buffer, width: number, level: number) => Promise<Buffer>;
/**
 * Preprocessing variants in the order they are tried (most often right first, measured on the evaluation set).
 * `base` is greyBand(band): thresholds apply to the normalised grey, at `level` (thresholdLevel) and around it.
 */
export const MRZ_VARIANTS: readonly { name: string; prep: Prep }[] = [
  { name: "binarise", prep: (_, base, __, t) => step(base, (s) => s.threshold(t)) },
  { name: "sharpen-binarise", prep: async (_, base, __, t) => step(await step(base, (s) => s.sharpen({ sigma: 2 })), (s) => s.threshold(t)) },
  { name: "local-contrast-binarise", prep: async (band, _, w, t) => step(await step(band, (s) => s.grayscale().clahe({ width: 64, height: 64 }).resize({ width: big(w) })), (s) => s.threshold(t)) },
  { name: "grey", prep: async (_, base) => base },
  { name: "binarise-level-minus-28", prep: (_, base, __, t) => step(base, (s) => s.threshold(t - 28)) },
  { name: "upscale-3x-binarise", prep: async (band, _, w, t) => step(await greyBand(band, w, 3), (s) => s.threshold(t)) },
  { name: "binarise-level-plus-32", prep: (_, base, __, t) => step(base, (s) => s.threshold(t + 32)) },
];

/**
 * The binarisation level: 128 where the band's paper (its median grey after normalising) is bright, as on almost
 * every upload; Otsu's threshold where it is not (a dim photo whose band also holds something brighter than the
 * paper, so normalising leaves the paper mid-grey): 128 would cut the paper's noise into speckle, which reads as
 * nothing and costs tesseract 10 s or more per variant.
 */
export function thresholdLevel(grey: Grey): number {
  const sorted = Uint8Array.from(grey.data).sort();
  const paper = sorted[sorted.length >> 1] ?? 255;
  return paper >= 170 ? 128 : otsu(grey, 0, 0, grey.width, grey.height);
}

const MAX_VARIANTS = setting("MRZ_MAX_VARIANTS") ?? MRZ_VARIANTS.length;

export type Candidate = { variant: string; format: MrzFormat; raw: string[]; fitted: string[]; lines: string[]; repairs: string[]; result: ParseResult; confidence: number; shapes?: ShapeLookup };

const validCount = (r: ParseResult) => r.details.filter((d) => d.valid).length;
const key = (c: { format: string; lines: string[] }) => `${c.format}:${c.lines.join("\n")}`;

/**
 * One reading's OCR text → a repaired candidate (null: no MRZ-shaped text, or not parseable). `shapesOf` gives the
 * glyph shapes of the picked lines' positions, when the reading has character boxes.
 */
export function candidateOf(variant: string, text: string, confidence: number, zone: PrintedZone, shapesOf?: (picked: Picked) => ShapeLookup | undefined): Candidate | null {
  const picked = pickMrzLines(text);
  if (!picked) return null;
  const shapes = shapesOf?.(picked);
  const { lines, repairs } = repairLines(picked.format, picked.lines, zone, shapes);
  const result = safeParse(lines);
  return result ? { variant, format: picked.format, raw: picked.raw, fitted: picked.lines, lines, repairs, result, confidence, shapes } : null;
}

const compact = (text: string) => text.replace(/\s/g, "").replace(/[«‹]/g, "<");

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
        const glyph = normaliseGlyph(grey, { x0: (bbox.x0 - pad) / scale, y0: (bbox.y0 - pad) / scale, x1: (bbox.x1 + pad) / scale, y1: (bbox.y1 + pad) / scale });
        scores = glyph && shapeScores(glyph);
      }
      cache.set(k, scores);
    }
    return cache.get(k)!;
  };
}

/** Whether more variants are worth reading: not once a reading is fully valid. */
export function settled(candidates: readonly Candidate[]): boolean {
  return candidates.some((c) => c.result.valid || (readingHolds(c.result) && sameUnknownStates(c)));
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
export function choose(candidates: readonly Candidate[], zone: PrintedZone): { best: Candidate; agreement: number } | null {
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
  const score = (c: Candidate) => (c.result.valid ? 2e6 : readingHolds(c.result) ? 1e6 : 0) + (support.get(key(c)) ?? 0) * 1e3 + validCount(c.result) * 10 + (compositeHolds(c.format, c.lines) ? 1 : 0);
  const best = pool.reduce((a, b) => (score(b) > score(a) ? b : a));
  return { best, agreement: support.get(key(best)) ?? 0 };
}

/** The MRZ of one image, or null when no MRZ-shaped text is there. `page` is the page OCR of the same image. */
export async function readMrz(engine: OcrEngine, image: Buffer, page: Page, zone: PrintedZone): Promise<MrzReading | null> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  if (!width || !height) return null;
  const band = locateMrzBand(page, width, height);
  const cropped = await sharp(image).extract({ left: 0, top: band.top, width, height: Math.max(8, band.bottom - band.top) }).toBuffer();
  // the page OCR's baseline angle where it found the MRZ lines (measured better than the projection estimate on
  // the evaluation set), the band's own projection estimate where it did not
  const angle = band.found ? band.angle : await estimateSkew(cropped);
  const straight = Math.abs(angle) >= 0.1 ? await sharp(cropped).rotate(-angle, { background: "#ffffff" }).toBuffer() : cropped;
  const candidates: Candidate[] = [];
  let variants = 0;
  let certain = false;
  // the band in grey at the variants' usual 2× width: the base of the variants, and where the glyphs are cut out
  const base = await greyBand(straight, width);
  const { data, info } = await sharp(base).grayscale().raw().toBuffer({ resolveWithObject: true });
  const grey: Grey = { data, width: info.width, height: info.height };
  const level = thresholdLevel(grey);
  for (const { name, prep } of MRZ_VARIANTS.slice(0, MAX_VARIANTS)) {
    const png = await prep(straight, base, width, level);
    const input = { data: png, info: await sharp(png).metadata() };
    const ocr = await engine.readMrz(input.data);
    variants += 1;
    const scale = input.info.width / grey.width;
    const c = candidateOf(name, ocr.text, ocr.confidence, zone, (picked) => shapeLookup(ocr, grey, scale, picked));
    if (c) candidates.push(c);
    if (settled(candidates)) break;
    // a reading two variants agree on whose only fault is one check digit (a document that carries a wrong one):
    // more variants would not change it, nor would PaddleOCR, whose reading counts only when fully valid
    if (candidates.length >= 2 && certainFault(candidates)) {
      certain = true;
      break;
    }
  }
  if (!settled(candidates) && !certain) {
    // then the whole image (PaddleOCR finds its own text lines, including one the band cut off, and reads a small
    // scan better at its own pixels than the band's crop: measured on a 275-px specimen passport)
    // A first line PaddleOCR read in pieces (padded back: paddleTexts) may have lost a name word at the band's edge:
    // then the whole image is read as well and the reading with the longer name kept.
    let found: { c: Candidate; padded: boolean } | null = null;
    for (const source of [straight, image]) {
      const c = await paddleCandidate(source, zone, candidates.find((k) => k.shapes));
      if (c && (!found || nameLength(c.c) > nameLength(found.c))) found = c;
      if (found && !found.padded) break;
    }
    if (found) candidates.push(found.c);
  }
  const chosen = choose(candidates, zone);
  if (!chosen) return null;
  const { best, agreement } = chosen;
  return {
    lines: best.lines,
    rawLines: best.raw,
    format: best.format,
    result: best.result,
    repairs: best.repairs,
    position: (band.top + band.bottom) / 2 / height,
    confidence: best.confidence,
    agreement,
    variants,
  };
}

/**
 * A reading enough variants agree on whose only fault is a wrong check digit that decide.ts calls certain
 * (mrz-certainty.ts): reading more variants would not change it.
 */
function certainFault(candidates: readonly Candidate[]): boolean {
  const counts = new Map<string, number>();
  for (const c of candidates) {
    const needed = agreementNeeded(c.result.details.filter((d) => !d.valid).map((d) => d.field));
    if (needed === null) continue;
    const k = key(c);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (counts.get(k)! >= needed) return true;
  }
  return false;
}

/** Two readings agree on all but two characters of the document number: their glyph positions are the same. */
function aligned(a: string[], b: string[], format: MrzFormat): boolean {
  const [line, start, length] = MRZ_LAYOUT[format].number;
  const x = a[line]!.slice(start, start + length), y = b[line]!.slice(start, start + length);
  return [...x].filter((ch, i) => ch !== y[i]).length <= 2;
}

const nameLength = (c: Candidate) => (c.format === "TD1" ? c.lines[2]! : c.lines[0]!.slice(5)).replace(/<+$/, "").length;

let paddleFailureLogged = false;

/** A PaddleOCR failure is logged once per process with its cause; later ones are not repeated. */
function reportPaddleFailure(error: unknown): void {
  if (paddleFailureLogged) return;
  paddleFailureLogged = true;
  console.error(`[mrz] PaddleOCR failed; the tesseract reading stands (logged once): ${(error as Error)?.name ?? "Error"}: ${(error as Error)?.message ?? String(error)}`);
}

/**
 * PaddleOCR's reading of an image as a candidate, only when fully check-digit valid (after repair); else null.
 * `padded`: its first line was read in pieces and padded with fillers (paddleTexts).
 */
async function paddleCandidate(image: Buffer, zone: PrintedZone, withShapes: Candidate | undefined): Promise<{ c: Candidate; padded: boolean } | null> {
  let lines: PaddleLine[];
  try {
    lines = await paddleLines(await sharp(image).png().toBuffer());
  } catch (error) {
    // the fallback is optional: without it the tesseract reading stands; but a broken install must be seen
    reportPaddleFailure(error);
    return null;
  }
  const confidence = Math.round(100 * Math.min(1, ...lines.map((l) => l.mean)));
  for (const text of paddleTexts(lines)) {
    // the glyph shapes of a tesseract reading of the same format: the positions are the same
    // — only when that reading is aligned with this one: a tesseract reading that dropped or added a character
    // would lend each position its neighbour's glyph (measured: a 275-px passport's right number "repaired" into a
    // shifted one whose digits happened to hold)
    const c = candidateOf("paddleocr", text, confidence, zone, (picked) => (withShapes && picked.format === withShapes.format && aligned(withShapes.fitted, picked.lines, picked.format) ? withShapes.shapes : undefined));
    if (c && readingHolds(c.result)) return { c, padded: !lines.some((l) => l.text.toUpperCase().replace(/\s/g, "").replace(/[«‹]/g, "<") === c.raw[0]) };
  }
  return null;
}
