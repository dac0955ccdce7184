// Renders the reference glyphs of lib/engines/documents/mrz/glyphs.ts into ocrb-glyphs.json: each MRZ
// character (A–Z, 0–9) in OCR-B through libvips/pango (sharp's text input), normalised exactly as a glyph cut out
// of an upload is. The font is the public-domain OCR-B of Debian's fonts-ocr-b (apt-get install fonts-ocr-b, or
// OCRB_FONT=/path/to/OCRB.otf). Run after changing the normalisation:
//   node --import tsx tools/make/ocrb-glyphs.ts
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { GLYPH_CHARS, glyphRows, normaliseGlyph } from "@/lib/engines/documents/mrz/glyphs";

const font = process.env.OCRB_FONT ?? "/usr/share/fonts/opentype/ocr-b/OCRB.otf";

async function render(ch: string): Promise<string[]> {
  // white ink on black, 3 channels: the first channel, inverted, is dark ink on light paper
  const { data, info } = await sharp({ text: { text: ch, font: "OCR B 96", fontfile: font, dpi: 72 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i++) grey[i] = 255 - data[i * info.channels]!;
  const glyph = normaliseGlyph(
    { data: grey, width: info.width, height: info.height },
    { x0: 0, y0: 0, x1: info.width, y1: info.height },
  );
  if (!glyph) throw new Error(`no ink rendered for ${ch}`);
  return glyphRows(glyph);
}

async function main(): Promise<void> {
  if (!existsSync(font))
    throw new Error(`OCR-B font not found at ${font}: apt-get install fonts-ocr-b, or set OCRB_FONT`);
  const out: Record<string, string[]> = {};
  for (const ch of GLYPH_CHARS) out[ch] = await render(ch);
  const file = path.join(process.cwd(), "lib/engines/documents/mrz/ocrb-glyphs.json");
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`wrote ${file} (${GLYPH_CHARS.length} glyphs)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
