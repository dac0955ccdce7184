// Renders the reference glyphs of lib/engines/documents/mrz/glyphs.ts into ocrb-glyphs.json: each MRZ
// character (A–Z, 0–9) in OCR-B through libvips/pango (sharp's text input), normalised exactly as a glyph cut out
// of an upload is; and the grey cells of glyph-grid.ts into ocrb-cells.json (A–Z, 0–9 and the filler, each in its
// character cell: one pitch wide, its cap height with CELL_MARGIN above and below, as a band's cell is cut). The font is the public-domain OCR-B of Debian's fonts-ocr-b (apt-get install fonts-ocr-b, or
// OCRB_FONT=/path/to/OCRB.otf). Run after changing the normalisation:
//   node --import tsx tools/make/ocrb-glyphs.ts
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { GLYPH_CHARS, glyphRows, normaliseGlyph, type Grey } from "@/lib/engines/documents/mrz/glyphs";
import { cellInk, GRID_CHARS } from "@/lib/engines/documents/mrz/glyph-grid";

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

/** Dark ink on light paper of a text rendered by pango (white on black, 3 channels). */
async function renderGrey(text: string): Promise<Grey> {
  const { data, info } = await sharp({ text: { text, font: "OCR B 96", fontfile: font, dpi: 72 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i++) grey[i] = 255 - data[i * info.channels]!;
  return { data: grey, width: info.width, height: info.height };
}

/**
 * A character's grey cell: rendered between two H (OCR-B is monospaced, so the image, cropped to the ink, is two
 * advances plus the H's ink wide), the middle advance cut out, centred on the H's cap height.
 */
async function renderCell(ch: string): Promise<string> {
  const g = await renderGrey(`H${ch === "<" ? "&lt;" : ch}H`);
  const inkAt = (x: number, y: number) => g.data[y * g.width + x]! < 128;
  const inkColumn = (x: number) => Array.from({ length: g.height }, (_, y) => inkAt(x, y)).some(Boolean);
  let h0 = 0;
  while (!inkColumn(h0)) h0++;
  let h1 = h0;
  while (inkColumn(h1)) h1++;
  const rows = Array.from({ length: g.height }, (_, y) => y).filter((y) =>
    Array.from({ length: h1 - h0 }, (_, x) => inkAt(h0 + x, y)).some(Boolean),
  );
  const top = rows[0]!;
  const bottom = rows[rows.length - 1]! + 1;
  const advance = (g.width - (h1 - h0)) / 2;
  const bearing = (advance - (h1 - h0)) / 2;
  const cell = cellInk(g, h0 - bearing + 1.5 * advance, (top + bottom) / 2, advance, bottom - top);
  return Buffer.from(Array.from(cell, (v) => Math.round(v))).toString("hex");
}

async function main(): Promise<void> {
  if (!existsSync(font))
    throw new Error(`OCR-B font not found at ${font}: apt-get install fonts-ocr-b, or set OCRB_FONT`);
  const out: Record<string, string[]> = {};
  for (const ch of GLYPH_CHARS) out[ch] = await render(ch);
  const file = path.join(process.cwd(), "lib/engines/documents/mrz/ocrb-glyphs.json");
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`wrote ${file} (${GLYPH_CHARS.length} glyphs)`);
  const cells: Record<string, string> = {};
  for (const ch of GRID_CHARS) cells[ch] = await renderCell(ch);
  const cellFile = path.join(process.cwd(), "lib/engines/documents/mrz/ocrb-cells.json");
  writeFileSync(cellFile, `${JSON.stringify(cells, null, 1)}\n`);
  console.log(`wrote ${cellFile} (${GRID_CHARS.length} cells)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
