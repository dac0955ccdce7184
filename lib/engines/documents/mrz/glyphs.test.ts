import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { registerOcrB } from "@/test/document-images";
import { GLYPH_CHARS, normaliseGlyph, shapeScores, type Grey } from "./glyphs";
import { SHAPE_SPREAD } from "./number-shapes";

// The reference glyphs come from libvips/pango (tools/make/ocrb-glyphs.ts); these characters are drawn by
// another renderer (skia, @napi-rs/canvas), small, blurred and JPEG-compressed, as a phone photo of an MRZ is.
async function drawn(ch: string, blur: number, px: number): Promise<Grey> {
  registerOcrB();
  const canvas = createCanvas(Math.round(px * 1.2), Math.round(px * 1.5));
  const g = canvas.getContext("2d");
  g.fillStyle = "#f4f4f0";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#151515";
  g.font = `${px}px OCRB`;
  g.fillText(ch, px * 0.3, px * 1.15);
  const jpeg = await sharp(canvas.toBuffer("image/png")).blur(blur).jpeg({ quality: 60 }).toBuffer();
  const { data, info } = await sharp(jpeg)
    .grayscale()
    .resize({ width: canvas.width * 2 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const best = (scores: ReadonlyMap<string, number>) => [...scores].reduce((a, b) => (b[1] > a[1] ? b : a))[0];

describe("OCR-B glyph shapes", () => {
  it("recognise every MRZ character drawn small and blurred by another renderer, but for 0 and O", async () => {
    // O and 0 differ in width only (by about a tenth): blurred, they come within a few hundredths of each other and
    // either may win; resolveByShape keeps both as alternatives and the check digits decide (mrz-repair.ts)
    const misread: string[] = [];
    for (const ch of GLYPH_CHARS.replace(/[O0]/g, "")) {
      const img = await drawn(ch, 0.8, 22);
      const glyph = normaliseGlyph(img, { x0: 0, y0: 0, x1: img.width, y1: img.height });
      const read = glyph && best(shapeScores(glyph));
      if (read !== ch) misread.push(`${ch}→${read}`);
    }
    expect(misread).toEqual([]);
  });

  it("keep the other look-alikes apart: I and 1, S and 5, Z and 2, B and 8, G and 6, A and 4", async () => {
    for (const [a, b] of [
      ["I", "1"],
      ["S", "5"],
      ["Z", "2"],
      ["B", "8"],
      ["G", "6"],
      ["A", "4"],
    ] as const) {
      for (const ch of [a, b]) {
        const img = await drawn(ch, 1.2, 18);
        const scores = shapeScores(normaliseGlyph(img, { x0: 0, y0: 0, x1: img.width, y1: img.height })!);
        const other = ch === a ? b : a;
        expect(scores.get(ch)!, `${ch} vs ${other}`).toBeGreaterThan(scores.get(other)!);
      }
    }
  });

  it("keep O and 0 each other's closest alternative, within the spread resolveByShape considers", async () => {
    for (const [ch, other] of [
      ["O", "0"],
      ["0", "O"],
    ] as const) {
      const img = await drawn(ch, 0.8, 22);
      const scores = shapeScores(normaliseGlyph(img, { x0: 0, y0: 0, x1: img.width, y1: img.height })!);
      const top2 = [...scores]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([c]) => c)
        .sort();
      expect(top2).toEqual([ch, other].sort());
      expect(Math.abs(scores.get(ch)! - scores.get(other)!)).toBeLessThan(SHAPE_SPREAD);
    }
  });

  it("find no glyph in a box without ink", () => {
    const blank: Grey = { data: new Uint8Array(20 * 30).fill(240), width: 20, height: 30 };
    expect(normaliseGlyph(blank, { x0: 0, y0: 0, x1: 20, y1: 30 })).toBeNull();
  });
});
