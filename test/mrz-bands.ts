import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import type { Page } from "tesseract.js";
import type { Grey } from "@/lib/engines/documents/mrz/glyphs";
import { registerOcrB } from "@/test/document-images";

// MRZ bands drawn for the reader's unit tests (glyph-grid.test.ts, own-print.test.ts).

/**
 * The zone drawn small with skia (not the renderer of the templates), blurred, and brought back up to the working
 * size the band is read at; with tesseract-like boxes around each character (a little off, as tesseract's are). `read`:
 * the lines as tesseract is to have read them (its text and its symbols), the zone itself by default.
 */
export async function drawnBand(
  zone: string[],
  px: number,
  shrink: number,
  read: string[] = zone,
): Promise<{ grey: Grey; page: Page }> {
  registerOcrB();
  const canvas = createCanvas(Math.round(px * 0.75 * (zone[0]!.length + 4)), Math.round(px * 1.6 * (zone.length + 1)));
  const g = canvas.getContext("2d");
  g.fillStyle = "#eeeae0";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#1a1a1a";
  g.font = `${px}px OCRB`;
  const advance = g.measureText("M").width;
  const cap = px * 0.7;
  const lines = zone.map((text, l) => {
    const baseline = px * 1.6 * (l + 1);
    g.fillText(text, px * 1.5, baseline);
    const symbols = [...read[l]!].map((ch, k) => {
      const x0 = px * 1.5 + k * advance + ((k * 7) % 3) - 1;
      return { text: ch, bbox: { x0, x1: x0 + advance * 0.7, y0: baseline - cap + (k % 2), y1: baseline + 1 } };
    });
    return { text: read[l]!, words: [{ symbols }] };
  });
  const { width, height } = canvas;
  const small = await sharp(canvas.toBuffer("image/png"))
    .resize({ width: Math.round(width / shrink) })
    .blur(0.6)
    .jpeg({ quality: 70 })
    .toBuffer();
  const { data, info } = await sharp(small)
    .grayscale()
    .resize({ width, height })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const page = { text: read.join("\n"), blocks: [{ paragraphs: [{ lines }] }] } as unknown as Page;
  return { grey: { data, width: info.width, height: info.height }, page };
}
