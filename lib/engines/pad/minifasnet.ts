import "server-only";
import path from "node:path";
import type { InferenceSession as Session } from "onnxruntime-node";
import { cropPatch, toBgrPlanes, PATCH_SIZE, type PixelBox } from "./crop-patch";
import type { U8Image } from "./opencv-resize";

// The MiniFASNet pair (minivision's Silent-Face-Anti-Spoofing, Apache-2.0; models/NOTICE.md) on onnxruntime-node.
// Loaded once per process on first use (a module-level promise: two steps asking at once share one load) and run one
// face at a time on one thread: a face costs a few milliseconds, and the machine's cores belong to the other steps.
// The model files are found from the app root at run time (Turbopack rewrites literal paths in the server build;
// onnxruntime-node is in next.config.mjs' serverExternalPackages).

export const PAD_MODELS = [
  { name: "MiniFASNetV2", file: "MiniFASNetV2.onnx", scale: 2.7 },
  { name: "MiniFASNetV1SE", file: "MiniFASNetV1SE.onnx", scale: 4.0 },
] as const;

export const PAD_ENGINE = "MiniFASNetV2 (2.7×) + MiniFASNetV1SE (4.0×), onnxruntime-node";

const SESSION_OPTIONS = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: "sequential",
  // a 1.7 MB model: the arena would keep buffers for nothing (paddle-engine.ts measured what it costs)
  enableCpuMemArena: false,
} as const;

type Loaded = { ort: typeof import("onnxruntime-node"); sessions: Session[] };
let loading: Promise<Loaded> | null = null;
let queue: Promise<unknown> = Promise.resolve();

export function padModelsDir(): string {
  return path.join(process.cwd(), "lib", "engines", "pad", "models");
}

async function load(): Promise<Loaded> {
  const ort = await import("onnxruntime-node");
  const sessions: Session[] = [];
  for (const model of PAD_MODELS)
    sessions.push(await ort.InferenceSession.create(path.join(padModelsDir(), model.file), SESSION_OPTIONS));
  return { ort, sessions };
}

function models(): Promise<Loaded> {
  loading ??= load().catch((error: unknown) => {
    loading = null; // a failed load is retried by the next caller
    throw error;
  });
  return loading;
}

/** Loads the models now (a benchmark, a warm start) instead of on the first face. */
export async function warmPadEngine(): Promise<void> {
  await models();
}

function softmax(logits: ArrayLike<number>): number[] {
  const max = Math.max(...Array.from(logits));
  const exps = Array.from(logits, (x) => Math.exp(x - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/** Each model's real-face probability (softmax class 1) for one model input tensor [1,3,80,80]. */
export async function runPadModel(index: number, input: Float32Array): Promise<number> {
  const { ort, sessions } = await models();
  const session = sessions[index]!;
  const job = queue.then(async () => {
    const tensor = new ort.Tensor("float32", input, [1, 3, PATCH_SIZE, PATCH_SIZE]);
    const output = await session.run({ [session.inputNames[0]!]: tensor });
    return softmax(output[session.outputNames[0]!]!.data as Float32Array)[1]!;
  });
  queue = job.catch(() => undefined);
  return job;
}

export type PadScore = {
  /** mean of the two models' real-face probability: 1 = a live face, 0 = a printed photo or a screen */
  real: number;
  perModel: { name: string; real: number }[];
};

/** The pair's real-face probability for the face `box` (pixels) in an RGB image, as the reference computes it. */
export async function scoreFaceBox(image: U8Image, box: PixelBox): Promise<PadScore> {
  const perModel: { name: string; real: number }[] = [];
  for (const [i, model] of PAD_MODELS.entries()) {
    const input = toBgrPlanes(cropPatch(image, box, model.scale));
    perModel.push({ name: model.name, real: await runPadModel(i, input) });
  }
  return { real: perModel.reduce((sum, m) => sum + m.real, 0) / perModel.length, perModel };
}
