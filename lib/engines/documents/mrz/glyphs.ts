import templates from "./ocrb-glyphs.json";

// The shapes of MRZ characters: ICAO 9303-3 prints the MRZ in OCR-B, so a character cut out of the band can be
// compared with the OCR-B glyphs themselves. This is what settles the look-alikes the legacy tesseract model and
// the check digits cannot (O/0, I/1, A/4, W/N … in a document number: several swaps keep the check digits valid):
// mrz-repair.ts takes, among the readings whose check digits hold, the one these shapes support best.
//
// A glyph is normalised the same way on both sides: Otsu's threshold inside its box, the ink's bounding box
// scaled to GLYPH_HEIGHT rows with its aspect kept (O is wider than 0 in OCR-B), centred in GLYPH_WIDTH columns.
// The reference glyphs (ocrb-glyphs.json) are rendered by tools/make/ocrb-glyphs.ts from the public-domain
// OCR-B font of Debian's fonts-ocr-b through libvips/pango (not the canvas the test documents are drawn with).

export const GLYPH_WIDTH = 20;
export const GLYPH_HEIGHT = 28;
export const GLYPH_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export type Grey = { data: Uint8Array; width: number; height: number };
export type Box = { x0: number; y0: number; x1: number; y1: number };
/** A normalised glyph: GLYPH_WIDTH × GLYPH_HEIGHT, 1 = ink. */
export type Glyph = Uint8Array;

/**
 * Otsu's threshold of a region of a greyscale image: the level that best splits it into ink and paper. `ceiling`:
 * only the pixels no brighter than it count (the split among the darker ones).
 */
export function otsu(img: Grey, x0: number, y0: number, x1: number, y1: number, ceiling = 255): number {
  const hist = new Array<number>(256).fill(0);
  let n = 0;
  let sum = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = img.data[y * img.width + x]!;
      if (v > ceiling) continue;
      hist[v]! += 1;
      sum += v;
      n += 1;
    }
  }
  let sumBelow = 0;
  let below = 0;
  let best = -1;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    below += hist[t]!;
    if (below === 0) continue;
    const above = n - below;
    if (above === 0) break;
    sumBelow += t * hist[t]!;
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The glyph inside `box` of a greyscale image (dark ink on light paper), or null when the box holds no ink. */
export function normaliseGlyph(img: Grey, box: Box): Glyph | null {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(img.width, Math.ceil(box.x1));
  const y1 = Math.min(img.height, Math.ceil(box.y1));
  if (x1 - x0 < 2 || y1 - y0 < 4) return null;
  const threshold = otsu(img, x0, y0, x1, y1);
  const ink = (x: number, y: number) => img.data[y * img.width + x]! <= threshold;
  let ix0 = x1;
  let iy0 = y1;
  let ix1 = -1;
  let iy1 = -1;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (!ink(x, y)) continue;
      ix0 = Math.min(ix0, x);
      ix1 = Math.max(ix1, x);
      iy0 = Math.min(iy0, y);
      iy1 = Math.max(iy1, y);
    }
  }
  if (ix1 < 0) return null;
  const scale = GLYPH_HEIGHT / (iy1 - iy0 + 1);
  const width = Math.min(GLYPH_WIDTH, (ix1 - ix0 + 1) * scale);
  const left = (GLYPH_WIDTH - width) / 2;
  const out = new Uint8Array(GLYPH_WIDTH * GLYPH_HEIGHT);
  for (let y = 0; y < GLYPH_HEIGHT; y++) {
    const sy = Math.min(iy1, Math.round(iy0 + y / scale));
    for (let x = 0; x < GLYPH_WIDTH; x++) {
      if (x < left || x >= left + width) continue;
      const sx = Math.min(ix1, Math.round(ix0 + (x - left) / scale));
      out[y * GLYPH_WIDTH + x] = ink(sx, sy) ? 1 : 0;
    }
  }
  return out;
}

/** Normalised cross-correlation of two glyphs (or any two pixel arrays of one size), −1 … 1. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < a.length; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= a.length;
  mb /= b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! - ma;
    const y = b[i]! - mb;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa && bb ? ab / Math.sqrt(aa * bb) : 0;
}

/** A glyph as rows of '#' (ink) and '.', the form ocrb-glyphs.json stores. */
export function glyphRows(glyph: Glyph): string[] {
  return Array.from({ length: GLYPH_HEIGHT }, (_, y) =>
    Array.from(glyph.subarray(y * GLYPH_WIDTH, (y + 1) * GLYPH_WIDTH), (v) => (v ? "#" : ".")).join(""),
  );
}

const REFERENCE = new Map<string, Glyph>(
  Object.entries(templates as Record<string, string[]>).map(([ch, rows]) => [
    ch,
    Uint8Array.from(rows.join(""), (c) => (c === "#" ? 1 : 0)),
  ]),
);

/** How much a glyph looks like each OCR-B character (correlation with the reference glyph), A–Z and 0–9. */
export function shapeScores(glyph: Glyph): Map<string, number> {
  const scores = new Map<string, number>();
  for (const [ch, reference] of REFERENCE) scores.set(ch, correlation(glyph, reference));
  return scores;
}

/**
 * The shape evidence of one reading: how much the glyph at (line, position) of the fitted MRZ looks like each
 * character (glyphs.ts), or null where it cannot be cut out (no character box, or one the length fix moved).
 */
export type ShapeLookup = (line: number, position: number) => ReadonlyMap<string, number> | null;

/**
 * Below this correlation with both letters a glyph is no evidence for either (cut out badly, or too blurred to hold a
 * shape: a 397-px Japanese passport's M correlated 0.34 with V, its best, and less with H and M). There the
 * readings decide: the second reader's letter is taken when more of the other readings of the same zone have it.
 */
export const SHAPE_SILENT = 0.5;
