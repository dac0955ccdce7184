import "server-only";
import sharp from "sharp";
import { alignMinBbox, extractFace, type Rgb } from "./face-api-ops";
import { onnxNets } from "./face-api-onnx";
import type { FaceApiNets } from "./face-api-tfjs";

// The ResNet-34 face descriptor of @vladmandic/face-api (dlib's 128-d face recognition model), fed the face that
// human found: a square crop around human's box, face-api's 68 landmarks on it, its own aligned chip, the
// descriptor. Chosen over human's faceres on real photos (docs/accuracy.md, "Face match"). The sequence is
// face-api's (detectSingleFace → extractFaceTensors → detectFaceLandmarks → align → computeFaceDescriptor); each of
// its three nets runs on onnxruntime-node (face-api-onnx.ts, face-api's weights rebuilt as ONNX graphs) or on TF.js
// (face-api-tfjs.ts, the reference), net by net as the parity on the real sets allowed (docs/accuracy.md, "face-api on
// onnxruntime"). Calls are serialised by the caller (human-engine's queue).

type Pixels = { data: Buffer; width: number; height: number };
type Box = readonly [number, number, number, number];
export type FaceApiRuntime = "onnx" | "tfjs";
export type FaceApiRuntimes = { ssd: FaceApiRuntime; landmarks: FaceApiRuntime; descriptor: FaceApiRuntime };

/** Where each net runs in the service. */
export const SHIPPED_FACE_API_RUNTIMES: FaceApiRuntimes = { ssd: "onnx", landmarks: "onnx", descriptor: "onnx" };
export const TFJS_ONLY: FaceApiRuntimes = { ssd: "tfjs", landmarks: "tfjs", descriptor: "tfjs" };

let current: FaceApiRuntimes = SHIPPED_FACE_API_RUNTIMES;

/** For a benchmark's or an evaluation's process only: run the nets elsewhere than the service does (the TF.js baseline). */
export function setFaceApiRuntimes(runtimes: FaceApiRuntimes): void {
  current = runtimes;
}

/** Where each net runs in this process now (human-engine.ts sends work to the face pool only when all are ONNX). */
export function faceApiRuntimes(): FaceApiRuntimes {
  return current;
}

// face-api on TF.js (the benches' baseline, the parity tool) through a dynamic import: the service, whose nets all run
// on onnxruntime, never reads the module
const tfjs = () => import("./face-api-tfjs");
const tfjsNets: FaceApiNets = {
  detectSingleFace: async (image, minConfidence) => (await tfjs()).tfjsNets.detectSingleFace(image, minConfidence),
  detectFaceLandmarks: async (face) => (await tfjs()).tfjsNets.detectFaceLandmarks(face),
  computeFaceDescriptor: async (chip) => (await tfjs()).tfjsNets.computeFaceDescriptor(chip),
};

function netsOf(runtimes: FaceApiRuntimes): FaceApiNets {
  const pick = (r: FaceApiRuntime) => (r === "onnx" ? onnxNets : tfjsNets);
  return {
    detectSingleFace: pick(runtimes.ssd).detectSingleFace,
    detectFaceLandmarks: pick(runtimes.landmarks).detectFaceLandmarks,
    computeFaceDescriptor: pick(runtimes.descriptor).computeFaceDescriptor,
  };
}

/** Loads the nets the service runs (preload-models, the evaluation's worker): the ONNX sessions, TF.js if any needs it. */
export async function faceApi(runtimes: FaceApiRuntimes = current): Promise<void> {
  const all = [runtimes.ssd, runtimes.landmarks, runtimes.descriptor];
  if (all.includes("onnx")) await (await import("./face-api-onnx")).faceApiOnnx();
  if (all.includes("tfjs")) await (await tfjs()).faceApiTfjs();
}

/** Square crop of side boxScale × the box's longer side, centred on the box; the part outside the image mirrored. */
export async function squareCrop(image: Pixels, box: Box, boxScale: number, size = 200): Promise<Pixels> {
  const [x, y, w, h] = box;
  const side = Math.max(8, Math.round(Math.max(w, h) * boxScale));
  const left = Math.round(x + w / 2 - side / 2),
    top = Math.round(y + h / 2 - side / 2);
  const pad = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    right: Math.max(0, left + side - image.width),
    bottom: Math.max(0, top + side - image.height),
  };
  const padded = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extend({ ...pad, extendWith: "mirror" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = await sharp(padded.data, {
    raw: { width: padded.info.width, height: padded.info.height, channels: 3 },
  })
    .extract({ left: left + pad.left, top: top + pad.top, width: side, height: side })
    .resize(size, size)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * face-api's sequence on a square crop: (refine) its SSD inside the crop and the landmarks on the detected box, else
 * the landmarks on the whole crop; the chip aligned on the landmarks; the descriptor. Null when there is no chip.
 */
export async function descriptorOfCrop(crop: Rgb, refine: boolean, nets: FaceApiNets): Promise<Float32Array | null> {
  let face: Rgb = crop;
  let offset = { x: 0, y: 0 };
  // face-api's own detector inside human's region: the tight box its landmark model was trained on
  const found = refine ? await nets.detectSingleFace(crop, 0.2) : undefined;
  const sub = found ? extractFace(crop, found.box) : null;
  if (found && sub) {
    face = sub;
    offset = { x: found.box.x, y: found.box.y }; // face-api's box, not the floored origin of the slice
  }
  const aligned = alignMinBbox(await nets.detectFaceLandmarks(face));
  // an empty aligned box leaves the last chip face-api extracted: the SSD's region, when there was one
  const chip = extractFace(crop, { ...aligned, x: aligned.x + offset.x, y: aligned.y + offset.y }) ?? sub;
  if (!chip) return null;
  return nets.computeFaceDescriptor(chip);
}

/** The 128-d descriptor of the face in `box` (human's box, image pixels), or null when face-api finds no face chip. */
export async function resnetDescriptor(
  image: Pixels,
  box: Box,
  boxScale = 1,
  refine = false,
  runtimes: FaceApiRuntimes = current,
): Promise<number[] | null> {
  const crop = await squareCrop(image, box, boxScale, refine ? 300 : 200);
  const descriptor = await descriptorOfCrop(crop, refine, netsOf(runtimes));
  return descriptor ? Array.from(descriptor) : null;
}
