import "server-only";
import path from "node:path";
import type { InferenceSession as Session } from "onnxruntime-node";
import { faceModelsDir } from "./face-api-onnx";
import { runHumanPipeline, type HumanTrace, type ModelName, type PipelineResult } from "./human-pipeline";

// @vladmandic/human 3.3's face models on onnxruntime-node: human's own blazeface, facemesh, antispoof and liveness
// graphs converted by tools/make/human-onnx.py (models/PROVENANCE.md), run by human-pipeline.ts's steps. One
// intra-op thread, as face-api-onnx.ts, since the worker's other steps share the machine's two cores.

export const HUMAN_ONNX_MODELS: Record<ModelName, string> = {
  detector: "human-blazeface.onnx",
  mesh: "human-facemesh.onnx",
  antispoof: "human-antispoof.onnx",
  liveness: "human-liveness.onnx",
};

type Loaded = { ort: typeof import("onnxruntime-node"); sessions: Record<ModelName, Session> };

let loading: Promise<Loaded> | null = null;

async function load(): Promise<Loaded> {
  const ort = await import("onnxruntime-node");
  const options = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  } as const;
  const sessions = {} as Record<ModelName, Session>;
  for (const [model, file] of Object.entries(HUMAN_ONNX_MODELS) as [ModelName, string][])
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
  model: ModelName,
  input: Float32Array,
  shape: number[],
): Promise<Record<string, Float32Array>> {
  const { ort, sessions } = await humanOnnx();
  const result = await sessions[model].run({ input: new ort.Tensor("float32", input, shape) });
  const out: Record<string, Float32Array> = {};
  for (const [name, tensor] of Object.entries(result)) out[name] = tensor.data as Float32Array;
  return out;
}

/** Faces in RGB pixels on onnxruntime, in human's order, with how close each decision came to its edge. */
export function detectFacesOnnx(
  image: { data: Buffer | Uint8Array; width: number; height: number },
  trace?: HumanTrace,
  stopNearEdge = false,
): Promise<PipelineResult> {
  return runHumanPipeline(image, runHumanModel, trace, stopNearEdge);
}
