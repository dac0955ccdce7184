// Test-only: the "hard" rendering of the synthetic documents (document-images.ts, style "hard").
//  - A security print: guilloche rosettes and dense fine-line waves over the page, and a tinted line pattern
//    under the MRZ (real MRZs are printed over the page's security background, not on white).
//  - MRZ text that does not come from the renderer of the reference glyphs (glyphs.ts / ocrb-glyphs.json are
//    libvips renderings of OCRB.otf): here each character is placed on its own, from Debian's other OCR-B cut
//    (OCRBS.otf, "OCR B S", the Sharp style: other corner and stroke-end geometry), with a per-glyph offset
//    (±0.06 of the pitch), rotation (±1.2°) and size (±3 %), and ink spread (the glyph outline stroked as well as
//    filled, 0.2–0.9 px): what a printer and paper do to a passport's OCR-B.
import { existsSync } from "node:fs";
import { GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
import type { Box } from "@/lib/engines/documents/mrz/layout";
import { MRZ_PITCH_MM } from "@/lib/engines/documents/mrz/layout";

const SHARP_PATHS = [process.env.OCRB_SHARP_FONT, "/usr/share/fonts/opentype/ocr-b/OCRBS.otf"].filter(
  (p): p is string => Boolean(p),
);
let sharpFamily: string | null = null;

/** The family the hard MRZ is drawn in: OCR-B Sharp when installed, else the regular OCR-B (still drawn per glyph). */
export function hardMrzFamily(): string {
  if (sharpFamily) return sharpFamily;
  const file = SHARP_PATHS.find((p) => existsSync(p));
  if (file) GlobalFonts.registerFromPath(file, "OCRB-Sharp");
  sharpFamily = file ? "OCRB-Sharp" : "OCRB";
  return sharpFamily;
}

const between = (rng: () => number, a: number, b: number) => a + (b - a) * rng();

/** Guilloche rosettes (epitrochoids) and dense waves in two inks over the whole page. */
export function securityBackground(g: SKRSContext2D, w: number, h: number, hue: number, rng: () => number): void {
  g.lineWidth = 1;
  for (let k = 0; k < h / 7; k++) {
    g.strokeStyle = `hsla(${hue + (k % 2) * 60}, 45%, 45%, 0.22)`;
    g.beginPath();
    const phase = rng() * 6;
    for (let x = 0; x <= w; x += 6) {
      const y = k * 7 + 6 * Math.sin(x / 23 + phase) + 3 * Math.sin(x / 7.5 + k);
      if (x === 0) g.moveTo(x, y);
      else g.lineTo(x, y);
    }
    g.stroke();
  }
  for (let r = 0; r < 3; r++) {
    const cx = between(rng, 0.2, 0.9) * w;
    const cy = between(rng, 0.2, 0.8) * h;
    const R = between(rng, 0.12, 0.22) * h;
    const rr = R / between(rng, 5, 9);
    const d = rr * between(rng, 1.5, 3);
    g.strokeStyle = `hsla(${hue + 180 * rng()}, 50%, 40%, 0.3)`;
    g.beginPath();
    for (let t = 0; t <= Math.PI * 2 * 7; t += 0.01) {
      const x = cx + (R + rr) * Math.cos(t) - d * Math.cos(((R + rr) / rr) * t);
      const y = cy + (R + rr) * Math.sin(t) - d * Math.sin(((R + rr) / rr) * t);
      if (t === 0) g.moveTo(x, y);
      else g.lineTo(x, y);
    }
    g.stroke();
  }
}

/** The MRZ over a tinted fine-line security print, each character drawn on its own with jitter and ink spread. */
export function drawHardMrz(
  g: SKRSContext2D,
  lines: string[],
  zone: Box,
  scale: number,
  hue: number,
  rng: () => number,
): void {
  const x0 = zone.x * scale;
  const y0 = zone.y * scale;
  const zw = zone.w * scale;
  const zh = zone.h * scale;
  g.fillStyle = `hsl(${hue}, 35%, 90%)`;
  g.fillRect(x0, y0, zw, zh);
  g.strokeStyle = `hsla(${hue + 30}, 40%, 50%, 0.35)`;
  g.lineWidth = 1;
  for (let k = 0; k < zh / 5; k++) {
    g.beginPath();
    for (let x = 0; x <= zw; x += 5) {
      const y = y0 + k * 5 + 2.5 * Math.sin(x / 11 + k * 0.7);
      if (x === 0) g.moveTo(x0 + x, y);
      else g.lineTo(x0 + x, y);
    }
    g.stroke();
  }
  const family = hardMrzFamily();
  const length = lines[0]!.length;
  const pitch = MRZ_PITCH_MM * scale;
  // the size at which the font's own advance equals the ICAO pitch; characters are then placed by the pitch
  g.font = `40px ${family}`;
  const size = (40 * pitch) / g.measureText("0").width;
  const left = x0 + ((zone.w - length * MRZ_PITCH_MM) / 2) * scale;
  const lineGap = zh / (lines.length + 0.6);
  const spread = between(rng, 0.2, 0.9);
  g.fillStyle = "#111";
  g.strokeStyle = "#111";
  g.lineWidth = spread;
  lines.forEach((line, i) => {
    const baseline = y0 + lineGap * (i + 1) + size * 0.1;
    [...line].forEach((ch, k) => {
      g.save();
      g.translate(left + k * pitch + between(rng, -0.06, 0.06) * pitch, baseline + between(rng, -0.06, 0.06) * pitch);
      g.rotate((between(rng, -1.2, 1.2) * Math.PI) / 180);
      g.font = `${(size * between(rng, 0.97, 1.03)).toFixed(1)}px ${family}`;
      g.fillText(ch, 0, 0);
      g.strokeText(ch, 0, 0);
      g.restore();
    });
  });
}
