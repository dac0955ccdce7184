import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { cosineSimilarity, SHIPPED_IDENTITY_DESCRIPTOR } from "@/lib/engines/faces/descriptors";
import { toBatchInput, type Rgb } from "@/lib/engines/faces/face-api-ops";
import { faceApiOnnx, onnxNets, setFaceApiOnnxThreads, ssdRaw } from "@/lib/engines/faces/face-api-onnx";
import { faceApiTfjs, tfjsNets, toTensor } from "@/lib/engines/faces/face-api-tfjs";
import { decodeImage, detectFacesInPixels } from "@/lib/engines/faces/human-engine";
import { descriptorOfCrop, squareCrop } from "@/lib/engines/faces/resnet-descriptor";
import { loadFaceSet } from "@/test/real-faces";
import { SETUP_COMMAND, tfjsReferenceInstalled } from "@/lib/engines/faces/tfjs-reference";

// Parity of face-api's nets on onnxruntime (lib/engines/faces/models, built by tools/make/face-api-onnx.py) with the
// same nets on TF.js, on real photos, the way the service feeds them: each photo decoded as uploads are
// (decodeImage), human's largest face, the shipped descriptor's square crop (resnet-descriptor.ts). Then, on identical
// inputs, each net's outputs under both runtimes, and the whole descriptor sequence under each:
//   ssd input     the 512×512 tensor face-api builds (NetInput.toBatchTensor) vs face-api-ops' toBatchInput
//   ssd raw       all 5118 anchor scores; their boxes in crop pixels, all of them and those NMS sees (score > 0.2,
//                 the shipped minConfidence: only those can become the detection)
//   ssd face      detectSingleFace(minConfidence 0.2): score, box in crop pixels
//   landmarks     68 points (px) on TF.js' face region
//   descriptor    128 components on TF.js' aligned chip
//   end to end    the descriptor of the whole sequence (TF.js throughout vs ONNX throughout), and the cosine
//                 similarity of every labelled pair of the folder (test/real-faces.ts layouts) under each
// The goal (issue 35): every difference < 1e-3. A folder of images without labels (face-pad: images/) is read for
// the per-net and per-photo figures only.
//   node --import tsx --conditions=react-server tools/eval/face-onnx-parity.ts --data DIR [--data DIR …] [--threads N]

export type Max = { value: number; where: string };
const IMAGE = /\.(png|jpe?g|webp|bmp)$/i;

export function photosOf(dir: string): { files: string[]; pairs: { a: string; b: string }[] } {
  try {
    const set = loadFaceSet(dir);
    return { files: set.photos.map((p) => p.file), pairs: set.pairs };
  } catch {
    // no labels: every image under the folder (face-pad keeps them in images/)
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d).sort()) {
        const p = path.join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (IMAGE.test(f)) files.push(p);
      }
    };
    walk(dir);
    return { files, pairs: [] };
  }
}

export function track(maxes: Record<string, Max>, key: string, value: number, where: string) {
  const m = (maxes[key] ??= { value: 0, where: "" });
  if (value > m.value || !m.where) Object.assign(m, { value, where });
}

/** One folder's table of the largest differences (with where each was), each also tracked into `overall`. */
export function folderTable(
  lines: string[],
  heading: string,
  dir: string,
  maxes: Record<string, Max>,
  overall: Record<string, Max>,
): void {
  lines.push(heading, "", "| output | max abs difference | where |", "|---|---|---|");
  for (const [key, m] of Object.entries(maxes)) {
    lines.push(`| ${key} | ${m.value.toExponential(2)} | ${m.where} |`);
    track(overall, key, m.value, `${path.basename(dir)}/${m.where}`);
  }
  lines.push("");
}

export function maxAbs(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

async function tfjsSsdRaw(crop: Rgb): Promise<{ input: Float32Array; boxes: Float32Array; scores: Float32Array }> {
  const faceapi = await faceApiTfjs();
  const t = toTensor(faceapi, crop);
  try {
    const netInput = await faceapi.toNetInput(t);
    const batch = netInput.toBatchTensor(512, false);
    const input = new Float32Array(await batch.data());
    batch.dispose();
    const { boxes, scores } = faceapi.nets.ssdMobilenetv1.forwardInput(await faceapi.toNetInput(t));
    const out = {
      input,
      boxes: new Float32Array(await boxes[0].data()),
      scores: new Float32Array(await scores[0].data()),
    };
    for (const x of [...boxes, ...scores]) x.dispose();
    return out;
  } finally {
    t.dispose();
  }
}

export async function faceOnnxParity(dirs: readonly string[]): Promise<string> {
  const spec = SHIPPED_IDENTITY_DESCRIPTOR;
  const refine = Boolean(spec.refine);
  const size = refine ? 300 : 200;
  await faceApiTfjs();
  await faceApiOnnx();
  const lines: string[] = [];
  const overall: Record<string, Max> = {};
  for (const dir of dirs) {
    const maxes: Record<string, Max> = {};
    const { files, pairs } = photosOf(dir); // face-pad (images/ only) reads as one "person": its pairs are all pairs
    const tf = new Map<string, number[] | null>();
    const onnx = new Map<string, number[] | null>();
    let faces = 0,
      detectionsDiffer = 0;
    for (const file of files) {
      const name = path.relative(dir, file);
      const image = await decodeImage(await readFile(file));
      const [face] = await detectFacesInPixels(image);
      if (!face) {
        tf.set(file, null);
        onnx.set(file, null);
        continue;
      }
      faces++;
      const crop = await squareCrop(image, face.box, spec.boxScale, size);
      // the SSD, on identical pixels
      const ref = await tfjsSsdRaw(crop);
      track(maxes, "ssd input (0–255)", maxAbs(ref.input, toBatchInput(crop, 512, false)), name);
      const mine = await ssdRaw(crop);
      track(maxes, "ssd anchor scores", maxAbs(ref.scores, mine.scores), name);
      track(maxes, "ssd anchor boxes, all 5118 (px)", maxAbs(ref.boxes, mine.boxes) * size, name);
      const seen = [...ref.scores.keys()].filter((i) => ref.scores[i]! > 0.2 || mine.scores[i]! > 0.2);
      const pick = (boxes: Float32Array) => seen.flatMap((i) => Array.from(boxes.subarray(i * 4, i * 4 + 4)));
      track(
        maxes,
        "ssd anchor boxes NMS sees, score > 0.2 (px)",
        maxAbs(pick(ref.boxes), pick(mine.boxes)) * size,
        name,
      );
      const a = await tfjsNets.detectSingleFace(crop, 0.2);
      const b = await onnxNets.detectSingleFace(crop, 0.2);
      if (!a !== !b) detectionsDiffer++;
      if (a && b) {
        track(maxes, "ssd face score", Math.abs(a.score - b.score), name);
        const [p, q] = [a.box, b.box];
        track(maxes, "ssd face box (px)", maxAbs([p.x, p.y, p.width, p.height], [q.x, q.y, q.width, q.height]), name);
      }
      // the landmarks, on TF.js' face region (the crop when the SSD found nothing)
      const { extractFace, alignMinBbox } = await import("@/lib/engines/faces/face-api-ops");
      const region = (a && extractFace(crop, a.box)) || crop;
      const la = await tfjsNets.detectFaceLandmarks(region);
      const lb = await onnxNets.detectFaceLandmarks(region);
      track(
        maxes,
        "landmarks (px)",
        maxAbs(
          la.flatMap((p) => [p.x, p.y]),
          lb.flatMap((p) => [p.x, p.y]),
        ),
        name,
      );
      // the descriptor, on TF.js' aligned chip
      const box = alignMinBbox(la);
      const chip = extractFace(crop, { ...box, x: box.x + (a?.box.x ?? 0), y: box.y + (a?.box.y ?? 0) });
      if (chip) {
        const da = await tfjsNets.computeFaceDescriptor(chip);
        const db = await onnxNets.computeFaceDescriptor(chip);
        track(maxes, "descriptor components", maxAbs(da, db), name);
      }
      // the whole sequence under each runtime
      const ea = await descriptorOfCrop(crop, refine, tfjsNets);
      const eb = await descriptorOfCrop(crop, refine, onnxNets);
      tf.set(file, ea ? Array.from(ea) : null);
      onnx.set(file, eb ? Array.from(eb) : null);
      if (ea && eb) track(maxes, "end-to-end descriptor components", maxAbs(ea, eb), name);
      else if (ea || eb) track(maxes, "end-to-end: a descriptor on one side only", 1, name);
    }
    let compared = 0;
    for (const p of pairs) {
      const [a1, b1, a2, b2] = [tf.get(p.a), tf.get(p.b), onnx.get(p.a), onnx.get(p.b)];
      if (!a1 || !b1 || !a2 || !b2) continue;
      compared++;
      const where = `${path.relative(dir, p.a)}~${path.relative(dir, p.b)}`;
      track(maxes, "pair similarity", Math.abs(cosineSimilarity(a1, b1) - cosineSimilarity(a2, b2)), where);
    }
    folderTable(
      lines,
      `## ${path.basename(dir)}: ${files.length} photos, ${faces} with a face (human), ${compared} pairs compared` +
        (detectionsDiffer ? `, ${detectionsDiffer} with an SSD face on one side only` : ""),
      dir,
      maxes,
      overall,
    );
  }
  // the raw boxes of anchors no threshold lets through are printed, not judged: they never reach a result
  const judged = Object.entries(overall).filter(([key]) => !key.startsWith("ssd anchor boxes, all"));
  const worst = Math.max(...judged.map(([, m]) => m.value));
  lines.push(
    `Largest difference over the outputs that reach a result: ${worst.toExponential(2)} (goal < 1e-3: ${worst < 1e-3 ? "met" : "NOT met"})`,
  );
  return lines.join("\n");
}

/**
 * The parity evaluations' command line: `--data DIR` (repeatable; every folder must exist) and the script's own
 * options, each taking one value.
 */
export function parseDataDirs(
  argv: readonly string[],
  script: string,
  options: Record<string, (value: string) => void> = {},
): string[] {
  const usage = `${script} --data DIR [--data DIR …]${Object.keys(options)
    .map((o) => ` [${o} N]`)
    .join("")}`;
  const dirs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (arg === "--data" && value) dirs.push(path.resolve(argv[++i]!));
    else if (options[arg] && value) options[arg](argv[++i]!);
    else throw new Error(`unknown argument ${arg} (usage: ${usage})`);
  }
  if (!dirs.length) throw new Error(`usage: ${usage}`);
  const missing = dirs.filter((d) => !existsSync(d));
  if (missing.length) throw new Error(`not found: ${missing.join(", ")}`);
  return dirs;
}

/** Runs an evaluation when its file is the one node was started with, printing its report (exit 1 on an error). */
export function runIfMain(moduleUrl: string, report: () => Promise<string>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? "").href) return;
  // the reference side runs on TF.js, an optional install: say so before reading any photo
  if (!tfjsReferenceInstalled()) {
    console.error(`this comparison needs the TF.js reference runtime, which is not installed: ${SETUP_COMMAND}`);
    process.exit(2);
  }
  report().then(
    (text) => console.log(text),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

runIfMain(import.meta.url, () =>
  faceOnnxParity(
    parseDataDirs(process.argv.slice(2), "face-onnx-parity.ts", {
      "--threads": (n) => setFaceApiOnnxThreads(Number(n)),
    }),
  ),
);
