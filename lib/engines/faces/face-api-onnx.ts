import "server-only";
import path from "node:path";
import type { InferenceSession as Session } from "onnxruntime-node";
import type { FaceApiNets } from "./face-api-tfjs";
import {
  highestScore,
  landmarkPositions,
  locateFaces,
  toBatchInput,
  type Detection,
  type Point,
  type Rgb,
} from "./face-api-ops";

// face-api's SSD MobileNet v1, 68-landmark net and ResNet-34 descriptor on onnxruntime-node: the graphs in models/
// are face-api's own weights rebuilt op for op (tools/make/face-api-onnx.py, models/PROVENANCE.md), and every step
// around them is face-api's JavaScript (face-api-ops.ts). docs/accuracy.md "face-api on onnxruntime" has the parity
// measured against the TF.js nets on the real face sets. Loaded once per process on first use and run one net at a
// time (the caller's queue serialises faces); one intra-op thread by default, since the worker's other steps share
// the machine's two cores (docs/benchmarks.md has 1 vs 2 measured).

export const FACE_API_ONNX_MODELS = {
  ssd: "ssd_mobilenetv1.onnx",
  landmarks: "face_landmark_68.onnx",
  descriptor: "face_recognition.onnx",
} as const;

type Net = keyof typeof FACE_API_ONNX_MODELS;
type Loaded = { ort: typeof import("onnxruntime-node"); sessions: Record<Net, Session> };
export type { Rgb };

let threads = 1;
let loading: Promise<Loaded> | null = null;

export function faceModelsDir(): string {
  // from the app root at run time: Turbopack rewrites literal paths in the server build (see lib/engines/pad)
  return path.join(process.cwd(), "lib", "engines", "faces", "models");
}

/** Intra-op threads of the sessions; only before the first load (the benchmark compares 1 and 2). */
export function setFaceApiOnnxThreads(n: number): void {
  if (loading) throw new Error("face-api ONNX sessions are already loaded");
  threads = n;
}

async function load(): Promise<Loaded> {
  const ort = await import("onnxruntime-node");
  const options = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  } as const;
  const sessions = {} as Record<Net, Session>;
  for (const [net, file] of Object.entries(FACE_API_ONNX_MODELS) as [Net, string][])
    sessions[net] = await ort.InferenceSession.create(path.join(faceModelsDir(), file), options);
  return { ort, sessions };
}

export function faceApiOnnx(): Promise<Loaded> {
  loading ??= load().catch((error: unknown) => {
    loading = null; // a failed load is retried by the next caller
    throw error;
  });
  return loading;
}

async function run(net: Net, input: Float32Array, size: number): Promise<Record<string, Float32Array>> {
  const { ort, sessions } = await faceApiOnnx();
  const session = sessions[net];
  const output = await session.run({ input: new ort.Tensor("float32", input, [1, size, size, 3]) });
  const out: Record<string, Float32Array> = {};
  for (const name of session.outputNames) out[name] = output[name]!.data as Float32Array;
  return out;
}

/** detectSingleFace(image, SsdMobilenetv1Options({ minConfidence })): the best face, in image pixels, or undefined. */
export async function detectSingleFace(image: Rgb, minConfidence: number): Promise<Detection | undefined> {
  const { boxes, scores } = await run("ssd", toBatchInput(image, 512, false), 512);
  return highestScore(locateFaces(boxes!, scores!, image, 512, minConfidence));
}

/** detectFaceLandmarks(face): 68 points in the face image's pixels. */
export async function detectFaceLandmarks(face: Rgb): Promise<Point[]> {
  const { landmarks } = await run("landmarks", toBatchInput(face, 112, true), 112);
  return landmarkPositions(landmarks!, 112, face.width, face.height);
}

/** computeFaceDescriptor(chip): the 128-d descriptor. */
export async function computeFaceDescriptor(chip: Rgb): Promise<Float32Array> {
  const { descriptor } = await run("descriptor", toBatchInput(chip, 150, true), 150);
  return descriptor!;
}

/** The three nets on onnxruntime, for resnet-descriptor.ts' pipeline. */
export const onnxNets: FaceApiNets = { detectSingleFace, detectFaceLandmarks, computeFaceDescriptor };

/** The graph's raw outputs for one image (the parity tool compares them with TF.js'): 5118 boxes and scores. */
export async function ssdRaw(image: Rgb): Promise<{ boxes: Float32Array; scores: Float32Array }> {
  const { boxes, scores } = await run("ssd", toBatchInput(image, 512, false), 512);
  return { boxes: boxes!, scores: scores! };
}
