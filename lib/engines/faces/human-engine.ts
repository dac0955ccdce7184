import "server-only";
import sharp from "sharp";
import { setting } from "@/lib/core/env";
import { SHIPPED_IDENTITY_DESCRIPTOR } from "./descriptors";
import type { FaceObservation } from "./face-observation";
import { facePool, FacePoolError, facePoolStatus } from "./face-pool";
import { detectFacesOnnx, humanOnnx } from "./human-onnx";
import { clearOfEdges, DETECTOR, type Edge, type PipelineResult } from "./human-pipeline";
import { faceApi, faceApiRuntimes, resnetDescriptor } from "./resnet-descriptor";

// The checks' face engine: @vladmandic/human's pipeline (BlazeFace, face mesh, angles, antispoof, liveness) on
// onnxruntime-node (human-onnx.ts: human's models converted, its steps rewritten in human-pipeline.ts), every frame.
// TF.js is neither imported nor loaded by the service (issue 35: docs/accuracy.md "ONNX on every frame" measured
// that no figure moves). Two comparison runtimes stay, each loading Human on TF.js WASM (human-tfjs.ts, imported only
// then): FACE_RUNTIME=onnx-exact answers a frame where one of human's rounding or threshold steps fell closer to its
// edge than the two runtimes can differ (human-pipeline.ts EDGE_MARGINS) with Human itself, so every result equals
// Human-on-TF.js' (the tree before the switch); FACE_RUNTIME=tfjs runs Human on TF.js for every frame (the
// benchmarks' baseline). Models are loaded once per process on first use and kept warm. With FACE_WORKERS set, the
// ONNX work runs in the face pool's worker threads (face-pool.ts): frames sent together are analysed side by side,
// each worker one at a time. Without the pool (0, the default, or when it cannot start or has died), and for
// everything on TF.js, work on this thread is serialised through one queue: two concurrent steps interleave frame by
// frame instead of contending for the same cores (and TF.js runs one graph at a time on its backend).

export type { FaceObservation } from "./face-observation";

/** How much human enlarges blazeface's box before the mesh (its `detector.scale`); the returned box keeps it. */
export const DETECTOR_BOX_SCALE = DETECTOR.scale;

export type FaceRuntime = "onnx" | "onnx-exact" | "tfjs";
let runtime: FaceRuntime = setting("FACE_RUNTIME");

export type { PipelineResult };

// Human on TF.js, for the comparison runtimes only: a dynamic import, so the service never reads the module
const tfjs = () => import("./human-tfjs");

/**
 * Frames answered on onnxruntime, frames answered by Human on TF.js, and frames whose ONNX answer sat near one of
 * human's edges, by edge kind (handed to TF.js under onnx-exact; taken as they are under onnx).
 */
const stats = { onnx: 0, tfjs: 0, edges: {} as Partial<Record<Edge, number>> };

export function faceEngineStats() {
  return { onnx: stats.onnx, tfjs: stats.tfjs, edges: { ...stats.edges } };
}

/** Which runtime detectFacesInPixels uses: the evaluations and benchmarks compare both in one process. */
export function setFaceRuntime(next: FaceRuntime): void {
  runtime = next;
}

export function faceRuntime(): FaceRuntime {
  return runtime;
}

/** Largest side a still or frame is scaled to before detection: the detector works at 256 px, the mesh and
 * descriptor on crops, so more pixels only cost decode time. */
const MAX_SIDE = 640;

let queue: Promise<unknown> = Promise.resolve();

function serialised<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn);
  queue = run.catch(() => undefined);
  return run;
}

/** Loads the models now (e.g. before a benchmark) instead of on the first detection. */
export async function warmFaceEngine(): Promise<{ runtime: FaceRuntime; backend: string }> {
  if (runtime === "tfjs") {
    const h = await (await tfjs()).humanTfjs();
    return { runtime, backend: `Human ${h.version} on TF.js ${h.tf.getBackend()}` };
  }
  // the pool's workers hold the sessions; this thread loads its own only when there is no pool or none of its
  // workers started (a pool that dies later has this thread load them on its first detection)
  await facePool()?.warm();
  if (!facePool()) await humanOnnx();
  if (runtime === "onnx") return { runtime, backend: `onnxruntime-node, every frame (face pool: ${facePoolStatus()})` };
  // onnx-exact: Human on TF.js is loaded with the ONNX sessions, as a frame near an edge needs it, and its load
  // (~1 s) belongs at start, not in the middle of a verification
  const h = await (await tfjs()).humanTfjs();
  return {
    runtime,
    backend: `onnxruntime-node (Human ${h.version} on TF.js ${h.tf.getBackend()} near an edge; face pool: ${facePoolStatus()})`,
  };
}

/**
 * Loads the identity descriptor's nets where they will run: in this thread, unless the face pool runs them (its
 * workers loaded them when warmFaceEngine warmed the pool; this thread loads its own on first use if the pool dies).
 */
export async function warmIdentityDescriptor(): Promise<void> {
  const onnx = Object.values(faceApiRuntimes()).every((r) => r === "onnx");
  if (onnx && facePool()) return;
  await faceApi();
}

/** Decoded RGB pixels of an image, scaled to at most MAX_SIDE, EXIF orientation applied. */
export async function decodeImage(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Raw RGB pixels scaled as decodeImage scales an image (to at most MAX_SIDE); returned as they are when they fit. */
export async function fitPixels(image: { data: Buffer; width: number; height: number }) {
  if (image.width <= MAX_SIDE && image.height <= MAX_SIDE) return image;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Faces in an image (any format sharp decodes), largest first. */
export async function detectFaces(bytes: Buffer): Promise<FaceObservation[]> {
  const image = await decodeImage(bytes);
  return detectFacesInPixels(image);
}

/** Faces in RGB pixels, largest first. */
export async function detectFacesInPixels(image: {
  data: Buffer;
  width: number;
  height: number;
}): Promise<FaceObservation[]> {
  const faces = await detectUnsorted(image);
  return faces.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
}

async function detectUnsorted(image: { data: Buffer; width: number; height: number }): Promise<FaceObservation[]> {
  if (runtime === "tfjs") return detectOnTfjs(image);
  const exact = runtime === "onnx-exact";
  // under onnx the pipeline runs to the end and reports how close it came to each edge (counted, not acted on)
  const result = await onPoolOrHere(
    (pool) => pool.detect(image, exact),
    () => detectFacesOnnx(image, undefined, exact),
  );
  const { clear, edges } = clearOfEdges(result.closest);
  for (const edge of edges) stats.edges[edge] = (stats.edges[edge] ?? 0) + 1;
  if (clear || !exact) {
    stats.onnx++;
    return result.faces;
  }
  return detectOnTfjs(image);
}

async function detectOnTfjs(image: { data: Buffer; width: number; height: number }): Promise<FaceObservation[]> {
  const { detectFacesTfjs } = await tfjs();
  stats.tfjs++;
  return serialised(() => detectFacesTfjs(image));
}

/** The pool's answer, or this thread's (serialised) when there is no pool or it cannot answer. */
async function onPoolOrHere<T>(
  onPool: (pool: NonNullable<ReturnType<typeof facePool>>) => Promise<T>,
  here: () => Promise<T>,
): Promise<T> {
  const pool = facePool();
  if (pool) {
    try {
      return await onPool(pool);
    } catch (error) {
      // a dead or closed pool: the same functions run here instead (a model's own error is thrown as before)
      if (!(error instanceof FacePoolError)) throw error;
    }
  }
  return serialised(here);
}

/**
 * The identity descriptor (SHIPPED_IDENTITY_DESCRIPTOR, face-api's ResNet-34) of a face found in `image`, or null
 * when it cannot be computed. face-api's nets run on onnxruntime (resnet-descriptor.ts), through the same queue as
 * detections: one face's work at a time, as the worker's cores are shared.
 */
export async function identityDescriptor(
  image: { data: Buffer; width: number; height: number },
  face: Pick<FaceObservation, "box">,
): Promise<number[] | null> {
  const spec = SHIPPED_IDENTITY_DESCRIPTOR;
  const here = () => resnetDescriptor(image, face.box, spec.boxScale, spec.refine);
  // the workers run face-api's nets on onnxruntime only: a process that moved them to TF.js keeps them here
  const onnx = Object.values(faceApiRuntimes()).every((r) => r === "onnx");
  if (!onnx) return serialised(here);
  return onPoolOrHere((pool) => pool.describe(image, face.box, spec.boxScale, spec.refine ?? false), here);
}
