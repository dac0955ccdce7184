// The PDF417 decoders compared by scripts/eval/barcodes.ts, on the same grey pixels: ZXing-C++ in WebAssembly
// (zxing-wasm, what production uses through read-pdf417.ts) and the pure-JavaScript port @zxing/library. Each runs
// once as it is, and once through the production's preprocessing variants, so the comparison is decoder against
// decoder, not preprocessing against none.
import { createRequire } from "node:module";
import sharp from "sharp";
import { greyForBarcode, readPdf417, VARIANTS } from "@/lib/processes/document-verification/read-pdf417";

const require = createRequire(import.meta.url);
// @zxing/library ships CommonJS only
const ZX = require("@zxing/library") as typeof import("@zxing/library");

type Grey = { data: Buffer; width: number; height: number };
export type Decoder = { name: string; read: (image: Buffer) => Promise<string | null> };

function libraryDecode(g: Grey, global: boolean): string | null {
  const source = new ZX.RGBLuminanceSource(new Uint8ClampedArray(g.data), g.width, g.height);
  const bitmap = new ZX.BinaryBitmap(global ? new ZX.GlobalHistogramBinarizer(source) : new ZX.HybridBinarizer(source));
  try {
    const result = new ZX.PDF417Reader().decode(bitmap, new Map([[ZX.DecodeHintType.TRY_HARDER, true]]));
    // the library decodes byte-mode PDF417 as Latin-1 text (it gives no raw bytes for PDF417)
    return result.getText() || null;
  } catch {
    return null;
  }
}

async function libraryWithVariants(image: Buffer, variants: typeof VARIANTS): Promise<string | null> {
  const grey = await greyForBarcode(image);
  if (!grey) return null;
  for (const v of variants) {
    const prepared = await v.make(grey);
    if (!prepared) continue;
    const text = libraryDecode(prepared, v.options?.binarizer === "GlobalHistogram");
    if (text) return text;
  }
  return null;
}

export const DECODERS: readonly Decoder[] = [
  { name: "zxing-wasm, one pass", read: async (i) => (await readPdf417(i, VARIANTS.slice(0, 1)))?.text ?? null },
  { name: "zxing-wasm + variants (production)", read: async (i) => (await readPdf417(i))?.text ?? null },
  { name: "@zxing/library, one pass", read: (i) => libraryWithVariants(i, VARIANTS.slice(0, 1)) },
  { name: "@zxing/library + variants", read: (i) => libraryWithVariants(i, VARIANTS) },
];

/** For a folder of images: sharp decodes anything (PNG, JPEG, GIF, TIFF …). */
export async function loadImage(file: string): Promise<Buffer> {
  return sharp(file).png().toBuffer();
}
