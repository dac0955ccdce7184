import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { decodeImage, detectFacesInPixels } from "@/lib/engines/faces/human-engine";
import { cropPatch, toBgrPlanes, type PixelBox } from "@/lib/engines/pad/crop-patch";
import { PAD_MODELS, runPadModel } from "@/lib/engines/pad/minifasnet";
import type { U8Image } from "@/lib/engines/pad/opencv-resize";
import { frontalFrames, scoreFrame } from "@/lib/checks/liveness/presentation-attack";
import { textureFeatures, type TextureFeatures } from "@/lib/engines/pad/texture-features";

// The per-image measurements tools/eval/pad-cv.ts cross-validates: each MiniFASNet model's real-face probability on
// human's box (what the check scores), on the mirrored image, and on small changes of the box (test-time
// augmentation: the box scaled by 0.85/1.15 and shifted by 6 % of its size), and the classical texture cues of
// lib/engines/pad/texture-features.ts. Only images whose main face is frontal (the step's rule) get measurements;
// the others are REVIEW whatever the rule, and are counted as such.

export type Variant = { name: string; v2: number; v1se: number };
export type ImageFeatures = {
  image: string;
  label: "spoof" | "bona_fide";
  attackType: string;
  /** the cross-validation group: one subject (NUAA's id), one source, or one file */
  subject: string;
  /** null: no frontal face (the check's REVIEW) */
  variants: Variant[] | null;
  texture: TextureFeatures | null;
  greyscale?: boolean;
  /** the image's width and the face box's width (pixels): to see whether a rule leans on the capture's size */
  imageWidth?: number;
  faceWidth?: number;
};

const SHIFT = 0.06;
const SCALES = [0.85, 1, 1.15];
const SHIFTS: [string, number, number][] = [
  ["c", 0, 0],
  ["l", -SHIFT, 0],
  ["r", SHIFT, 0],
  ["u", 0, -SHIFT],
  ["d", 0, SHIFT],
];

function mirror(image: U8Image): U8Image {
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const from = (y * image.width + (image.width - 1 - x)) * 3;
      data.set(image.data.subarray(from, from + 3), (y * image.width + x) * 3);
    }
  return { ...image, data };
}

async function pair(image: U8Image, box: PixelBox): Promise<{ v2: number; v1se: number }> {
  const real: number[] = [];
  for (const [i, model] of PAD_MODELS.entries())
    real.push(await runPadModel(i, toBgrPlanes(cropPatch(image, box, model.scale))));
  return { v2: real[0]!, v1se: real[1]! };
}

export async function measure(image: U8Image, box: PixelBox): Promise<Variant[]> {
  const variants: Variant[] = [];
  const flipped = mirror(image);
  const [x, y, w, h] = box;
  for (const s of SCALES)
    for (const [name, dx, dy] of SHIFTS) {
      const nw = w * s;
      const nh = h * s;
      const moved: PixelBox = [x + (w - nw) / 2 + dx * w, y + (h - nh) / 2 + dy * h, nw, nh];
      const label = `s${s}${name}`;
      variants.push({ name: label, ...(await pair(image, moved)) });
      const mirrored: PixelBox = [image.width - moved[0] - moved[2], moved[1], moved[2], moved[3]];
      variants.push({ name: `${label}-flip`, ...(await pair(flipped, mirrored)) });
    }
  return variants;
}

type Row = { image: string; label: "spoof" | "bona_fide"; attackType: string; subject: string };

async function rowsOf(dir: string, bonaFide: boolean): Promise<Row[]> {
  if (bonaFide) {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((e) => e.isFile() && /\.(jpe?g|png|webp)$/i.test(e.name))
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort()
      .map((image) => ({ image, label: "bona_fide", attackType: "live", subject: image }));
  }
  const records = parse(await readFile(path.join(dir, "labels.csv"), "utf8"), { columns: true }) as Record<
    string,
    string
  >[];
  return records.map((r) => ({
    image: r.image!,
    label: r.label as "spoof" | "bona_fide",
    attackType: r.attack_type || (r.label === "spoof" ? "unknown" : "live"),
    // NUAA names carry the subject (nuaa_<live|print>_<subject>_…); the labels' subject column says the same
    subject: r.subject || /nuaa_[a-z]+_(\d+)_/.exec(r.image!)?.[1] || r.image!,
  }));
}

export async function featuresOf(dir: string, bonaFide: boolean): Promise<ImageFeatures[]> {
  const out: ImageFeatures[] = [];
  for (const row of await rowsOf(dir, bonaFide)) {
    const decoded = await decodeImage(await readFile(path.join(dir, row.image)));
    const image: U8Image = { data: decoded.data, width: decoded.width, height: decoded.height, channels: 3 };
    const main = (await detectFacesInPixels(decoded))[0] ?? null;
    if (!main || !frontalFrames([{ main, others: 0 }]).length) {
      out.push({ ...row, variants: null, texture: null });
      continue;
    }
    const shipped = await scoreFrame(decoded, main); // the check's own score: greyscale, and a cross-check of s1c
    const variants = await measure(image, main.box);
    const centre = variants[2 * SHIFTS.length]!; // s1c: human's box as is
    if (Math.abs((centre.v2 + centre.v1se) / 2 - shipped.real) > 1e-9)
      throw new Error(`${row.image}: the centre variant does not reproduce the check's score`);
    out.push({
      ...row,
      variants,
      texture: textureFeatures(image, main.box),
      greyscale: shipped.greyscale,
      imageWidth: image.width,
      faceWidth: main.box[2],
    });
  }
  return out;
}
