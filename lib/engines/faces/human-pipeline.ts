import type { FaceObservation } from "./face-observation";
import {
  blazeAnchors,
  blazeInput,
  clampBox,
  cutAndResize,
  decodeBlaze,
  detectBox,
  faceAngles,
  faceRotation,
  isLargeAngle,
  meshBox,
  meshToImage,
  iou,
  nonMaxSuppression,
  resizeBilinear,
  rotateWithOffset,
  rotationMatrix,
  roundScore,
  type DetectBox,
} from "./human-ops";

// human 3.3's face pipeline (facemesh.predict + face.ts for the parts the checks enable) around four models that a
// runner executes: onnxruntime in the service (human-onnx.ts), TF.js in the parity evaluation — the same steps, so
// the evaluation can tell the models' differences from the steps'. No server-only import: it runs no model itself.
//
// Human's steps are not continuous: scores are rounded to 2 decimals, box corners to whole pixels, mesh points
// truncated to whole pixels, the image rotated only past 0.2 rad. Two runtimes whose outputs differ by 1e-4 agree
// on every result except where a value falls that close to one of those edges; there a 1e-4 difference becomes a
// pixel of box, 0.3° of yaw or 0.01 of a score. So the pipeline also reports how close each decision came to its
// edge (`closest`), and the caller takes its result only when every one is farther than the runtimes can differ
// (EDGE_MARGINS, from the differences measured on the real sets, docs/accuracy.md "Human on onnxruntime").

export type ModelName = "detector" | "mesh" | "antispoof" | "liveness";
/** Runs one of human's models on an NHWC float32 input; its outputs by the ONNX graph's names. */
export type ModelRunner = (
  model: ModelName,
  input: Float32Array,
  shape: number[],
) => Promise<Record<string, Float32Array>>;

/** The checks' detector settings (human-tfjs.ts humanConfig with no descriptor). */
export const DETECTOR = { size: 256, meshSize: 192, scale: 1.4, maxDetected: 5, minConfidence: 0.5, iou: 0.1 } as const;
const ANCHORS = blazeAnchors(DETECTOR.size);

/** The kinds of edge a result can sit on. */
export type Edge =
  "detector score" | "overlap" | "box corner" | "rotation" | "rotated face" | "mesh point" | "rounded score";

/**
 * How far from an edge a value must be for the ONNX result to be taken, in the value's own unit (score, IoU, image
 * px, radians, px/mesh units, hundredths). Each is at least ten times the largest difference between the runtimes
 * measured for that value on the development sets (faces, face-pairs, face-pad: tools/eval/human-onnx-parity.ts's
 * "edge values", 2026-11-29); the held-out halves judge them.
 */
export const EDGE_MARGINS: Record<Edge, number> = {
  "detector score": 1e-4, // score; measured 3.9e-6
  overlap: 1e-4, // IoU; measured 1.1e-6
  "box corner": 2e-3, // image px before rounding; measured 1.5e-4
  rotation: 1e-4, // radians; measured 1.0e-6
  "rotated face": 0, // any rotated face is near an edge (below)
  "mesh point": 4e-3, // image px (z: mesh units) before truncation; measured 3.2e-4 on faces not rotated
  "rounded score": 5e-3, // hundredths of a score before rounding; measured 2.8e-4 on faces not rotated
};

/** What each step saw and gave: inputs for the parity evaluation, and every edge value in a fixed order. */
export type HumanTrace = {
  detectorInput: Float32Array;
  boxes: DetectBox[];
  /** per face in human's order, a dropped one (score at or below the threshold) with no points and NaN scores */
  faces: {
    angle: number;
    crop: Float32Array;
    faceScore: number;
    real: number;
    live: number;
    /** the 468 mesh points in image pixels, truncated as human's `face.mesh` (z in mesh units) */
    points: [number, number, number][];
  }[];
  /** per edge kind, the values compared with their edge, in pipeline order (the evaluation diffs the runtimes') */
  values: Record<Edge, number[]>;
};

export type PipelineResult = {
  faces: FaceObservation[];
  /** per edge kind, the smallest distance of a value to its edge */
  closest: Record<Edge, number>;
};

const frac = (v: number) => v - Math.floor(v);
const toInteger = (v: number) => Math.min(frac(v), 1 - frac(v)); // distance to the nearest integer (trunc/floor edge)
const toHalf = (v: number) => Math.abs(frac(v) - 0.5); // distance to the nearest x.5 (Math.round's edge)

/** Runs the pipeline on RGB pixels; faces in human's order (the caller sorts). */
export async function runHumanPipeline(
  image: { data: Buffer | Uint8Array; width: number; height: number },
  run: ModelRunner,
  trace?: HumanTrace,
  stopNearEdge = false,
): Promise<PipelineResult> {
  const closest = Object.fromEntries(Object.keys(EDGE_MARGINS).map((k) => [k, Infinity])) as Record<Edge, number>;
  const values = Object.fromEntries(Object.keys(EDGE_MARGINS).map((k) => [k, [] as number[]])) as Record<
    Edge,
    number[]
  >;
  if (trace) trace.values = values;
  const near = (edge: Edge, value: number, distance: number) => {
    values[edge].push(value);
    closest[edge] = Math.min(closest[edge], distance);
    // the caller will hand this frame over anyway: the rest of the work would be thrown away
    if (stopNearEdge && !(distance > EDGE_MARGINS[edge])) throw new NearEdge();
  };
  try {
    return { faces: await steps(image, run, near, trace), closest };
  } catch (error) {
    if (error instanceof NearEdge) return { faces: [], closest };
    throw error;
  }
}

class NearEdge extends Error {}

async function steps(
  image: { data: Buffer | Uint8Array; width: number; height: number },
  run: ModelRunner,
  near: (edge: Edge, value: number, distance: number) => void,
  trace?: HumanTrace,
): Promise<FaceObservation[]> {
  const { width, height } = image;
  const pixels = image.data; // bytes: every step reads them as numbers, as TF.js' float32 copy holds them

  // blazeface.getBoxes
  const input = blazeInput(pixels, height, width, DETECTOR.size);
  const out = await run("detector", input, [1, DETECTOR.size, DETECTOR.size, 3]);
  // the converted graph names its outputs Identity…Identity_3: scores 512/384, regressors 512/384
  const decoded = decodeBlaze(
    { score512: out.Identity!, score384: out.Identity_1!, reg512: out.Identity_2!, reg384: out.Identity_3! },
    ANCHORS,
    DETECTOR.size,
  );
  const picked = nonMaxSuppression(
    decoded.boxes,
    decoded.scores,
    DETECTOR.maxDetected,
    DETECTOR.iou,
    DETECTOR.minConfidence,
    (overlap) => near("overlap", overlap, Math.abs(overlap - DETECTOR.iou)),
  );
  // an anchor scoring near the threshold changes the faces only if NMS would keep it: one overlapping a kept box
  // (by more than the overlap edge's margin) is dropped on either side of the threshold
  decoded.scores.forEach((score, i) => {
    const d = Math.abs(score - DETECTOR.minConfidence);
    if (d >= 0.05) return;
    const others = picked.filter((j) => j !== i);
    if (others.some((j) => iou(decoded.boxes, i, j) >= DETECTOR.iou + EDGE_MARGINS.overlap)) return;
    near("detector score", score, d);
  });
  const factor: [number, number] = [width / DETECTOR.size, height / DETECTOR.size];
  const boxes = picked
    .filter((i) => decoded.scores[i]! > DETECTOR.minConfidence)
    .map((i) => detectBox(decoded, i, ANCHORS[i]!, factor, DETECTOR.scale, (v) => near("box corner", v, toHalf(v))))
    .filter((b) => b.size[0] > 0 && b.size[1] > 0);
  if (trace) Object.assign(trace, { detectorInput: input, boxes, faces: [] });

  const faces: FaceObservation[] = [];
  for (const box of boxes) {
    // facemeshutil correctFaceRotation: rotate the whole image about the box centre when the face leans > 0.2 rad
    const angle = faceRotation(box);
    near("rotation", angle, Math.abs(Math.abs(angle) - 0.2));
    const large = isLargeAngle(angle);
    // a rotated crop takes each pixel from its nearest source pixel: the runtimes' angles differ by ~1e-6 rad, which
    // moves a few of those picks by a pixel and the mesh by up to 0.15 px (measured): never clear of an edge
    near("rotated face", large ? 1 : 0, large ? 0 : Infinity);
    const c: [number, number] = [
      box.startPoint[0] + (box.endPoint[0] - box.startPoint[0]) / 2,
      box.startPoint[1] + (box.endPoint[1] - box.startPoint[1]) / 2,
    ];
    const source = large ? rotateWithOffset(pixels, height, width, angle, c[0] / width, c[1] / height) : pixels;
    const rotation = large
      ? rotationMatrix(-angle, c)
      : [
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ];
    const crop = cutAndResize(source, height, width, box, DETECTOR.meshSize);
    const mesh = await run("mesh", crop, [1, DETECTOR.meshSize, DETECTOR.meshSize, 3]);
    const flag = mesh.Identity_1![0]!;
    near("rounded score", flag * 100, toHalf(flag * 100));
    const faceScore = roundScore(flag);
    // facemesh.predict drops a mesh below minConfidence, and returns a face only when its score is above it
    if (!(faceScore > DETECTOR.minConfidence)) {
      trace?.faces.push({ angle, crop, faceScore, real: NaN, live: NaN, points: [] });
      continue;
    }
    const { points, unrounded } = meshToImage(mesh.Identity_2!, box, angle, rotation, DETECTOR.meshSize);
    // the box reads the extreme points, the angles points 10, 152, 234 and 454: only their truncation matters
    const xs = unrounded.map((p) => p[0]);
    const ys = unrounded.map((p) => p[1]);
    for (const v of [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)])
      near("mesh point", v, toInteger(v));
    for (const i of [10, 152, 234, 454]) for (const v of unrounded[i]!) near("mesh point", v, toInteger(v));
    const faceBox = meshBox(points, box);
    const rawBox: [number, number, number, number] = [
      faceBox.startPoint[0] / width,
      faceBox.startPoint[1] / height,
      (faceBox.endPoint[0] - faceBox.startPoint[0]) / width,
      (faceBox.endPoint[1] - faceBox.startPoint[1]) / height,
    ];
    const angles = faceAngles(points, rawBox, width, height, DETECTOR.meshSize);
    // antispoof.ts / liveness.ts: the mesh's crop resized (bilinear) to each model's input, first output rounded
    const spoof = (
      await run("antispoof", resizeBilinear(crop, DETECTOR.meshSize, DETECTOR.meshSize, 128, 128), [1, 128, 128, 3])
    ).Identity![0]!;
    const alive = (
      await run("liveness", resizeBilinear(crop, DETECTOR.meshSize, DETECTOR.meshSize, 32, 32), [1, 32, 32, 3])
    ).Identity![0]!;
    near("rounded score", spoof * 100, toHalf(spoof * 100));
    near("rounded score", alive * 100, toHalf(alive * 100));
    const [real, live] = [roundScore(spoof), roundScore(alive)];
    trace?.faces.push({ angle, crop, faceScore, real, live, points });
    const deg = (radians: number) => (radians * 180) / Math.PI;
    faces.push({
      score: faceScore,
      box: clampBox(faceBox, width, height),
      yaw: deg(angles.yaw),
      pitch: deg(angles.pitch),
      roll: deg(angles.roll),
      embedding: [],
      real,
      live,
    });
  }
  return faces;
}

/** Whether every decision of a run was far enough from its edge for another runtime to have decided the same. */
export function clearOfEdges(closest: Record<Edge, number>): { clear: boolean; edges: Edge[] } {
  const edges = (Object.keys(EDGE_MARGINS) as Edge[]).filter((e) => !(closest[e] > EDGE_MARGINS[e]));
  return { clear: edges.length === 0, edges };
}
