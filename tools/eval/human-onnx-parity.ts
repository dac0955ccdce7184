import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FaceObservation } from "@/lib/engines/faces/face-observation";
import { decodeImage } from "@/lib/engines/faces/human-engine";
import { detectFacesOnnx, runHumanModel, type HumanTrace } from "@/lib/engines/faces/human-onnx";
import { resizeBilinear } from "@/lib/engines/faces/human-ops";
import { detectFacesTfjs, humanTfjs } from "@/lib/engines/faces/human-tfjs";
import { maxAbs, photosOf, track, type Max } from "./face-onnx-parity";

// Parity of @vladmandic/human's face pipeline on onnxruntime (human-onnx.ts: models/human-*.onnx converted by
// tools/make/human-onnx.py, human's JavaScript in human-ops.ts) with Human itself on TF.js WASM (human-tfjs.ts), on
// real photos decoded as uploads are (decodeImage). Per model, on identical input tensors (the ones the ONNX
// pipeline built), every output's max abs difference:
//   blazeface   the four raw outputs (scores and regressors of 896 anchors)
//   facemesh    mesh (1404 values, crop px), face flag, contours
//   antispoof / liveness   the model's output on the same 128 / 32 px input
// and per step: the detector input and each face crop against TF.js' own resizeBilinear / rotateWithOffset +
// cropAndResize on the same box. Then the whole pipeline, each side on its own: face count, and per face (largest
// first, as the checks read them) score, box, yaw/pitch/roll (degrees), real, live.
// The goal (issue 35): every difference < 1e-3.
//   node --import tsx --conditions=react-server tools/eval/human-onnx-parity.ts --data DIR [--data DIR …]

type Tf = Awaited<ReturnType<typeof humanTfjs>>["tf"] & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type GraphModel = { execute(x: unknown): unknown };

async function tfRun(tf: Tf, model: GraphModel, input: Float32Array, shape: number[]): Promise<Float32Array[]> {
  const x = tf.tensor(input, shape, "float32");
  try {
    const out = model.execute(x) as
      | { data(): Promise<Float32Array>; dispose(): void; shape: number[] }[]
      | { data(): Promise<Float32Array>; dispose(): void; shape: number[] };
    const list = Array.isArray(out) ? out : [out];
    const values = await Promise.all(
      list.map(async (t) => ({ size: t.shape.join("x"), data: new Float32Array(await t.data()) })),
    );
    for (const t of list) t.dispose();
    return values.map((v) => v.data);
  } finally {
    tf.dispose(x);
  }
}

/** TF.js' face crop for a box: rotateWithOffset when the pipeline rotated, cropAndResize, / 255. */
async function tfCrop(
  tf: Tf,
  pixels: Float32Array,
  h: number,
  w: number,
  trace: HumanTrace,
  i: number,
): Promise<Float32Array> {
  const box = trace.boxes[i]!;
  const angle = trace.faces[i]!.angle;
  const input = tf.tensor(pixels, [1, h, w, 3], "float32");
  const c = [
    box.startPoint[0] + (box.endPoint[0] - box.startPoint[0]) / 2,
    box.startPoint[1] + (box.endPoint[1] - box.startPoint[1]) / 2,
  ];
  const large = angle !== 0 && Math.abs(angle) > 0.2;
  const src = large ? tf.image.rotateWithOffset(input, angle, 0, [c[0]! / w, c[1]! / h]) : input;
  const crop = tf.image.cropAndResize(
    src,
    [[box.startPoint[1] / h, box.startPoint[0] / w, box.endPoint[1] / h, box.endPoint[0] / w]],
    [0],
    [192, 192],
  );
  const norm = tf.div(crop, 255);
  const data = new Float32Array(await norm.data());
  tf.dispose([input, src, crop, norm]);
  return data;
}

export async function humanOnnxParity(dirs: readonly string[]): Promise<string> {
  const h = await humanTfjs();
  const tf = h.tf as Tf;
  const models = h.models.models as Record<string, GraphModel>;
  const lines: string[] = [
    `TF.js backend ${h.tf.getBackend()}, rotation kernel ${(h.env.kernels ?? []).includes("rotatewithoffset") ? "present" : "ABSENT"}`,
    "",
  ];
  const overall: Record<string, Max> = {};
  for (const dir of dirs) {
    const maxes: Record<string, Max> = {};
    const { files } = photosOf(dir);
    let faces = 0;
    let countDiffers = 0;
    for (const file of files) {
      const name = path.relative(dir, file);
      const image = await decodeImage(await readFile(file));
      const { width: w, height: hgt } = image;
      const pixels = Float32Array.from(image.data);
      const trace = { faces: [], boxes: [] } as unknown as HumanTrace;
      const mine = await detectFacesOnnx(image, trace);
      const ref = await detectFacesTfjs(image);
      // the models, on the ONNX pipeline's own inputs
      const [b0, b1, b2, b3] = await tfRun(tf, models.blazeface!, trace.detectorInput, [1, 256, 256, 3]);
      const ob = await runHumanModel("detector", trace.detectorInput, [1, 256, 256, 3]);
      const bySize = new Map([b0, b1, b2, b3].map((t) => [t!.length, t!]));
      const sig = (v: Float32Array) => v.map((z) => 1 / (1 + Math.exp(-z)));
      const logits = Math.max(maxAbs(bySize.get(512)!, ob.Identity!), maxAbs(bySize.get(384)!, ob.Identity_1!));
      track(maxes, "blazeface raw logits (not judged: sigmoid below)", logits, name);
      const scores = Math.max(
        maxAbs(sig(bySize.get(512)!), sig(ob.Identity!)),
        maxAbs(sig(bySize.get(384)!), sig(ob.Identity_1!)),
      );
      track(maxes, "blazeface scores (sigmoid)", scores, name);
      track(
        maxes,
        "blazeface regressors (px of 256)",
        Math.max(maxAbs(bySize.get(8192)!, ob.Identity_2!), maxAbs(bySize.get(6144)!, ob.Identity_3!)),
        name,
      );
      // the detector's input against TF.js' own resize
      const x = tf.tensor(pixels, [1, hgt, w, 3], "float32");
      const r = tf.sub(tf.div(tf.image.resizeBilinear(x, [256, 256]), 127.5), 1);
      track(maxes, "detector input (−1…1)", maxAbs(new Float32Array(await r.data()), trace.detectorInput), name);
      tf.dispose([x, r]);
      for (let i = 0; i < trace.faces.length; i++) {
        const face = trace.faces[i]!;
        track(maxes, "face crop (0…1)", maxAbs(await tfCrop(tf, pixels, hgt, w, trace, i), face.crop), name);
        const outs = await tfRun(tf, models.facemesh!, face.crop, [1, 192, 192, 3]);
        const om = await runHumanModel("mesh", face.crop, [1, 192, 192, 3]);
        const bySizeM = new Map(outs.map((t) => [t.length, t]));
        track(maxes, "facemesh mesh (px of 192)", maxAbs(bySizeM.get(1404)!, om.Identity_2!), name);
        track(maxes, "facemesh face flag", maxAbs(bySizeM.get(1)!, om.Identity_1!), name);
        track(maxes, "facemesh contours", maxAbs(bySizeM.get(266)!, om.Identity!), name);
        const spoofIn = resizeBilinear(face.crop, 192, 192, 128, 128);
        const [sa] = await tfRun(tf, models.antispoof!, spoofIn, [1, 128, 128, 3]);
        track(
          maxes,
          "antispoof output",
          maxAbs(sa!, (await runHumanModel("antispoof", spoofIn, [1, 128, 128, 3])).Identity!),
          name,
        );
        const liveIn = resizeBilinear(face.crop, 192, 192, 32, 32);
        const [la] = await tfRun(tf, models.liveness!, liveIn, [1, 32, 32, 3]);
        track(
          maxes,
          "liveness output",
          maxAbs(la!, (await runHumanModel("liveness", liveIn, [1, 32, 32, 3])).Identity!),
          name,
        );
      }
      // the whole pipeline, each runtime on its own
      const order = (fs: FaceObservation[]) => [...fs].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
      const [a, b] = [order(ref), order(mine)];
      if (a.length !== b.length) countDiffers++;
      faces += a.length;
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const [p, q] = [a[i]!, b[i]!];
        track(maxes, "pipeline score", Math.abs(p.score - q.score), name);
        track(maxes, "pipeline box (px)", maxAbs(p.box, q.box), name);
        track(maxes, "pipeline yaw (°)", Math.abs(p.yaw - q.yaw), name);
        track(maxes, "pipeline pitch (°)", Math.abs(p.pitch - q.pitch), name);
        track(maxes, "pipeline roll (°)", Math.abs(p.roll - q.roll), name);
        track(maxes, "pipeline real", Math.abs((p.real ?? NaN) - (q.real ?? NaN)), name);
        track(maxes, "pipeline live", Math.abs((p.live ?? NaN) - (q.live ?? NaN)), name);
      }
    }
    lines.push(
      `## ${path.basename(dir)}: ${files.length} photos, ${faces} faces (TF.js), face count differs on ${countDiffers}`,
      "",
      "| output | max abs difference | where |",
      "|---|---|---|",
    );
    for (const [key, m] of Object.entries(maxes)) {
      lines.push(`| ${key} | ${m.value.toExponential(2)} | ${m.where} |`);
      track(overall, key, m.value, `${path.basename(dir)}/${m.where}`);
    }
    lines.push("");
  }
  lines.push("## all folders", "", "| output | max abs difference | < 1e-3 |", "|---|---|---|");
  for (const [key, m] of Object.entries(overall)) {
    const judged = !key.includes("not judged");
    lines.push(`| ${key} | ${m.value.toExponential(2)} | ${judged ? (m.value < 1e-3 ? "yes" : "NO") : "—"} |`);
  }
  return lines.join("\n");
}

function parseArgs(argv: readonly string[]): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--data" && argv[i + 1]) dirs.push(path.resolve(argv[++i]!));
    else throw new Error(`unknown argument ${arg} (usage: --data DIR [--data DIR …])`);
  }
  if (!dirs.length) throw new Error("usage: human-onnx-parity.ts --data DIR [--data DIR …]");
  const missing = dirs.filter((d) => !existsSync(d));
  if (missing.length) throw new Error(`not found: ${missing.join(", ")}`);
  return dirs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  humanOnnxParity(parseArgs(process.argv.slice(2))).then(
    (report) => console.log(report),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
