import "server-only";
import path from "node:path";
import type { InferenceSession as Session } from "onnxruntime-node";
import { faceModelsDir } from "./face-api-onnx";
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
  nonMaxSuppression,
  resizeBilinear,
  rotateWithOffset,
  rotationMatrix,
  roundScore,
  type DetectBox,
} from "./human-ops";

// @vladmandic/human 3.3's face pipeline as the checks configure it (human-tfjs.ts humanConfig: BlazeFace with
// rotation correction, box scale 1.4, at most 5 faces, confidence 0.5; the 468-point mesh; angles; antispoof and
// liveness) on onnxruntime-node: the graphs are human's own models converted by tools/make/human-onnx.py
// (models/PROVENANCE.md), the steps around them human-ops.ts. Parity with Human on TF.js: docs/accuracy.md
// "Human on onnxruntime" (tools/eval/human-onnx-parity.ts). One intra-op thread, as face-api-onnx.ts, since the
// worker's other steps share the machine's two cores.

export const HUMAN_ONNX_MODELS = {
  detector: "human-blazeface.onnx",
  mesh: "human-facemesh.onnx",
  antispoof: "human-antispoof.onnx",
  liveness: "human-liveness.onnx",
} as const;

type Model = keyof typeof HUMAN_ONNX_MODELS;
type Loaded = { ort: typeof import("onnxruntime-node"); sessions: Record<Model, Session> };

/** The checks' detector settings (human-tfjs.ts humanConfig with no descriptor). */
export const DETECTOR = { size: 256, meshSize: 192, scale: 1.4, maxDetected: 5, minConfidence: 0.5, iou: 0.1 } as const;
const ANCHORS = blazeAnchors(DETECTOR.size);

let loading: Promise<Loaded> | null = null;

async function load(): Promise<Loaded> {
  const ort = await import("onnxruntime-node");
  const options = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  } as const;
  const sessions = {} as Record<Model, Session>;
  for (const [model, file] of Object.entries(HUMAN_ONNX_MODELS) as [Model, string][])
    sessions[model] = await ort.InferenceSession.create(path.join(faceModelsDir(), file), options);
  return { ort, sessions };
}

export function humanOnnx(): Promise<Loaded> {
  loading ??= load().catch((error) => {
    loading = null; // a failed load is retried by the next caller
    throw error;
  });
  return loading;
}

/** Runs one converted model on an NHWC float32 input; its outputs by name. */
export async function runHumanModel(
  model: Model,
  input: Float32Array,
  shape: number[],
): Promise<Record<string, Float32Array>> {
  const { ort, sessions } = await humanOnnx();
  const result = await sessions[model].run({ input: new ort.Tensor("float32", input, shape) });
  const out: Record<string, Float32Array> = {};
  for (const [name, tensor] of Object.entries(result)) out[name] = tensor.data as Float32Array;
  return out;
}

/** What each step saw and gave, for the parity evaluation (which feeds the same tensors to TF.js). */
export type HumanTrace = {
  detectorInput: Float32Array;
  boxes: DetectBox[];
  faces: { angle: number; crop: Float32Array; faceScore: number; real: number; live: number }[];
};

/** The detector's boxes (blazeface.getBoxes). */
async function detect(pixels: Float32Array, height: number, width: number, trace?: HumanTrace): Promise<DetectBox[]> {
  const input = blazeInput(pixels, height, width, DETECTOR.size);
  if (trace) trace.detectorInput = input;
  const out = await runHumanModel("detector", input, [1, DETECTOR.size, DETECTOR.size, 3]);
  // human's converted model names its outputs Identity…Identity_3: scores 512/384, regressors 512/384
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
  );
  const factor: [number, number] = [width / DETECTOR.size, height / DETECTOR.size];
  return picked
    .filter((i) => decoded.scores[i]! > DETECTOR.minConfidence)
    .map((i) => detectBox(decoded, i, ANCHORS[i]!, factor, DETECTOR.scale))
    .filter((b) => b.size[0] > 0 && b.size[1] > 0);
}

/** Faces in RGB pixels, in human's order (the caller sorts), as human-tfjs.ts reports them. */
export async function detectFacesOnnx(
  image: { data: Buffer | Uint8Array; width: number; height: number },
  trace?: HumanTrace,
): Promise<FaceObservation[]> {
  const { width, height } = image;
  const pixels = Float32Array.from(image.data);
  const boxes = await detect(pixels, height, width, trace);
  if (trace) Object.assign(trace, { boxes, faces: [] });
  const faces: FaceObservation[] = [];
  for (const box of boxes) {
    // facemeshutil correctFaceRotation: rotate the whole image about the box centre when the face leans > 0.2 rad
    const angle = faceRotation(box);
    const large = isLargeAngle(angle);
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
    const mesh = await runHumanModel("mesh", crop, [1, DETECTOR.meshSize, DETECTOR.meshSize, 3]);
    const faceScore = roundScore(mesh.Identity_1![0]!);
    // facemesh.predict drops a mesh below minConfidence, and returns a face only when its score is above it
    if (!(faceScore > DETECTOR.minConfidence)) {
      trace?.faces.push({ angle, crop, faceScore, real: NaN, live: NaN });
      continue;
    }
    const points = meshToImage(mesh.Identity_2!, box, angle, rotation, DETECTOR.meshSize);
    const faceBox = meshBox(points, box);
    const rawBox: [number, number, number, number] = [
      faceBox.startPoint[0] / width,
      faceBox.startPoint[1] / height,
      (faceBox.endPoint[0] - faceBox.startPoint[0]) / width,
      (faceBox.endPoint[1] - faceBox.startPoint[1]) / height,
    ];
    const angles = faceAngles(points, rawBox, width, height, DETECTOR.meshSize);
    // antispoof.ts / liveness.ts: the mesh's crop resized (bilinear) to each model's input, first output rounded
    const spoofIn = resizeBilinear(crop, DETECTOR.meshSize, DETECTOR.meshSize, 128, 128);
    const real = roundScore((await runHumanModel("antispoof", spoofIn, [1, 128, 128, 3])).Identity![0]!);
    const liveIn = resizeBilinear(crop, DETECTOR.meshSize, DETECTOR.meshSize, 32, 32);
    const live = roundScore((await runHumanModel("liveness", liveIn, [1, 32, 32, 3])).Identity![0]!);
    trace?.faces.push({ angle, crop, faceScore, real, live });
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
