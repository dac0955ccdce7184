import "server-only";
import sharp from "sharp";
import { TD1_LAYOUT, TD3_LAYOUT, type Layout } from "./layout";

// The portrait of an ICAO document front, for face matching (the face helper's detector refines the crop). The
// page's aspect ratio tells a TD3 data page (125 × 88 mm, 1.42) from a TD1 card (85.6 × 54 mm, 1.59); the
// portrait zone of that layout is cut out with a 15 % margin (photos are rarely framed exactly). An image of
// neither shape (a photo with much background, another document) is returned whole, as JPEG: the detector then
// searches the full frame.

const MARGIN = 0.15;

function layoutOf(width: number, height: number): Layout | null {
  const ratio = width / height;
  if (Math.abs(ratio - TD3_LAYOUT.width / TD3_LAYOUT.height) < 0.06) return TD3_LAYOUT;
  if (Math.abs(ratio - TD1_LAYOUT.width / TD1_LAYOUT.height) < 0.06) return TD1_LAYOUT;
  return null;
}

export async function documentPortrait(frontBytes: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(frontBytes).rotate();
    const { width = 0, height = 0 } = await image.metadata();
    if (!width || !height) return null;
    const layout = layoutOf(width, height);
    if (!layout) return await image.jpeg({ quality: 92 }).toBuffer();
    const sx = width / layout.width;
    const sy = height / layout.height;
    const p = layout.portrait;
    const left = Math.max(0, Math.floor((p.x - p.w * MARGIN) * sx));
    const top = Math.max(0, Math.floor((p.y - p.h * MARGIN) * sy));
    const right = Math.min(width, Math.ceil((p.x + p.w * (1 + MARGIN)) * sx));
    const bottom = Math.min(height, Math.ceil((p.y + p.h * (1 + MARGIN)) * sy));
    return await image.extract({ left, top, width: right - left, height: bottom - top }).jpeg({ quality: 92 }).toBuffer();
  } catch {
    return null; // not an image sharp can decode
  }
}
