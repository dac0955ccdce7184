// Test-only: degraded and tampered copies of the synthetic documents of document-images.ts — what a phone camera
// and a forger do to a page. Every function is deterministic for a given PRNG.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import sharp from "sharp";
import { cardDate, drawPortrait, passportDate, type DrawnDocument } from "@/test/document-images";
import { TD1_LAYOUT, TD3_LAYOUT } from "@/lib/engines/documents/mrz/layout";
import { between } from "@/test/hard-conditions";

export type Degradation = "photo" | "small" | "dim" | "perspective" | "blur";
export const DEGRADATIONS: readonly Degradation[] = ["photo", "small", "dim", "perspective", "blur"];

/** A camera-like copy of a page: rotated, blurred, small, dim or in perspective, always a lossy JPEG. */
export async function degrade(png: Buffer, kind: Degradation, rng: () => number): Promise<Buffer> {
  const { width = 0 } = await sharp(png).metadata();
  switch (kind) {
    case "photo": {
      const angle = between(rng, 1, 3) * (rng() < 0.5 ? -1 : 1);
      return sharp(png)
        .extend({ top: 40, bottom: 40, left: 40, right: 40, background: "#7a7a70" })
        .rotate(angle, { background: "#7a7a70" })
        .blur(between(rng, 0.6, 1))
        .resize({ width: Math.round(between(rng, 1000, 1250)) })
        .jpeg({ quality: Math.round(between(rng, 60, 80)) })
        .toBuffer();
    }
    case "small":
      return sharp(png)
        .resize({ width: Math.round(between(rng, 800, 900)) })
        .jpeg({ quality: Math.round(between(rng, 65, 75)) })
        .toBuffer();
    case "dim":
      return sharp(png)
        .modulate({ brightness: between(rng, 0.6, 0.75) })
        .linear(0.8, 10)
        .blur(0.6)
        .jpeg({ quality: Math.round(between(rng, 60, 70)) })
        .toBuffer();
    case "blur":
      return sharp(png)
        .blur(between(rng, 1.1, 1.5))
        .jpeg({ quality: 80 })
        .toBuffer();
    case "perspective":
      return sharp(await keystone(png, between(rng, 0.03, 0.07), width))
        .jpeg({ quality: Math.round(between(rng, 70, 85)) })
        .toBuffer();
  }
}

/** The page drawn in 2-px strips, each narrower towards the top: a phone held below the document. */
async function keystone(png: Buffer, squeeze: number, width: number): Promise<Buffer> {
  const img = await loadImage(png);
  const margin = Math.round(width * 0.05);
  const canvas = createCanvas(img.width + 2 * margin, img.height + 2 * margin);
  const g = canvas.getContext("2d");
  g.fillStyle = "#6f6a60";
  g.fillRect(0, 0, canvas.width, canvas.height);
  for (let y = 0; y < img.height; y += 2) {
    const shrink = squeeze * (1 - y / img.height);
    const w = img.width * (1 - shrink);
    g.drawImage(img, 0, y, img.width, 2, margin + (img.width - w) / 2, margin + y * (1 - squeeze / 3), w, 2);
  }
  return canvas.toBuffer("image/png");
}

/** The "camera original" of a page before any forgery: a JPEG at quality 80. */
export function cameraCopy(png: Buffer): Promise<Buffer> {
  return sharp(png).jpeg({ quality: 80 }).toBuffer();
}

export type Tampering = "name" | "birth-date" | "region-resaved" | "portrait";
export const TAMPERINGS: readonly Tampering[] = ["name", "birth-date", "region-resaved", "portrait"];

const OTHER_NAMES = ["KARLSSON", "BERNARDI", "WOJCIK", "LEFEBVRE", "HOFFMANN", "MARTINEZ", "JENSEN", "COSTA"];

/**
 * A forged copy of the document's front: a printed field pasted over with another value, a region re-saved at a
 * different quality, or the portrait swapped; then saved again at quality 90 as an editor would.
 */
export async function tamper(doc: DrawnDocument, kind: Tampering, rng: () => number): Promise<Buffer> {
  const original = await cameraCopy(doc.front);
  if (kind === "portrait") {
    const layout = doc.kind === "TD3" ? TD3_LAYOUT : TD1_LAYOUT;
    const box = layout.portrait;
    const w = Math.round(box.w * doc.scale);
    const h = Math.round(box.h * doc.scale);
    const face = await sharp(drawPortrait(1000 + Math.floor(rng() * 1000), w, h))
      .png()
      .toBuffer();
    return sharp(original)
      .composite([{ input: face, left: Math.round(box.x * doc.scale), top: Math.round(box.y * doc.scale) }])
      .jpeg({ quality: 90 })
      .toBuffer();
  }
  if (kind === "region-resaved") {
    const box = doc.fields.documentNumber;
    const region = { left: box.x, top: box.y, width: box.w, height: box.h };
    const patch = await sharp(original).extract(region).jpeg({ quality: 35 }).toBuffer();
    return sharp(original)
      .composite([{ input: await sharp(patch).png().toBuffer(), left: box.x, top: box.y }])
      .jpeg({ quality: 90 })
      .toBuffer();
  }
  const box = kind === "name" ? doc.fields.surname : doc.fields.birthDate;
  const shifted = new Date(new Date(doc.person.birthDate).getTime() + (400 + Math.floor(rng() * 3000)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const value =
    kind === "name"
      ? OTHER_NAMES[Math.floor(rng() * OTHER_NAMES.length)]!
      : doc.kind === "TD3"
        ? passportDate(shifted)
        : cardDate(shifted);
  const { data } = await sharp(original)
    .extract({ left: box.x + box.w + 4, top: box.y + 2, width: 2, height: 2 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const canvas = createCanvas(Math.max(box.w, 16 * value.length + 10), box.h);
  const g = canvas.getContext("2d");
  g.fillStyle = `rgb(${data[0]}, ${data[1]}, ${data[2]})`;
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#000";
  const px = doc.kind === "TD3" ? 26 : 24;
  g.font = `bold ${px}px sans-serif`;
  g.fillText(value, 2, px - 1);
  return sharp(original)
    .composite([{ input: canvas.toBuffer("image/png"), left: box.x, top: box.y }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
