import type { Page } from "tesseract.js";
import cells from "./ocrb-cells.json";
import { otsu, type Grey, type ShapeLookup } from "./glyphs";
import type { MrzFormat } from "./icao";
import { compact, pickMrzLines, readingHolds, type Picked } from "./mrz-lines";
import { candidateOf, type Candidate } from "./mrz-candidates";
import type { PrintedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { stage } from "@/lib/engines/documents/stage-times";
import { decodeGrid } from "./grid-decode";
import { slice } from "./mrz-layout";
import { OPTIONAL } from "./mrz-repair";

// Reading an MRZ band on its fixed pitch (issue 32). ICAO 9303-3 prints the zone in OCR-B at a constant pitch, every
// position inked (fillers too), so once a line's ends and its character count are known, each character's cell is
// known without segmenting the glyphs. The legacy tesseract model segments them itself and, on small or blurred
// bands (a 298-px Dutch residence card, a 352-px Liechtenstein card: characters 7–8 px high as sent), merges,
// splits and drops characters: its lines come out with the right length but shifted, and no repair can align them.
// Here each cell is compared in grey (no threshold: a blurred stroke keeps its weight) with the OCR-B characters
// rendered into the same cell (ocrb-cells.json, tools/make/ocrb-glyphs.ts), allowing a small shift, and the best
// character of the field's class is taken. The line's ends and height come from tesseract's own boxes (it finds
// the lines well even where it misreads them); the pitch is fitted so that cell borders fall between glyphs.

export const CELL_WIDTH = 24;
export const CELL_HEIGHT = 36;
/** The cell's height around a character: its cap height plus this much above and below. */
export const CELL_MARGIN = 0.25;
export const GRID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";

/**
 * The cells, each centred on its mean and scaled to unit length: the correlation with a cell is then one dot
 * product divided by the cell's own length (ncc's arithmetic, done once per template).
 */
const TEMPLATES: [string, Float64Array][] = Object.entries(cells as Record<string, string>).map(([ch, hex]) => {
  const t = Float64Array.from(Buffer.from(hex, "hex"));
  const mean = t.reduce((a, v) => a + v, 0) / t.length;
  let norm = 0;
  for (let i = 0; i < t.length; i++) {
    t[i] = t[i]! - mean;
    norm += t[i]! ** 2;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < t.length; i++) t[i] = norm ? t[i]! / norm : 0;
  return [ch, t];
});

/** Bilinear sample of a grey image; paper (255) outside it. */
function sample(g: Grey, x: number, y: number): number {
  if (x < 0 || y < 0 || x > g.width - 1 || y > g.height - 1) return 255;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(g.width - 1, x0 + 1);
  const y1 = Math.min(g.height - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const d = g.data;
  const top = d[y0 * g.width + x0]! * (1 - fx) + d[y0 * g.width + x1]! * fx;
  const bottom = d[y1 * g.width + x0]! * (1 - fx) + d[y1 * g.width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

const SUB = [0.25, 0.75];

/**
 * The ink of one cell — `pitch` wide, centred on (cx, cy), a character `height` tall with CELL_MARGIN above and
 * below — sampled to CELL_WIDTH × CELL_HEIGHT (2×2 samples per output pixel), 0 = paper.
 */
export function cellInk(g: Grey, cx: number, cy: number, pitch: number, height: number): Float64Array {
  const out = new Float64Array(CELL_WIDTH * CELL_HEIGHT);
  const h = height * (1 + 2 * CELL_MARGIN);
  for (let j = 0; j < CELL_HEIGHT; j++) {
    for (let i = 0; i < CELL_WIDTH; i++) {
      let sum = 0;
      for (const a of SUB)
        for (const b of SUB)
          sum += sample(g, cx - pitch / 2 + ((i + a) / CELL_WIDTH) * pitch, cy - h / 2 + ((j + b) / CELL_HEIGHT) * h);
      out[j * CELL_WIDTH + i] = 255 - sum / 4;
    }
  }
  return out;
}

// The shifts tried around a cell's fitted place, in pixels of the cell's neighbourhood sampled twice as fine as a
// cell (a cell is 48 × 72 of them): ±0.125 and ±0.0625 of the pitch, ±0.104 and ±0.042 of the character height.
const FINE_X = [-6, -3, 0, 3, 6];
const FINE_Y = [-5, -2, 0, 2, 5];
const PAD_X = 6;
const PAD_Y = 5;
const FINE_W = 2 * CELL_WIDTH + 2 * PAD_X;
const FINE_H = 2 * CELL_HEIGHT + 2 * PAD_Y;

/**
 * How much the cell at (cx, cy) looks like each OCR-B character and the filler: the best normalised
 * cross-correlation over the shifts. The neighbourhood is sampled once (bilinear, at the same points cellInk's 2×2
 * samples fall on for each shift) and each shifted cell averaged from it.
 */
export function cellScores(g: Grey, cx: number, cy: number, pitch: number, height: number): Map<string, number> {
  const h = height * (1 + 2 * CELL_MARGIN);
  const sx = pitch / (2 * CELL_WIDTH);
  const sy = h / (2 * CELL_HEIGHT);
  const x0 = cx - pitch / 2 - PAD_X * sx;
  const y0 = cy - h / 2 - PAD_Y * sy;
  const fine = new Float64Array(FINE_W * FINE_H);
  for (let v = 0; v < FINE_H; v++)
    for (let u = 0; u < FINE_W; u++) fine[v * FINE_W + u] = 255 - sample(g, x0 + (u + 0.5) * sx, y0 + (v + 0.5) * sy);
  const scores = new Map<string, number>();
  const ink = new Float64Array(CELL_WIDTH * CELL_HEIGHT);
  for (const dx of FINE_X) {
    for (const dy of FINE_Y) {
      let sum = 0;
      for (let j = 0; j < CELL_HEIGHT; j++) {
        const top = (PAD_Y + dy + 2 * j) * FINE_W + PAD_X + dx;
        for (let i = 0; i < CELL_WIDTH; i++) {
          const k = top + 2 * i;
          const v = (fine[k]! + fine[k + 1]! + fine[k + FINE_W]! + fine[k + FINE_W + 1]!) / 4;
          ink[j * CELL_WIDTH + i] = v;
          sum += v;
        }
      }
      // normalised cross-correlation: the templates are centred and of unit length, so Σ ink·t / |ink − mean|
      const mean = sum / ink.length;
      let length = 0;
      for (const v of ink) length += (v - mean) ** 2;
      length = Math.sqrt(length);
      for (const [ch, template] of TEMPLATES) {
        let dot = 0;
        for (let i = 0; i < ink.length; i++) dot += ink[i]! * template[i]!;
        scores.set(ch, Math.max(scores.get(ch) ?? -1, length ? dot / length : 0));
      }
    }
  }
  return scores;
}

/** One MRZ line's geometry in the band: its first cell's left edge, the pitch, its centre line and cap height. */
export type LineGeometry = { left: number; pitch: number; height: number; centre: (x: number) => number };

type Symbol = { x0: number; y0: number; x1: number; y1: number };

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/**
 * A line's geometry from tesseract's boxes of its symbols (in the band's pixels) and the band's ink: the cap height
 * (the median box height), the tilt (least squares through the tall boxes' centres), the ends (the ink of the
 * line's rows from its first symbol to past its last) and the pitch that puts the cell borders on the least ink.
 */
export function lineGeometry(g: Grey, symbols: Symbol[], count: number): LineGeometry | null {
  if (symbols.length < count / 2) return null;
  const height = median(symbols.map((s) => s.y1 - s.y0));
  if (height < 4) return null;
  const tall = symbols.filter((s) => s.y1 - s.y0 > 0.7 * height).map((s) => [(s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2]);
  if (tall.length < 3) return null;
  const mx = tall.reduce((a, c) => a + c[0]!, 0) / tall.length;
  const my = tall.reduce((a, c) => a + c[1]!, 0) / tall.length;
  const sxx = tall.reduce((a, c) => a + (c[0]! - mx) ** 2, 0);
  const slope = sxx ? tall.reduce((a, c) => a + (c[0]! - mx) * (c[1]! - my), 0) / sxx : 0;
  const centre = (x: number) => my + slope * (x - mx);
  const threshold = otsu(g, 0, 0, g.width, g.height);
  const column = new Float64Array(g.width);
  for (let x = 0; x < g.width; x++) {
    const c = centre(x);
    for (let y = Math.max(0, Math.round(c - 0.4 * height)); y < Math.min(g.height, Math.round(c + 0.4 * height)); y++)
      if (g.data[y * g.width + x]! <= threshold) column[x]! += 1;
  }
  const first = Math.max(0, Math.round(symbols[0]!.x0 - 0.3 * height));
  const last = Math.min(g.width - 1, Math.round(symbols[symbols.length - 1]!.x1 + 2 * height));
  let start = first;
  while (start < last && column[start]! < 2) start++;
  let end = last;
  while (end > start && column[end]! < 2) end--;
  const guess = (end - start) / (count - 0.3);
  let best = { cost: Infinity, pitch: guess, left: start };
  for (let pitch = guess * 0.94; pitch <= guess * 1.06; pitch += 0.1) {
    for (let left = start - 0.5 * pitch; left <= start + 0.1 * pitch; left += 0.5) {
      if (left + count * pitch < end - 0.1 * pitch) continue;
      let cost = 0;
      for (let k = 0; k <= count; k++) {
        const x = Math.round(left + k * pitch);
        if (x >= 0 && x < g.width) cost += column[x]!;
      }
      if (cost < best.cost) best = { cost, pitch, left };
    }
  }
  return { left: best.left, pitch: best.pitch, height, centre };
}

const run = (c: "9" | "A" | "X", n: number) => c.repeat(n);

/**
 * ICAO 9303's character class of each position, line by line: 9 digits, A letters, X either (the filler anywhere);
 * a visa's optional data: either.
 */
export function charClasses(format: MrzFormat, visa: boolean): string[] {
  if (format === "TD1")
    return [
      // the document code's second character is the issuer's (US cards print C1: mrz-repair.ts)
      "AX" + run("A", 3) + run("X", 9) + "9" + run("X", 15),
      run("9", 7) + "A" + run("9", 7) + run("A", 3) + run("X", 11) + "9",
      run("A", 30),
    ];
  const length = format === "TD3" ? 44 : 36;
  const tail = visa ? run("X", length - 28) : format === "TD3" ? run("X", 14) + run("9", 2) : run("X", 7) + "9";
  return [run("A", length), run("X", 9) + "9" + run("A", 3) + run("9", 7) + "A" + run("9", 7) + tail];
}

/**
 * A zone read on the grid: its lines, the scores of every position, and whether a check digit could not decide
 * between near characters (grid-decode.ts).
 */
export type GridReading = { text: string; shapes: ShapeLookup; ambiguous: boolean };

/**
 * The zone of `picked` (a tesseract reading of the band, `page`, whose boxes are `scale` times the band's pixels)
 * read again on the fixed pitch from the grey band; null when a line's boxes cannot be found or placed.
 */
export function readGrid(g: Grey, page: Page, scale: number, picked: Picked): GridReading | null {
  const geometries = lineGeometries(g, { ocr: page, scale, picked });
  if (!geometries) return null;
  const count = picked.lines[0]!.length;
  const visa = picked.lines[0]!.startsWith("V");
  const classes = charClasses(picked.format, visa);
  const scores = geometries.map(({ left, pitch, height, centre }) =>
    Array.from({ length: count }, (_, k) => {
      const cx = left + (k + 0.5) * pitch;
      return cellScores(g, cx, centre(cx), pitch, height);
    }),
  );
  const { lines, ambiguous } = decodeGrid(picked.format, classes, scores, visa);
  // the lookup the repairs read (glyphs.ts's letters and digits): the filler is judged here, not there
  const characters = scores.map((row) => row.map((s) => new Map([...s].filter(([ch]) => ch !== "<"))));
  return { text: lines.join("\n"), ambiguous, shapes: (line, position) => characters[line]?.[position] ?? null };
}

/** A tesseract reading of the band (`ocr`, in pixels `scale` times the band's) and the zone its text matched. */
export type BoxedReading = { ocr: Page; scale: number; picked: Picked };

/**
 * The geometry of each line of a boxed reading's zone in the band `g` (lineGeometry, from the boxes of the line's
 * symbols); null when a line's boxes cannot be found or placed.
 */
export function lineGeometries(g: Grey, { ocr, scale, picked }: BoxedReading): LineGeometry[] | null {
  const pageLines = (ocr.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const geometries: LineGeometry[] = [];
  for (const [i, raw] of picked.raw.entries()) {
    const line = pageLines.find((l) => compact(l.text) === raw);
    if (!line) return null;
    const symbols = line.words
      .flatMap((w) => w.symbols)
      .slice(picked.offsets[i])
      .map(({ bbox }) => ({ x0: bbox.x0 / scale, y0: bbox.y0 / scale, x1: bbox.x1 / scale, y1: bbox.y1 / scale }));
    const geometry = lineGeometry(g, symbols, picked.lines[0]!.length);
    if (!geometry) return null;
    geometries.push(geometry);
  }
  return geometries;
}

/** The reading with the zone its text matched; null when it matched none. */
export function boxedReading(ocr: Page, scale: number): BoxedReading | null {
  const picked = pickMrzLines(ocr.text);
  return picked ? { ocr, scale, picked } : null;
}

/**
 * The zone read again on its fixed pitch where tesseract boxed its lines (read-mrz.ts, the reader of last resort:
 * only when none of the readings so far, `others`, holds — where one does, the grid's O/0 and B/8 in a number would
 * only compete with it, docs/accuracy.md); a candidate only when its check digits told every near character apart, its reading holds after repair (as
 * PaddleOCR's fallback: a reading whose check digits fail adds nothing to the variants' own), and its optional data
 * is what another reading of the zone (`others`) read too (optionalCorroborated).
 */
export async function gridCandidate(
  grey: Grey,
  boxed: BoxedReading,
  zone: PrintedZone,
  others: readonly Candidate[],
): Promise<Candidate | null> {
  if (others.some((o) => readingHolds(o.result))) return null;
  const grid = await stage("MRZ: grid reading", async () => readGrid(grey, boxed.ocr, boxed.scale, boxed.picked));
  if (!grid || grid.ambiguous) return null;
  const c = candidateOf("glyph grid", grid.text, boxed.ocr.confidence, zone, () => grid.shapes);
  return c && readingHolds(c.result) && optionalCorroborated(c, others) ? c : null;
}

/**
 * Whether every optional data field of `c` (mrz-repair.ts's OPTIONAL: covered by the composite alone, or TD3's
 * personal number) reads as in another reading of the same layout. A misread there has no digit of its own to
 * catch it, and with a near character taken in the document number it can make up for a check digit printed wrong:
 * measured on PassportEye's US card printed with two wrong digits, sent turned, the grid read its optional data's
 * `EAC` as `FAC` and the number's `5` as `S`, and every digit held. Every other reader of that card read `EAC`.
 */
export function optionalCorroborated(c: Candidate, others: readonly Candidate[]): boolean {
  const same = others.filter((o) => o.format === c.format && o.lines.length === c.lines.length);
  return OPTIONAL[c.format].every((span) => same.some((o) => slice(o.lines, span) === slice(c.lines, span)));
}
