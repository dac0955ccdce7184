// Test-only: a licence back as a phone photographs it. Each condition is one real-world fault, drawn with a seeded
// rng so a set is the same on every run (tools/eval/barcodes.ts: a development seed to choose the reader's
// variants on, and a hold-out seed never used for that).
import sharp, { type Sharp } from "sharp";

export type BackCondition = "clean" | "blur" | "glare" | "perspective" | "low-resolution" | "small-in-frame" | "dim";
export const BACK_CONDITIONS: readonly BackCondition[] = [
  "clean",
  "blur",
  "glare",
  "perspective",
  "low-resolution",
  "small-in-frame",
  "dim",
];

const jpeg = (image: Sharp, quality = 82) => image.jpeg({ quality, mozjpeg: false }).toBuffer();
const between = (rng: () => number, a: number, b: number) => a + rng() * (b - a);

/** The card photographed on a desk: a border of background around it, as a camera frames it. */
async function onDesk(card: Buffer, frameWidth: number, cardShare: number, rng: () => number): Promise<Buffer> {
  const cardWidth = Math.round(frameWidth * cardShare);
  const resized = await sharp(card).resize({ width: cardWidth }).png().toBuffer();
  const { height = 0 } = await sharp(resized).metadata();
  const frameHeight = Math.round(Math.max(height * 1.25, frameWidth * 0.75));
  const hue = Math.floor(rng() * 360);
  const desk = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frameWidth}" height="${frameHeight}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},25%,35%)"/><stop offset="1" stop-color="hsl(${hue},20%,55%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const left = Math.round(between(rng, 0.05, 0.95) * (frameWidth - cardWidth));
  const top = Math.round(between(rng, 0.1, 0.9) * (frameHeight - height));
  return sharp(desk)
    .composite([{ input: resized, left, top }])
    .png()
    .toBuffer();
}

/** A specular highlight: a bright, soft-edged ellipse over part of the barcode (its area is the card's middle band). */
async function glare(card: Buffer, rng: () => number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(card).metadata();
  const cx = Math.round(width * between(rng, 0.25, 0.75));
  const cy = Math.round(height * between(rng, 0.25, 0.45));
  const rx = Math.round(width * between(rng, 0.06, 0.12));
  const ry = Math.round(height * between(rng, 0.08, 0.16));
  const blob = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="r"><stop offset="0" stop-color="#fff" stop-opacity="0.97"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#r)"/></svg>`,
  );
  return sharp(card)
    .composite([{ input: blob }])
    .png()
    .toBuffer();
}

/** One condition applied to a back (a PNG of the card), as a JPEG the way phones upload. */
export async function degradeBack(card: Buffer, condition: BackCondition, rng: () => number): Promise<Buffer> {
  switch (condition) {
    case "clean":
      return jpeg(sharp(await onDesk(card, 1400, 0.85, rng)));
    case "blur":
      return jpeg(sharp(await onDesk(card, 1400, 0.85, rng)).blur(between(rng, 1.2, 2.4)));
    case "glare":
      return jpeg(sharp(await onDesk(await glare(card, rng), 1400, 0.85, rng)));
    case "perspective": {
      // a card held at an angle: rotation plus shear (an affine approximation of the keystone a tilt gives)
      const framed = await onDesk(card, 1400, 0.78, rng);
      const shear = between(rng, -0.09, 0.09);
      const squeeze = between(rng, 0.88, 1);
      const tilted = await sharp(framed)
        .affine(
          [
            [1, shear],
            [between(rng, -0.05, 0.05), squeeze],
          ],
          { background: "#555" },
        )
        .png()
        .toBuffer();
      return jpeg(sharp(tilted).rotate(between(rng, -9, 9), { background: "#555" }));
    }
    case "low-resolution":
      // a VGA-class webcam or a heavily downscaled upload: the whole photo 560–760 px wide
      return jpeg(sharp(await onDesk(card, Math.round(between(rng, 560, 760)), 0.9, rng)), 75);
    case "small-in-frame":
      // the barcode (88 % of the card's width) fills about 40 % of the frame
      return jpeg(sharp(await onDesk(card, 1600, between(rng, 0.42, 0.48), rng)));
    case "dim":
      return jpeg(
        sharp(await onDesk(card, 1400, 0.85, rng))
          .linear(between(rng, 0.35, 0.5), between(rng, 5, 20))
          .blur(0.6),
        70,
      );
  }
}
