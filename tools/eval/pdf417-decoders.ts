// The PDF417 decoders compared by tools/eval/barcodes.ts, on the same grey pixels: the pure-JavaScript port
// @zxing/library (what production uses, read-pdf417.ts) and ZXing-C++ in WebAssembly (zxing-wasm, loaded from its
// package folder). Each runs once as it is, and once through the production's preprocessing variants, so the
// comparison is decoder against decoder, not preprocessing against none.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import sharp from "sharp";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { greyForBarcode, readPdf417, VARIANTS, type Grey } from "@/lib/engines/documents/barcode/read-pdf417";

export type Decoder = { name: string; read: (image: Buffer) => Promise<string | null> };

let ready: Promise<unknown> | null = null;
function prepareWasm(): Promise<unknown> {
  if (!ready) {
    const file = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
    // the bytes are handed over: the module must never fetch them from its default CDN
    ready = prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  }
  return ready;
}

async function wasmDecode(g: Grey, global: boolean): Promise<string | null> {
  await prepareWasm();
  const rgba = new Uint8ClampedArray(g.width * g.height * 4);
  for (let i = 0; i < g.data.length; i++) {
    rgba.fill(g.data[i]!, i * 4, i * 4 + 3);
    rgba[i * 4 + 3] = 255;
  }
  const results = await readBarcodes(
    { data: rgba, width: g.width, height: g.height, colorSpace: "srgb" },
    {
      formats: ["PDF417"],
      tryHarder: true,
      tryRotate: true,
      tryDownscale: true,
      maxNumberOfSymbols: 1,
      textMode: "Plain",
      characterSet: "ISO8859_1",
      binarizer: global ? "GlobalHistogram" : "LocalAverage",
    },
  );
  const hit = results.find((r) => r.isValid && r.bytes.length > 0);
  return hit ? Buffer.from(hit.bytes).toString("latin1") : null;
}

async function wasmWithVariants(image: Buffer, variants: typeof VARIANTS): Promise<string | null> {
  const grey = await greyForBarcode(image);
  if (!grey) return null;
  for (const v of variants) {
    const prepared = await v.make(grey);
    if (!prepared) continue;
    const text = await wasmDecode(prepared, v.binarizer === "global");
    if (text) return text;
  }
  return null;
}

export const DECODERS: readonly Decoder[] = [
  { name: "zxing-wasm, one pass", read: (i) => wasmWithVariants(i, VARIANTS.slice(0, 1)) },
  { name: "zxing-wasm + variants", read: (i) => wasmWithVariants(i, VARIANTS) },
  { name: "@zxing/library, one pass", read: async (i) => (await readPdf417(i, VARIANTS.slice(0, 1)))?.text ?? null },
  { name: "@zxing/library + variants (production)", read: async (i) => (await readPdf417(i))?.text ?? null },
];

/** For a folder of images: sharp decodes anything (PNG, JPEG, GIF, TIFF …). */
export async function loadImage(file: string): Promise<Buffer> {
  return sharp(file).png().toBuffer();
}
