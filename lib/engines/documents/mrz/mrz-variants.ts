import sharp, { type Sharp } from "sharp";
import { setting } from "@/lib/core/env";
import { toNetpbm, type RawImage } from "@/lib/engines/documents/ocr/netpbm";
import { otsu, type Grey } from "./glyphs";
import { stretchGrey } from "./grey-stretch";
import { localContrast } from "./local-contrast";

export type { RawImage };

// The preprocessing variants of an MRZ band (read-mrz.ts, step 3), in the order they are tried, and the
// binarisation level they start from. MRZ_MAX_VARIANTS (lib/core/env.ts) caps how many are read.

/** The band's width for the variants: `work` (workingWidth) times `factor`. */
export const big = (work: number, factor = 2) => Math.round(work * factor);

/**
 * The character height (px, as the page OCR's line boxes measure it) the band is brought to for the variants.
 * Chosen on the development halves of ../shared/data/mrz-specimens and ../shared/data/documents (docs/accuracy.md,
 * 2026-11-29): before, the band was scaled to 2× max(width, 1250 px), i.e. 60–110 px characters on these small
 * images; at 40 px, 11 of 19 specimens read exactly instead of 9 (an Estonian H/M and an Icelandic T/Y now right)
 * and the CPU time per image fell by a fifth; 52 px read the same zones at more cost.
 */
export const MRZ_CHAR_HEIGHT = 40;

/**
 * The band's working width (before the variants' 2×): where the page OCR measured the MRZ's character height, the
 * width that brings it to MRZ_CHAR_HEIGHT after the 2×; else the image's width, at least 1250 px (how every band
 * was read before the character height was measured).
 */
export function workingWidth(width: number, charHeight: number): number {
  if (charHeight <= 0) return Math.max(width, 1250);
  return (width * MRZ_CHAR_HEIGHT) / (2 * charHeight);
}

const open = (input: Buffer | RawImage) =>
  Buffer.isBuffer(input)
    ? sharp(input)
    : sharp(input.data, { raw: { width: input.width, height: input.height, channels: input.channels } });

/** One materialised step: sharp applies its operations in a fixed order of its own (a threshold before a
 * normalise, whatever the call order), so each step that must follow another gets its own pass. Its pixels stay
 * decoded: encoding each step as PNG and decoding it again in the next (and in tesseract) cost ~0.1 s of CPU per
 * variant for the same pixels. An alpha channel is dropped (on PassportEye's three PNGs with alpha, every
 * variant that ran before read the same lines). */
export async function step(input: Buffer | RawImage, op: (s: Sharp) => Sharp): Promise<RawImage> {
  // every variant is grey: one channel out, whatever sharp's operations leave (a threshold gives sRGB back)
  const { data, info } = await op(open(input)).toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * The band in grey, contrast stretched, at twice the working width: the base of most variants. sharp's
 * `grayscale().normalise().resize()` resizes first and stretches after; so does this, with the stretch's same bytes
 * from a table of the 256 greys (grey-stretch.ts) instead of sharp's pass through Lab in floats.
 */
export const greyBand = async (band: Buffer, width: number, factor = 2) =>
  stretchGrey(await step(band, (s) => s.grayscale().resize({ width: big(width, factor) })));

/** A variant as tesseract is handed it: a binary PGM of its pixels (netpbm.ts). */
export function toPgm(image: RawImage): Buffer {
  const pgm = image.channels === 1 ? toNetpbm(image) : null;
  if (!pgm) throw new Error(`a PGM holds one channel, not ${image.channels}`);
  return pgm;
}

export type Prep = (band: Buffer, base: RawImage, width: number, level: number) => Promise<RawImage>;
/**
 * Preprocessing variants in the order they are tried (most often right first, measured on the evaluation set).
 * `base` is greyBand(band): thresholds apply to the normalised grey, at `level` (thresholdLevel) and around it.
 */
export const MRZ_VARIANTS: readonly { name: string; prep: Prep }[] = [
  { name: "binarise", prep: (_, base, __, t) => step(base, (s) => s.threshold(t)) },
  {
    name: "sharpen-binarise",
    prep: async (_, base, __, t) => step(await step(base, (s) => s.sharpen({ sigma: 2 })), (s) => s.threshold(t)),
  },
  {
    // CLAHE (64×64 window, slope 3) of the band in grey at twice the working width, then the threshold: sharp's
    // `grayscale().clahe().resize()` resizes first and equalises after, so does this, with the same bytes
    // (local-contrast.ts: libvips' equalisation computed in WebAssembly SIMD, a fraction of its CPU)
    name: "local-contrast-binarise",
    prep: async (band, _, w, t) =>
      step(localContrast(await step(band, (s) => s.grayscale().resize({ width: big(w) }))), (s) => s.threshold(t)),
  },
  { name: "grey", prep: async (_, base) => base },
  { name: "binarise-level-minus-28", prep: (_, base, __, t) => step(base, (s) => s.threshold(t - 28)) },
  {
    name: "upscale-3x-binarise",
    prep: async (band, _, w, t) => step(await greyBand(band, w, 3), (s) => s.threshold(t)),
  },
  { name: "binarise-level-plus-32", prep: (_, base, __, t) => step(base, (s) => s.threshold(t + 32)) },
];

/**
 * The binarisation level: 128 where the band's paper (its median grey after normalising) is bright, as on almost
 * every upload; Otsu's threshold where it is not (a dim photo whose band also holds something brighter than the
 * paper, so normalising leaves the paper mid-grey): 128 would cut the paper's noise into speckle, which reads as
 * nothing and costs tesseract 10 s or more per variant.
 */
export function thresholdLevel(grey: Grey): number {
  const paper = upperMedian(grey.data) ?? 255;
  if (paper >= 170) return 128;
  const level = otsu(grey, 0, 0, grey.width, grey.height);
  // the paper must come out white: a level at or above its grey splits the paper from something brighter still
  // (the white around a card, photographed on a sheet, inside the band), not the ink from the paper — the split is
  // then made again among the pixels no brighter than the paper. Measured on a 345-px Peruvian card whose band took
  // in the gap below it: Otsu's level 190 over paper at 161 turned the whole card black, and no variant read a line
  return level < paper ? level : otsu(grey, 0, 0, grey.width, grey.height, paper);
}

/**
 * The value at index ⌊n / 2⌋ of the bytes in ascending order (null for none), from their histogram: the answer of
 * sorting a copy, without the sort (~65 ms for a 2400×700 band, ~3 ms counted).
 */
export function upperMedian(bytes: ArrayLike<number>): number | null {
  if (bytes.length === 0) return null;
  const counts = new Uint32Array(256);
  for (let i = 0; i < bytes.length; i++) counts[bytes[i]!]!++;
  const index = bytes.length >> 1;
  let below = 0;
  for (let value = 0; value < 256; value++) {
    below += counts[value]!;
    if (below > index) return value;
  }
  return null;
}

export const MAX_VARIANTS = setting("MRZ_MAX_VARIANTS") ?? MRZ_VARIANTS.length;
