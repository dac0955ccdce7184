import "server-only";
import {
  BinaryBitmap,
  DecodeHintType,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  PDF417Reader,
  RGBLuminanceSource,
} from "@zxing/library";
import sharp, { type Sharp } from "sharp";
import { inkAngle } from "@/lib/engines/documents/mrz/mrz-band";

// The PDF417 barcode on the back of a US/Canadian licence or ID card, read with @zxing/library (the ZXing
// project's TypeScript port: plain JavaScript, nothing to load at run time). Chosen over ZXing-C++ in WebAssembly
// (zxing-wasm) by measurement: the same read rate on generated licence backs, and more of ZXing's own public PDF417
// test images (docs/accuracy.md). The photo is decoded once by sharp, bounded in size, and read as a small ordered
// list of preprocessing variants, stopping at the first read; the order was chosen on the development seed of the
// generated backs (tools/eval/barcodes.ts), never on the hold-out seed.

export type Pdf417Reading = {
  /** the decoded bytes as Latin-1: exactly the barcode's text, with its LF/RS/CR separators */
  text: string;
  /** the preprocessing that made it readable */
  variant: string;
  position: { x: number; y: number; width: number; height: number } | null;
};

/** Photos are read at most this wide: a card's barcode is legible far below it, and the work stays bounded. */
export const MAX_BARCODE_WIDTH = 2000;

export type Grey = { data: Buffer; width: number; height: number };
/** `binarizer`: ZXing's local (hybrid, the default) or global-histogram threshold */
export type Variant = { name: string; make: (grey: Grey) => Promise<Grey | null>; binarizer?: "global" };

// one channel out, whatever sharp's pipeline made of it (a raw one-channel input comes back as three otherwise)
const fromSharp = async (image: Sharp): Promise<Grey> => {
  const { data, info } = await image.toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
const raw = (g: Grey) => sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });

/**
 * The tilt of the card's rows, in degrees (positive: rising to the right), within ±15°: the angle along which its
 * ink (card print, text lines, the barcode's rows) gathers into the sharpest row profile, on a 500 px copy (the
 * MRZ's deskew, mrz-band.ts, over a wider range). ZXing's PDF417 detector reads rows tilted by a few degrees only
 * (measured: −2° to +4°), but tolerates bars slanted by a shear; so the rows are levelled and the bars left.
 */
export async function estimateTilt(g: Grey): Promise<number> {
  const W = 500;
  const small = raw(g).resize({ width: W });
  const [{ data, height }, { data: local }] = await Promise.all([
    fromSharp(small.clone()),
    fromSharp(small.clone().blur(8)),
  ]);
  // sharp's rotate() turns clockwise: a row rising to the right is levelled by a positive angle
  return -inkAngle(data, local, W, height, 15, 0.5);
}

// In this order (measured on the development seed): most backs read as they are; a small or distant code needs
// more pixels per module; blur and dim light need contrast back; glare a local (not global) threshold.
export const VARIANTS: readonly Variant[] = [
  { name: "as-is", make: async (g) => g },
  {
    name: "levelled",
    make: async (g) => {
      const tilt = await estimateTilt(g);
      return Math.abs(tilt) < 1.5 ? null : fromSharp(raw(g).rotate(tilt, { background: "#808080" }));
    },
  },
  {
    name: "enlarged",
    make: async (g) =>
      g.width * 2 > MAX_BARCODE_WIDTH * 1.5 ? null : fromSharp(raw(g).resize({ width: g.width * 2, kernel: "cubic" })),
  },
  { name: "sharpened", make: async (g) => fromSharp(raw(g).normalise().sharpen({ sigma: 1.5, m1: 1, m2: 3 })) },
  { name: "global-threshold", make: async (g) => g, binarizer: "global" },
  { name: "contrast", make: async (g) => fromSharp(raw(g).clahe({ width: 64, height: 64, maxSlope: 4 })) },
];

const HINTS = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);

/** One decode of grey pixels; ZXing signals "no barcode" by throwing. */
export function decodeGrey(g: Grey, binarizer?: "global"): Omit<Pdf417Reading, "variant"> | null {
  const source = new RGBLuminanceSource(
    new Uint8ClampedArray(g.data.buffer, g.data.byteOffset, g.data.length),
    g.width,
    g.height,
  );
  const bitmap = new BinaryBitmap(
    binarizer === "global" ? new GlobalHistogramBinarizer(source) : new HybridBinarizer(source),
  );
  try {
    const result = new PDF417Reader().decode(bitmap, HINTS);
    const text = result.getText();
    if (!text) return null;
    const points = result.getResultPoints().filter(Boolean);
    const xs = points.map((p) => p.getX());
    const ys = points.map((p) => p.getY());
    return {
      // byte-compacted data decodes as ISO-8859-1 (no ECI on AAMVA cards): the text is the barcode's bytes
      text,
      position: points.length
        ? {
            x: Math.round(Math.min(...xs)),
            y: Math.round(Math.min(...ys)),
            width: Math.round(Math.max(...xs) - Math.min(...xs)),
            height: Math.round(Math.max(...ys) - Math.min(...ys)),
          }
        : null,
    };
  } catch {
    return null;
  }
}

/** The grey photo, EXIF-rotated and at most MAX_BARCODE_WIDTH wide; null when it is no image sharp can decode. */
export async function greyForBarcode(image: Buffer): Promise<Grey | null> {
  try {
    return await fromSharp(
      sharp(image, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: MAX_BARCODE_WIDTH, withoutEnlargement: true })
        .greyscale(),
    );
  } catch {
    return null;
  }
}

/** The first PDF417 barcode of the photo, trying the variants in order; null when none reads. */
export async function readPdf417(
  image: Buffer,
  variants: readonly Variant[] = VARIANTS,
): Promise<Pdf417Reading | null> {
  const grey = await greyForBarcode(image);
  if (!grey || grey.width < 20 || grey.height < 20) return null;
  for (const variant of variants) {
    const prepared = await variant.make(grey);
    if (!prepared) continue;
    const hit = decodeGrey(prepared, variant.binarizer);
    if (hit) return { ...hit, variant: variant.name };
  }
  return null;
}
