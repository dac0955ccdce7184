import "server-only";
import type { ParseResult } from "mrz";
import sharp, { type Sharp } from "sharp";
import type { Page } from "tesseract.js";
import type { MrzFormat } from "./icao";
import { compositeHolds, paddleTexts, pickMrzLines, repairLines, safeParse, voteLines } from "./mrz-repair";
import type { OcrEngine } from "./ocr-engine";
import { paddleLines, type PaddleLine } from "./paddle-engine";
import type { PrintedZone } from "./printed-zone";

// Reading the machine-readable zone of one side of a document.
//  1. Locate: the page OCR (already run for the printed fields) finds the MRZ as long upper-case lines. Without
//     such lines, the bottom 40 % of the image is read (where TD1/TD2/TD3 put it).
//  2. Deskew: by the baseline angle of the MRZ lines the page OCR found; where it found none, by the band's own
//     estimate (the rotation that makes the horizontal projection of the dark strokes sharpest, ±5° in 0.2° steps).
//  3. Read: several preprocessing variants of the band (thresholds, unsharp mask, CLAHE, 3× enlargement …) through
//     the legacy engine with an A–Z 0–9 < whitelist (ocr-engine.ts), in an order measured on the evaluation set.
//     Every reading is repaired (mrz-repair.ts: only where the ICAO field type and the check digits agree) and
//     the reading stops as soon as one is fully valid. Otherwise a character-wise vote over all readings is tried.
//  3b. Fallback: when no variant gives a fully valid reading, PaddleOCR (paddle-engine.ts) reads the straightened
//     band, then the whole image; its reading is taken only when it is fully check-digit valid after repair, so
//     a document whose check digit is really wrong still cannot be "read" as valid (and the time of the common
//     case, settled by tesseract, is unchanged).
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
  return { top: Math.max(0, Math.round(top - lineHeight * 0.6 - drift)), bottom: Math.min(height, Math.round(bottom + lineHeight * 1.3 + drift)), angle, found: true };
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

type Prep = (s: Sharp, width: number) => Sharp;
const big = (width: number, factor = 2) => Math.max(width, 1250) * factor;
/** Preprocessing variants in the order they are tried (most often right first, measured on the evaluation set). */
export const MRZ_VARIANTS: readonly { name: string; prep: Prep }[] = [
  { name: "threshold", prep: (s, w) => s.grayscale().normalise().resize({ width: big(w) }).threshold(128) },
  { name: "unsharp", prep: (s, w) => s.grayscale().normalise().resize({ width: big(w) }).sharpen({ sigma: 2 }).threshold(128) },
  { name: "clahe", prep: (s, w) => s.grayscale().clahe({ width: 64, height: 64 }).resize({ width: big(w) }).threshold(128) },
  { name: "grey", prep: (s, w) => s.grayscale().normalise().resize({ width: big(w) }) },
  { name: "threshold-100", prep: (s, w) => s.grayscale().normalise().resize({ width: big(w) }).threshold(100) },
  { name: "upscale-3x", prep: (s, w) => s.grayscale().normalise().resize({ width: big(w, 3) }).threshold(128) },
  { name: "threshold-160", prep: (s, w) => s.grayscale().normalise().resize({ width: big(w) }).threshold(160) },
];
const MAX_VARIANTS = Number(process.env.MRZ_MAX_VARIANTS ?? MRZ_VARIANTS.length);

export type Candidate = { variant: string; format: MrzFormat; raw: string[]; fitted: string[]; lines: string[]; repairs: string[]; result: ParseResult; confidence: number };

const validCount = (r: ParseResult) => r.details.filter((d) => d.valid).length;
const key = (c: { format: string; lines: string[] }) => `${c.format}:${c.lines.join("\n")}`;

/** One variant's OCR text → a repaired candidate (null: no MRZ-shaped text, or not parseable). */
export function candidateOf(variant: string, text: string, confidence: number, zone: PrintedZone): Candidate | null {
  const picked = pickMrzLines(text);
  if (!picked) return null;
  const { lines, repairs } = repairLines(picked.format, picked.lines, zone);
  const result = safeParse(lines);
  return result ? { variant, format: picked.format, raw: picked.raw, fitted: picked.lines, lines, repairs, result, confidence } : null;
}

/** Whether more variants are worth reading: not once a reading is fully valid. */
export function settled(candidates: readonly Candidate[]): boolean {
  return candidates.some((c) => c.result.valid);
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
      const v = candidateOf("vote", voted.join("\n"), Math.min(...same.map((c) => c.confidence)), zone);
      if (v) pool.push({ ...v, raw: same[0]!.raw });
    }
  }
  const support = new Map<string, number>();
  for (const c of candidates) support.set(key(c), (support.get(key(c)) ?? 0) + 1);
  const score = (c: Candidate) => (c.result.valid ? 1e6 : 0) + (support.get(key(c)) ?? 0) * 1e3 + validCount(c.result) * 10 + (compositeHolds(c.format, c.lines) ? 1 : 0);
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
  for (const { name, prep } of MRZ_VARIANTS.slice(0, MAX_VARIANTS)) {
    const ocr = await engine.readMrz(await prep(sharp(straight), width).png().toBuffer());
    variants += 1;
    const c = candidateOf(name, ocr.text, ocr.confidence, zone);
    if (c) candidates.push(c);
    if (settled(candidates)) break;
    // a reading two variants agree on whose only fault is one check digit (a document that carries a wrong one):
    // more variants would not change it
    if (candidates.length >= 2 && certainFault(candidates)) break;
  }
  if (!settled(candidates)) {
    for (const source of [straight, image]) {
      const c = await paddleCandidate(source, zone);
      if (c) {
        candidates.push(c);
        break;
      }
    }
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

const CHECK_FIELDS = new Set(["documentNumberCheckDigit", "birthDateCheckDigit", "expirationDateCheckDigit", "personalNumberCheckDigit", "compositeCheckDigit"]);

/**
 * A reading enough variants agree on whose only fault is a wrong check digit of the kind decide.ts declines on: a
 * field's digit failing under a composite that holds (2 identical readings), or the composite alone (3). A field
 * digit failing together with the composite is what one misread character does: more variants are read then.
 */
function certainFault(candidates: readonly Candidate[]): boolean {
  const counts = new Map<string, number>();
  for (const c of candidates) {
    const invalid = c.result.details.filter((d) => !d.valid);
    if (invalid.length === 0 || !invalid.every((d) => d.field && CHECK_FIELDS.has(d.field))) continue;
    const compositeFails = invalid.some((d) => d.field === "compositeCheckDigit");
    const fieldFails = invalid.some((d) => d.field !== "compositeCheckDigit");
    if (compositeFails && fieldFails) continue;
    const k = key(c);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (counts.get(k)! >= (compositeFails ? 3 : 2)) return true;
  }
  return false;
}

/** PaddleOCR's reading of an image as a candidate, only when fully check-digit valid (after repair); else null. */
async function paddleCandidate(image: Buffer, zone: PrintedZone): Promise<Candidate | null> {
  let lines: PaddleLine[];
  try {
    lines = await paddleLines(await sharp(image).png().toBuffer());
  } catch {
    return null; // the fallback is optional: without it the tesseract reading stands
  }
  const confidence = Math.round(100 * Math.min(1, ...lines.map((l) => l.mean)));
  for (const text of paddleTexts(lines)) {
    const c = candidateOf("paddleocr", text, confidence, zone);
    if (c?.result.valid) return c;
  }
  return null;
}
