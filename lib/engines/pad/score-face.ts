import "server-only";
import type { PixelBox } from "./crop-patch";
import { PAD_MODELS, scoreFaceBox, type PadScore } from "./minifasnet";
import type { U8Image } from "./opencv-resize";
import { combinedReal } from "./combined-score";
import { textureFeatures, type TextureFeatures } from "./texture-features";

// One face of one frame → the MiniFASNet pair's real-face probability, from the face box human reports.
//
// Boxes: the reference ran its own detector (a RetinaFace-style Caffe model at 192 px), whose box runs about from
// the eyebrows to the chin and ear to ear. human's box is blazeface's box enlarged by its `detector.scale` (1.4 in
// the checks' configuration, human-engine.ts), squared and centred on the face mesh, then clipped to the image: about
// 1.4× the reference's. `boxMode` "unscaled" shrinks it back by that factor around its centre; "human" keeps it.
// Measured on the development material (docs/accuracy.md): identical on the tight NUAA crops (the scale is clamped
// to the image either way), slightly higher genuine scores with human's box on the colour photos of face-pairs, the
// same on attacks — the check ships human's box (presentation-attack.ts' scoreFrame).
//
// Context: the models read 2.7× and 4× the face; a tight crop (the NUAA images, a face close to the camera) has less
// and the reference then shrinks the scale (CropImage). `context` optionally pads the image first so the full scale
// fits; measured on the development half, see docs/accuracy.md for the decision.

export type PadContext = "none" | "reflect" | "black";
export type BoxMode = "unscaled" | "human";

export type FacePad = PadScore & {
  /** the image has (almost) no colour: the models were trained on colour and call any grey face a spoof */
  greyscale: boolean;
  /** mean largest channel difference (0–255) in the face box, the greyscale test's measure */
  chroma: number;
  box: [number, number, number, number];
  /** the print/screen texture cues of the face box (texture-features.ts) */
  texture: TextureFeatures;
  /** P(live) from the pair's score and the texture cues together (combined-score.ts) */
  combined: number;
  /** width of human's face box over the image's: ≥ COMBINED_MODEL.minFaceShare is a close-up, where the combined
   * probability was fit and validated (the check decides PASS on it there, on the pair's score elsewhere) */
  faceShare: number;
};

/** Mean of max(|R−G|, |G−B|, |R−B|) below which a face is greyscale (a JPEG of a grey picture stays under 1). */
export const GREYSCALE_CHROMA = 2;

export type FaceScoreOptions = { detectorScale: number; boxMode?: BoxMode; context?: PadContext };

function chromaIn(image: U8Image, [x, y, w, h]: PixelBox): number {
  let sum = 0;
  let n = 0;
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(image.width, Math.ceil(x + w));
  const y1 = Math.min(image.height, Math.ceil(y + h));
  for (let yy = y0; yy < y1; yy += 2)
    for (let xx = x0; xx < x1; xx += 2) {
      const i = (yy * image.width + xx) * 3;
      const r = image.data[i]!;
      const g = image.data[i + 1]!;
      const b = image.data[i + 2]!;
      sum += Math.max(Math.abs(r - g), Math.abs(g - b), Math.abs(r - b));
      n++;
    }
  return n ? sum / n : 0;
}

/** The image with `margin` pixels added on every side, mirrored (OpenCV's BORDER_REFLECT_101) or black. */
export function padImage(image: U8Image, margin: number, mode: Exclude<PadContext, "none">): U8Image {
  const width = image.width + 2 * margin;
  const height = image.height + 2 * margin;
  const data = new Uint8Array(width * height * 3);
  const reflect = (i: number, n: number) => {
    if (n === 1) return 0;
    let v = i;
    while (v < 0 || v >= n) v = v < 0 ? -v : 2 * (n - 1) - v;
    return v;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = x - margin;
      const sy = y - margin;
      const inside = sx >= 0 && sy >= 0 && sx < image.width && sy < image.height;
      if (!inside && mode === "black") continue;
      const from = (reflect(sy, image.height) * image.width + reflect(sx, image.width)) * 3;
      data.set(image.data.subarray(from, from + 3), (y * width + x) * 3);
    }
  return { data, width, height, channels: 3 };
}

/** The box the reference's detector would have drawn, from human's (see above). */
export function referenceBox(box: PixelBox, detectorScale: number, mode: BoxMode = "unscaled"): PixelBox {
  if (mode === "human") return box;
  const [x, y, w, h] = box;
  const nw = w / detectorScale;
  const nh = h / detectorScale;
  return [x + (w - nw) / 2, y + (h - nh) / 2, nw, nh];
}

export async function scoreFace(image: U8Image, humanBox: PixelBox, options: FaceScoreOptions): Promise<FacePad> {
  const box = referenceBox(humanBox, options.detectorScale, options.boxMode);
  const chroma = chromaIn(image, box);
  const context = options.context ?? "none";
  let source = image;
  let scoredBox = box;
  if (context !== "none") {
    const widest = Math.max(...PAD_MODELS.map((m) => m.scale));
    const margin = Math.ceil((Math.max(box[2], box[3]) * widest) / 2);
    source = padImage(image, margin, context);
    scoredBox = [box[0] + margin, box[1] + margin, box[2], box[3]];
  }
  const score = await scoreFaceBox(source, scoredBox);
  const texture = textureFeatures(image, box);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    ...score,
    greyscale: chroma < GREYSCALE_CHROMA,
    chroma: Math.round(chroma * 100) / 100,
    box: [round(box[0]), round(box[1]), round(box[2]), round(box[3])],
    texture,
    combined: combinedReal(score.real, texture),
    faceShare: Math.round((humanBox[2] / image.width) * 1000) / 1000,
  };
}
