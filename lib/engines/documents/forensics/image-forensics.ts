import "server-only";
import sharp from "sharp";
import { blockSad } from "./block-sad";

// Cheap image signals for the document checks: error level analysis, sharpness, glare, resolution and a
// perceptual hash. All work on the stored (normalised) upload: normalize-upload.ts re-encodes every JPEG/HEIC/
// WebP at quality 92 and keeps PNG lossless, so a region pasted in before the upload keeps its own compression
// history while the rest of the page shares one — that difference is what ELA sees.

export type Ela = {
  /** robust z-score of the most outlying 3×3-block window (how far its error level departs from the page's own) */
  score: number;
  /** the re-save quality at which that window stood out */
  quality: number;
  /** blocks (16 px) of that window and around it above the threshold's z */
  hotBlocks: number;
  box: { x: number; y: number; w: number; h: number } | null;
};

const BLOCK = 16;
const WINDOW = 3;
/** qualities probed for the page's compression history; REFERENCE normalises each block's content */
const PROBES = [70, 75, 80, 85, 90] as const;
const REFERENCE = 60;
/** blocks whose error at the reference quality is below this (grey levels) are flat: no evidence either way */
const MIN_TEXTURE = 1;

/**
 * Block-wise error level analysis against the document's own distribution ("JPEG ghosts"). A page saved once at
 * quality q₀ re-compresses almost losslessly at q₀: its error at q₀, relative to its error at a low reference
 * quality (which normalises for the block's content — text edges, flat paper), dips. A region pasted in later, or
 * re-saved at another quality, carries another history and does not dip with the rest. For each probe quality q:
 * log(error_q / error_60) per 16×16 block on the grey image, robust z-scores against the page's median and MAD
 * (textured blocks only), averaged over 3×3-block windows; score = the highest window over the probes. Uploads are
 * re-encoded at quality 92 by the upload normaliser, which all blocks share, so it does not mask the ghost.
 */
export async function errorLevel(image: Buffer): Promise<Ela> {
  const { data: a, info } = await sharp(image).grayscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const bw = Math.floor(width / BLOCK);
  const bh = Math.floor(height / BLOCK);
  const none: Ela = { score: 0, quality: 0, hotBlocks: 0, box: null };
  if (bw < WINDOW || bh < WINDOW) return none;
  const errorAt = async (quality: number): Promise<Float64Array> => {
    // without optimised Huffman tables: the re-save is only decoded again, and the tables change its size, never
    // its pixels (the decoded bytes are identical; the encode takes half the time). Saved and read back as a
    // one-channel (b-w) JPEG: left to its default, sharp writes the grey page as a three-channel sRGB JPEG, then
    // decodes three channels and converts them to grey again. A grey pixel's chroma is exactly neutral in the JPEG's
    // YCbCr, so the grey read back is the same byte either way: every pixel at every quality of the 102 images of
    // ../shared/data (mrz-specimens, documents, face-pad) and of 30 generated pages, genuine and forged, compared
    // 2026-12-07 (docs/benchmarks.md, "error level analysis in one channel"), at less than half the cost (~13
    // instead of ~31 ms per quality on a 1250×880 page).
    const resaved = await sharp(a, { raw: { width, height, channels: 1 } })
      .toColourspace("b-w")
      .jpeg({ quality, optimiseCoding: false })
      .toBuffer();
    const { data: b } = await sharp(resaved).toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
    // the sum of |a - b| over each 16×16 block (integers, in WebAssembly SIMD: block-sad.ts), as a mean per pixel
    return Float64Array.from(blockSad(a, b, width, bw, bh), (sum) => sum / (BLOCK * BLOCK));
  };
  const [reference, ...probes] = await Promise.all([errorAt(REFERENCE), ...PROBES.map(errorAt)]);
  const textured = Array.from(reference!, (v) => v > MIN_TEXTURE);
  if (textured.filter(Boolean).length < 50) return none;
  let best = none;
  probes.forEach((errors, pi) => {
    const ratio = Float64Array.from(errors, (v, k) => Math.log((v + 0.05) / (reference![k]! + 0.05)));
    // typed arrays' own numeric sort (no comparator called per pair): the same order of the same values
    const values = ratio.filter((_, k) => textured[k]).sort();
    const median = values[Math.floor(values.length / 2)]!;
    const deviations = values.map((v) => Math.abs(v - median)).sort();
    const mad = deviations[Math.floor(deviations.length / 2)]! * 1.4826 + 1e-3;
    const z = Float64Array.from(ratio, (v, k) => (textured[k] ? (v - median) / mad : 0));
    for (let y = 0; y + WINDOW <= bh; y++) {
      for (let x = 0; x + WINDOW <= bw; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = 0; dy < WINDOW; dy++)
          for (let dx = 0; dx < WINDOW; dx++) {
            const k = (y + dy) * bw + x + dx;
            if (textured[k]) {
              sum += z[k]!;
              n++;
            }
          }
        if (n * 2 < WINDOW * WINDOW) continue;
        const score = sum / n;
        if (score > best.score) {
          // the window's neighbourhood: blocks within 2 windows that stand out on their own
          const hot: number[] = [];
          for (let yy = Math.max(0, y - WINDOW); yy < Math.min(bh, y + 2 * WINDOW); yy++) {
            for (let xx = Math.max(0, x - 2 * WINDOW); xx < Math.min(bw, x + 3 * WINDOW); xx++)
              if (textured[yy * bw + xx] && z[yy * bw + xx]! >= HOT_Z) hot.push(yy * bw + xx);
          }
          const xs = hot.map((k) => (k % bw) * BLOCK);
          const ys = hot.map((k) => Math.floor(k / bw) * BLOCK);
          const box = hot.length
            ? {
                x: Math.min(...xs),
                y: Math.min(...ys),
                w: Math.max(...xs) + BLOCK - Math.min(...xs),
                h: Math.max(...ys) + BLOCK - Math.min(...ys),
              }
            : null;
          best = { score: round(score), quality: PROBES[pi]!, hotBlocks: hot.length, box };
        }
      }
    }
  });
  return best;
}

const HOT_Z = 3;

export type Quality = { width: number; height: number; sharpness: number; glare: number };

/**
 * Sharpness = variance of the Laplacian on a 1000 px wide grey copy (low = blurred). Glare = the share of the image
 * covered by large blown-out blobs without texture: connected regions of pixels ≥ 254 (600 px wide copy, slight
 * blur against JPEG noise) of at least 0.5 % of the image whose rows are solid — a specular highlight washes the
 * print out, whereas a white paper zone (an MRZ background) that is clipped keeps its text as holes in the blob.
 */
export async function imageQuality(image: Buffer): Promise<Quality> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const { data } = await sharp(image)
    .grayscale()
    .resize({ width: 1000 })
    .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], offset: 128 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let s = 0;
  let s2 = 0;
  for (const v of data) {
    s += v;
    s2 += v * v;
  }
  const n = data.length;
  return { width, height, sharpness: round(s2 / n - (s / n) ** 2), glare: round(await glareShare(image), 4) };
}

const GLARE_LEVEL = 254;
const GLARE_MIN_BLOB = 0.005;
const GLARE_MAX_HOLES = 0.05;

export async function glareShare(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image)
    .grayscale()
    .resize({ width: 600 })
    .blur(0.6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const seen = new Uint8Array(W * H);
  let glare = 0;
  const stack: number[] = [];
  for (let i = 0; i < W * H; i++) {
    if (data[i]! < GLARE_LEVEL || seen[i]) continue;
    // flood fill, keeping each row's extent: pixels inside a row's extent that are not part of the blob are holes
    const rows = new Map<number, { min: number; max: number; n: number }>();
    let area = 0;
    stack.push(i);
    seen[i] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % W;
      const y = (p - x) / W;
      area++;
      const r = rows.get(y);
      if (r) {
        r.min = Math.min(r.min, x);
        r.max = Math.max(r.max, x);
        r.n++;
      } else rows.set(y, { min: x, max: x, n: 1 });
      if (x > 0 && !seen[p - 1] && data[p - 1]! >= GLARE_LEVEL) {
        seen[p - 1] = 1;
        stack.push(p - 1);
      }
      if (x < W - 1 && !seen[p + 1] && data[p + 1]! >= GLARE_LEVEL) {
        seen[p + 1] = 1;
        stack.push(p + 1);
      }
      if (y > 0 && !seen[p - W] && data[p - W]! >= GLARE_LEVEL) {
        seen[p - W] = 1;
        stack.push(p - W);
      }
      if (y < H - 1 && !seen[p + W] && data[p + W]! >= GLARE_LEVEL) {
        seen[p + W] = 1;
        stack.push(p + W);
      }
    }
    if (area < GLARE_MIN_BLOB * W * H) continue;
    let span = 0;
    for (const r of rows.values()) span += r.max - r.min + 1;
    if ((span - area) / span <= GLARE_MAX_HOLES) glare += area;
  }
  return glare / (W * H);
}

/** A 256-bit difference hash (17×16 grey, neighbours compared), hex: near-duplicate images differ in few bits. */
export async function differenceHash(image: Buffer): Promise<string> {
  const { data } = await sharp(image)
    .grayscale()
    .resize(17, 16, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let hex = "";
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x += 4) {
      let nibble = 0;
      for (let k = 0; k < 4; k++) nibble = (nibble << 1) | (data[y * 17 + x + k]! > data[y * 17 + x + k + 1]! ? 1 : 0);
      hex += nibble.toString(16);
    }
  }
  return hex;
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
