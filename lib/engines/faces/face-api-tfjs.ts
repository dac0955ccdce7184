import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import type { Detection, Point, Rgb } from "./face-api-ops";
import { resolveReference } from "./tfjs-reference";

// face-api's own nets on TF.js (WASM): the reference the ONNX graphs are checked against (tools/eval/face-onnx-parity.ts,
// the baseline of tools/bench/checks-liveness.ts), and the runtime of any net not yet switched. face-api's CommonJS
// build requires @tensorflow/tfjs, whose core is the same module human runs on, so both use the one WASM backend human
// has set up; calls are serialised by the caller (human-engine's queue) because tfjs runs one graph at a time.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FaceApi = any;

/** The three nets resnet-descriptor.ts' pipeline calls, on plain RGB pixels, whatever runs them. */
export type FaceApiNets = {
  /** detectSingleFace(image, SsdMobilenetv1Options({ minConfidence })), box in image pixels */
  detectSingleFace(image: Rgb, minConfidence: number): Promise<Detection | undefined>;
  /** detectFaceLandmarks(face).positions */
  detectFaceLandmarks(face: Rgb): Promise<Point[]>;
  /** computeFaceDescriptor(chip) */
  computeFaceDescriptor(chip: Rgb): Promise<Float32Array>;
};

/** npm package of the model; its folder model/ holds the weights (nothing is fetched). */
export const RESNET_PACKAGE = "@vladmandic/face-api";

export function faceApiDir(): string {
  return path.dirname(path.dirname(resolveReference(RESNET_PACKAGE)));
}

let loading: Promise<FaceApi> | null = null;

async function load(): Promise<FaceApi> {
  const dir = faceApiDir();
  const req = createRequire(path.join(dir, "package.json"));
  const faceapi = req(path.join(dir, "dist", "face-api.node-wasm.js"));
  if (faceapi.tf.getBackend() !== "wasm") {
    // standalone use (the evaluation's worker, the parity tool): set up the WASM backend from the installed package
    const wasm = req("@tensorflow/tfjs-backend-wasm");
    wasm.setWasmPaths(
      `${path.join(path.dirname(path.dirname(req.resolve("@tensorflow/tfjs-backend-wasm"))), "dist")}/`,
    );
    await faceapi.tf.setBackend("wasm");
    await faceapi.tf.ready();
  }
  const modelDir = path.join(dir, "model");
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  return faceapi;
}

/** face-api with its three nets loaded on TF.js. */
export function faceApiTfjs(): Promise<FaceApi> {
  loading ??= load().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A Tensor3D [height, width, 3] int32 of the pixels, as resnet-descriptor.ts has always fed face-api. */
export function toTensor(faceapi: FaceApi, image: Rgb) {
  return faceapi.tf.tensor3d(
    image.data instanceof Uint8Array ? image.data : Uint8Array.from(image.data),
    [image.height, image.width, 3],
    "int32",
  );
}

async function withTensor<T>(image: Rgb, run: (faceapi: FaceApi, tensor: FaceApi) => Promise<T>): Promise<T> {
  const faceapi = await faceApiTfjs();
  const tensor = toTensor(faceapi, image);
  try {
    return await run(faceapi, tensor);
  } finally {
    tensor.dispose();
  }
}

export const tfjsNets: FaceApiNets = {
  detectSingleFace: (image, minConfidence) =>
    withTensor(image, async (faceapi, t) => {
      const found = await faceapi.detectSingleFace(t, new faceapi.SsdMobilenetv1Options({ minConfidence }));
      if (!found) return undefined;
      const { x, y, width, height } = found.box;
      return { score: found.score as number, box: { x, y, width, height } };
    }),
  detectFaceLandmarks: (face) =>
    withTensor(face, async (faceapi, t) => {
      const landmarks = await faceapi.detectFaceLandmarks(t);
      return (landmarks.positions as Point[]).map(({ x, y }) => ({ x, y }));
    }),
  computeFaceDescriptor: (chip) =>
    withTensor(chip, async (faceapi, t) => (await faceapi.computeFaceDescriptor(t)) as Float32Array),
};
