import sharp from "sharp";
import type { Line, Page } from "tesseract.js";

// Where the MRZ is on an image, and how tilted (read-mrz.ts, steps 1 and 2): the page OCR's long upper-case lines
// (with room above for a line it could not read), else the bottom 40 % of the image; the skew from those lines'
// baselines, else from the band's own horizontal projection.

/**
 * `charHeight`: the median height of the MRZ lines the page OCR found, their tilt taken out (0: none found);
 * `left`/`right`: the band's horizontal extent (the whole width unless the page OCR read every MRZ line whole).
 */
export type Band = {
  top: number;
  bottom: number;
  left: number;
  right: number;
  angle: number;
  found: boolean;
  charHeight: number;
};

const MRZ_CHARS = /[A-Z0-9<«‹]/g;

/** A page-OCR line that is MRZ text: long, almost only A–Z 0–9 <, with fillers (LSTM reads '<' as '<', «, K or L). */
export function isMrzLike(text: string): boolean {
  const s = text.replace(/\s/g, "");
  return s.length >= 25 && (s.match(MRZ_CHARS)?.length ?? 0) / s.length >= 0.9 && /<|«|KKK|LLL/.test(s);
}

/** A line whose box is at least as wide as it is tall. */
export const across = (l: Pick<Line, "bbox">) => l.bbox.x1 - l.bbox.x0 >= l.bbox.y1 - l.bbox.y0;

/**
 * Which way a page's text runs, as the page OCR read it:
 * - "across": an MRZ line runs across, its fillers read as `<` pointing left (the page is upright: any such line
 *   wins, so a page read as it always was stays read that way);
 * - "down": an MRZ line runs top to bottom — tesseract's layout analysis reads a page turned 90° clockwise as lines
 *   running down, each box several times taller than wide, and reads them right only that way round;
 * - "sideways": no MRZ line, but two thirds of at least three lines of text run down: the page lies on its side,
 *   either way (a page turned counter-clockwise is read as lines running down too, as noise);
 * - null: none of these (upside down, read as noise across; or no MRZ and too little text to tell).
 */
export function pageDirection(page: Page): "across" | "down" | "sideways" | null {
  const lines = (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const down = (l: Line) => l.bbox.y1 - l.bbox.y0 >= 3 * (l.bbox.x1 - l.bbox.x0);
  const mrz = lines.filter((l) => isMrzLike(l.text));
  // read upright, a filler is '<' (or «) somewhere and never '>': an upside-down zone can pass for MRZ text (its
  // fillers read as L, `5>>6LL LL 62WH7L2L088…`), but its chevrons point the other way
  if (mrz.some((l) => across(l) && /[<«]/.test(l.text) && !/[>»]/.test(l.text))) return "across";
  if (mrz.some(down)) return "down";
  const text = lines.filter((l) => l.text.replace(/\s/g, "").length >= 4);
  return text.length >= 3 && 3 * text.filter(down).length >= 2 * text.length ? "sideways" : null;
}

/** A text line as the band is located by: tesseract's page lines, or PaddleOCR's boxes (paddleBandLines). */
export type BandLine = Pick<Line, "text" | "bbox" | "baseline">;

export function locateMrzBand(page: Page, width: number, height: number): Band {
  return locateMrzBandIn(
    (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines)),
    width,
    height,
  );
}

/**
 * PaddleOCR's text lines (whole image) as band lines: its box's corners are top-left, top-right, bottom-right,
 * bottom-left, so the bottom edge is the baseline.
 */
export function paddleBandLines(lines: readonly { text: string; box?: number[][] }[]): BandLine[] {
  return lines.flatMap(({ text, box }) => {
    if (box?.length !== 4) return [];
    const xs = box.map((p) => p[0] ?? 0),
      ys = box.map((p) => p[1] ?? 0);
    const [, , br, bl] = box as [number[], number[], number[], number[]];
    return [
      {
        text,
        bbox: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
        baseline: { x0: bl[0] ?? 0, y0: bl[1] ?? 0, x1: br[0] ?? 0, y1: br[1] ?? 0 },
      },
    ];
  });
}

export function locateMrzBandIn(lines: readonly BandLine[], width: number, height: number): Band {
  // lines across only: MRZ text read running down (a page on its side, pageDirection) is no band across the image —
  // taken for one, its "character height" was the line's length, and the band was enlarged to match (17 s of CPU)
  const candidates = lines.filter((line) => isMrzLike(line.text) && across(line));
  // the MRZ is one block of 2–3 lines: keep the lowest candidate and those just above it
  const lowest = candidates.reduce<(typeof candidates)[number] | null>(
    (low, l) => (!low || l.bbox.y1 > low.bbox.y1 ? l : low),
    null,
  );
  const reach = lowest ? (lowest.bbox.y1 - lowest.bbox.y0) * 6 : 0;
  const mrzLike = lowest ? candidates.filter((l) => l.bbox.y0 >= lowest.bbox.y0 - reach) : [];
  if (mrzLike.length === 0)
    return {
      top: Math.round(height * 0.6),
      bottom: height,
      left: 0,
      right: width,
      angle: 0,
      found: false,
      charHeight: 0,
    };
  const top = Math.min(...mrzLike.map((l) => l.bbox.y0));
  const bottom = Math.max(...mrzLike.map((l) => l.bbox.y1));
  const angles = mrzLike
    .map((l) => Math.atan2(l.baseline.y1 - l.baseline.y0, Math.max(1, l.baseline.x1 - l.baseline.x0)))
    .sort((a, b) => a - b);
  const angle = (angles[Math.floor(angles.length / 2)]! * 180) / Math.PI;
  const lineHeight = (bottom - top) / Math.max(mrzLike.length, 1);
  const drift = Math.abs(Math.tan((angle * Math.PI) / 180)) * width * 0.5;
  // fewer than three lines found: a TD1's first line may be one the page OCR could not read; keep room for it
  // (or a line below it: a visa's or passport's second line, all digits and letters with no filler, is not
  // MRZ-like to the page OCR). One line found: it may be any of a TD1's three, so there is room for two lines
  // either side, at ICAO's line pitch (LINE_PITCH) rather than at the height of a character
  const missing = mrzLike.length === 1 ? TWO_LINES : mrzLike.length < 3 ? 2.2 : 0.6;
  const below = mrzLike.length < 2 ? missing : 1.3;
  return {
    top: Math.max(0, Math.round(top - lineHeight * missing - drift)),
    bottom: Math.min(height, Math.round(bottom + lineHeight * below + drift)),
    ...horizontalExtent(mrzLike, width),
    angle,
    found: true,
    charHeight: lineHeightOf(mrzLike),
  };
}

/**
 * ICAO 9303-3 §4.3: OCR-B characters 2.0–2.7 mm high on lines 3.53 mm apart (centre to centre, TD1–TD3 alike),
 * so a line pitch of about 1.5 character heights. Where the page OCR found a single MRZ line, the two lines that
 * may lie beyond it reach 2 pitches past its edge; half a line more for the tilt and the boxes' slack. Measured on
 * PassportEye's development Swiss card (282 px, one line found): at 2.2 heights the band cut its name line off
 * and took a line of printed text above for the first, so its three lines came out shifted by one.
 */
const LINE_PITCH = 1.5;
const TWO_LINES = 2 * LINE_PITCH + 0.5;

/** The MRZ line lengths of ICAO 9303 (TD1, TD2 and MRV-B, TD3 and MRV-A). */
const LINE_LENGTHS = [30, 36, 44];

/**
 * Where the MRZ lines run across the image: a card photographed front and back side by side has the front's text
 * beside the back's MRZ, which the band would otherwise read as part of its lines (measured on the development
 * specimens: a Serbian card's two sides read as two lines of noise). Narrowed to the lines' boxes, two character
 * widths either side, only when the page OCR read every MRZ line whole (its length one of ICAO's, ±1): a line it
 * read in part would have its box cut short, and so would the band.
 */
function horizontalExtent(lines: readonly BandLine[], width: number): { left: number; right: number } {
  const whole = lines.every((l) => {
    const n = l.text.replace(/\s/g, "").length;
    return LINE_LENGTHS.some((k) => Math.abs(n - k) <= 1);
  });
  if (!whole) return { left: 0, right: width };
  const pitch = Math.max(...lines.map((l) => (l.bbox.x1 - l.bbox.x0) / l.text.replace(/\s/g, "").length));
  const left = Math.max(0, Math.floor(Math.min(...lines.map((l) => l.bbox.x0)) - 2 * pitch));
  const right = Math.min(width, Math.ceil(Math.max(...lines.map((l) => l.bbox.x1)) + 2 * pitch));
  // nothing worth cutting: keep the whole width (the reading stays as it was measured)
  return right - left < 0.8 * width ? { left, right } : { left: 0, right: width };
}

/** The median height of text lines, less what their tilt adds to their boxes. */
function lineHeightOf(lines: readonly BandLine[]): number {
  const heights = lines
    .map((l) => {
      const slope = (l.baseline.y1 - l.baseline.y0) / Math.max(1, l.baseline.x1 - l.baseline.x0);
      return l.bbox.y1 - l.bbox.y0 - Math.abs(slope) * (l.bbox.x1 - l.bbox.x0);
    })
    .sort((a, b) => a - b);
  return Math.max(1, heights[Math.floor(heights.length / 2)] ?? 0);
}

/** The skew (degrees, either way) up to which estimateSkew finds a band's angle: a band tilted more stays tilted. */
export const SKEW_RANGE = 5;

/**
 * The skew of the text lines in a band, in degrees (positive: lines descend to the right): the shear that makes
 * the row histogram of stroke pixels (darker than their 25 px neighbourhood) most peaked, within ±SKEW_RANGE.
 */
export async function estimateSkew(band: Buffer): Promise<number> {
  const W = 800;
  const grey = sharp(band).grayscale().resize({ width: W });
  const [{ data, info }, { data: local }] = await Promise.all([
    grey.clone().raw().toBuffer({ resolveWithObject: true }),
    grey.clone().blur(12).raw().toBuffer({ resolveWithObject: true }),
  ]);
  return inkAngle(data, local, W, info.height, SKEW_RANGE, 0.2);
}

/**
 * The angle of the lines of ink in a grey image (`local`: the same image blurred; ink is ≥ 25 darker than its
 * neighbourhood), within ±`range` degrees in `step`s (positive: lines descend to the right); 0 with too little ink.
 */
export function inkAngle(
  data: Uint8Array,
  local: Uint8Array,
  width: number,
  height: number,
  range: number,
  step: number,
): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (data[i]! < local[i]! - 25) {
        xs.push(x - width / 2);
        ys.push(y);
      }
    }
  }
  if (xs.length < 100) return 0;
  return projectionAngle(xs, ys, height, range, step);
}

/**
 * The angle (degrees, within ±`range`, in `step`s) whose slanted rows gather the points (x from the centre, y) most
 * tightly: the sum of squares of the row histogram is highest when lines of print run along the rows.
 */
function projectionAngle(xs: number[], ys: number[], height: number, range: number, step: number): number {
  const margin = Math.ceil(Math.max(...xs.map(Math.abs), 1) * Math.tan((range * Math.PI) / 180)) + 2;
  const hist = new Float64Array(height + 2 * margin);
  let best = -1;
  let bestAngle = 0;
  const steps = Math.round(range / step);
  for (let k = -steps; k <= steps; k++) {
    const tan = Math.tan((k * step * Math.PI) / 180);
    hist.fill(0);
    for (let p = 0; p < xs.length; p++) hist[Math.round(ys[p]! - xs[p]! * tan) + margin]! += 1;
    let score = 0;
    for (const v of hist) score += v * v;
    if (score > best) {
      best = score;
      bestAngle = k * step;
    }
  }
  return bestAngle;
}
