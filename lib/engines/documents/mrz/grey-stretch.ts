import sharp from "sharp";
import type { RawImage } from "@/lib/engines/documents/ocr/netpbm";

// sharp's `.normalise()` of a one-channel (B_W) image, byte for byte, as a table of its 256 grey values (issue 35).
// sharp converts the whole image to CIE Lab in floats, finds the 1st and 99th percentiles of L* and stretches L*
// between them, then converts every pixel back: most of the ~0.11 s of CPU the grey band of an MRZ took at the
// variants' width (0.04 s now; the median of 240 development bands), on the critical path of every document
// (docs/benchmarks.md, "the MRZ band's grey stretched from a table"). But a grey pixel's L*, a* and b* depend on its
// grey value alone, so the stretch is a table: the percentiles are counted from the band's 256-bin histogram, and each
// grey value goes through libvips' arithmetic once.
// What is libvips' here, and where (libvips 8.18, as sharp 0.35 bundles it): the Lab values of the 256 greys come from
// sharp itself (its own conversion); sharp's Normalise (src/operations.cc: percent(1), percent(99), the stretch only
// when they are more than 1 apart, `linear(f, a)` on L*); vips_percent (hist_find of L* cast to ushort, hist_cum,
// hist_norm to `bins − 1` cast to an integer, the first bin above `percent / 100 × bins`); vips_linear in floats; the
// way back Lab → XYZ → scRGB → B_W (Lab2XYZ.c, LabQ2sRGB.c: vips_col_XYZ2scRGB, vips_col_scRGB2BW_8 with its
// interpolated sRGB table), each float operation rounded to float as C rounds it. grey-stretch.test.ts compares the
// table with sharp's own normalise for every other pair of percentiles sharp can be made to use (all 4,950 pairs were
// compared once), and whole images byte for byte. No server-only import, as mrz-variants.ts has none.

const f32 = Math.fround;

/** Round half to even, as C's rintf in the default rounding mode. */
function rint(v: number): number {
  const r = Math.round(v);
  return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

let greyLab: Promise<Float32Array> | undefined;

/** L*, a*, b* (three floats each) of the 256 grey values, as libvips converts a B_W pixel to Lab: sharp's own. */
export function labOfGreys(): Promise<Float32Array> {
  greyLab ??= sharp(Buffer.from(Array.from({ length: 256 }, (_, g) => g)), {
    raw: { width: 256, height: 1, channels: 1 },
  })
    .toColourspace("lab")
    .raw({ depth: "float" })
    .toBuffer()
    .then((bytes) => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 256 * 3 * 4)))
    .catch((error: unknown) => {
      greyLab = undefined; // a failed conversion is tried again by the next band
      throw error;
    });
  return greyLab;
}

/**
 * vips_percent of L*: the first histogram bin of L* (cast to ushort) whose cumulative count, normalised to the
 * histogram's last index and cast to an integer, is above `percent / 100` of the bins; the number of bins when none
 * is (vips_profile of nothing).
 */
function percentBin(hist: Float64Array, bins: number, percent: number): number {
  let total = 0;
  for (let i = 0; i < bins; i++) total += hist[i]!;
  const scale = f32((bins - 1) / total); // vips_hist_norm: linear(new_max / max) in floats, then cast
  const limit = (percent / 100) * bins;
  let cumulative = 0;
  for (let i = 0; i < bins; i++) {
    cumulative += hist[i]!;
    if (Math.trunc(f32(scale * f32(cumulative))) > limit) return i;
  }
  return bins;
}

/** sharp's normalise range (its `min` and `max`, integers of L*) of an image with these counts of each grey value. */
export function luminanceRange(counts: ArrayLike<number>, lab: Float32Array): { min: number; max: number } {
  const hist = new Float64Array(101);
  let top = 0;
  for (let g = 0; g < 256; g++) {
    if (!counts[g]) continue;
    const bin = Math.max(0, Math.trunc(lab[3 * g]!)); // L* is 0 … 100: cast to ushort, truncated
    hist[bin]! += counts[g]!;
    top = Math.max(top, bin);
  }
  return { min: percentBin(hist, top + 1, 1), max: percentBin(hist, top + 1, 99) };
}

const X0 = 95.047,
  Y0 = 100.0,
  Z0 = 108.8827;

/** vips_col_Lab2XYZ_helper (D65): float arguments and results, double in between. */
function labToXyz(L: number, a: number, b: number): [number, number, number] {
  let Y: number, cby: number;
  if (L < 8.0) {
    Y = f32((L * Y0) / 903.3);
    cby = 7.787 * (Y / Y0) + 16.0 / 116.0;
  } else {
    cby = (L + 16.0) / 116.0;
    Y = f32(Y0 * cby * cby * cby);
  }
  const side = (tmp: number, white: number) =>
    tmp < 0.2069 ? f32((white * (tmp - 0.13793)) / 7.787) : f32(white * tmp * tmp * tmp);
  return [side(a / 500.0 + cby, X0), Y, side(cby - b / 200.0, Z0)];
}

/** a·x + b·y + c·z with every product and sum rounded to float, as C evaluates it with float operands. */
const dot = (a: number, x: number, b: number, y: number, c: number, z: number) =>
  f32(f32(f32(f32(a) * x) + f32(f32(b) * y)) + f32(f32(c) * z));

/** vips_col_XYZ2scRGB. */
function xyzToScRgb(X: number, Y: number, Z: number): [number, number, number] {
  const x = f32(X / 100.0),
    y = f32(Y / 100.0),
    z = f32(Z / 100.0);
  return [
    dot(3.240625, x, -1.537208, y, -0.498629, z),
    dot(-0.968931, x, 1.875756, y, 0.041518, z),
    dot(0.05571, x, -0.204021, y, 1.056996, z),
  ];
}

let linearToSrgb: Int32Array | undefined;

/** libvips' 8-bit linear → sRGB table (calcul_tables: vips_Y2v_8, with its last entry repeated). */
function y2v8(): Int32Array {
  if (linearToSrgb) return linearToSrgb;
  const table = new Int32Array(257);
  const exponent = f32(1 / f32(2.4));
  const gain = f32(1 + f32(0.055));
  for (let i = 0; i < 256; i++) {
    const f = f32(i / 255);
    const v = f <= 0.0031308 ? f32(f32(12.92) * f) : f32(f32(gain * f32(Math.pow(f, exponent))) - f32(0.055));
    table[i] = rint(f32(255 * v));
  }
  table[256] = table[255]!;
  return (linearToSrgb = table);
}

/** vips_col_scRGB2BW_8: luminance, clipped, through the sRGB table with linear interpolation. */
function scRgbToGrey(R: number, G: number, B: number): number {
  const lut = y2v8();
  const Y = dot(0.2126, R, 0.7152, G, 0.0722, B);
  if (Number.isNaN(Y)) return 0;
  const Yf = Math.min(255, Math.max(0, f32(Y * 255)));
  const Yi = Math.trunc(Yf);
  return rint(f32(lut[Yi]! + f32((lut[Yi + 1]! - lut[Yi]!) * f32(Yf - Yi))));
}

/** What sharp's normalise makes of each grey value, for the range `min` … `max` of L* (max − min > 1). */
export function stretchTable(min: number, max: number, lab: Float32Array): Uint8Array {
  const f = 100.0 / (max - min);
  const a = -(min * f);
  const table = new Uint8Array(256);
  for (let g = 0; g < 256; g++) {
    const L = f32(f32(f32(f) * lab[3 * g]!) + f32(a)); // vips_linear, one constant: float arithmetic
    const [X, Y, Z] = labToXyz(L, lab[3 * g + 1]!, lab[3 * g + 2]!);
    const [R, G, B] = xyzToScRgb(X, Y, Z);
    table[g] = scRgbToGrey(R, G, B);
  }
  return table;
}

const tables = new Map<number, Uint8Array>();

/** sharp's `.normalise()` (1st and 99th percentiles) of a one-channel image: the same bytes, from a table. */
export async function stretchGrey(image: RawImage): Promise<RawImage> {
  if (image.channels !== 1) throw new Error(`the grey stretch takes one channel, not ${image.channels}`);
  const lab = await labOfGreys();
  const pixels = image.data;
  const counts = new Uint32Array(256);
  for (let i = 0; i < pixels.length; i++) counts[pixels[i]!]!++;
  const { min, max } = luminanceRange(counts, lab);
  if (Math.abs(max - min) <= 1) return image; // sharp leaves such an image as it is
  const key = min * 128 + max;
  let table = tables.get(key);
  if (!table) tables.set(key, (table = stretchTable(min, max, lab)));
  const out = Buffer.allocUnsafe(pixels.length);
  for (let i = 0; i < pixels.length; i++) out[i] = table[pixels[i]!]!;
  return { ...image, data: out };
}
