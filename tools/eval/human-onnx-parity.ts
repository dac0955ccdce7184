import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FaceObservation } from "@/lib/engines/faces/face-observation";
import { decodeImage, detectFacesInPixels, faceEngineStats, setFaceRuntime } from "@/lib/engines/faces/human-engine";
import { detectFacesOnnx, runHumanModel } from "@/lib/engines/faces/human-onnx";
import {
  clearOfEdges,
  EDGE_MARGINS,
  runHumanPipeline,
  type Edge,
  type HumanTrace,
  type ModelName,
  type ModelRunner,
} from "@/lib/engines/faces/human-pipeline";
import { resizeBilinear } from "@/lib/engines/faces/human-ops";
import { detectFacesTfjs, humanTfjs } from "@/lib/engines/faces/human-tfjs";
import { folderTable, maxAbs, parseDataDirs, photosOf, runIfMain, track, type Max } from "./face-onnx-parity";

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

type Tf = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
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

const TFJS_NAMES: Record<ModelName, string> = {
  detector: "blazeface",
  mesh: "facemesh",
  antispoof: "antispoof",
  liveness: "liveness",
};
// the ONNX graphs' output names by output size (TF.js returns them in its own order)
const OUTPUT_BY_SIZE: Record<ModelName, Record<number, string>> = {
  detector: { 512: "Identity", 384: "Identity_1", 8192: "Identity_2", 6144: "Identity_3" },
  mesh: { 266: "Identity", 1: "Identity_1", 1404: "Identity_2" },
  antispoof: { 1: "Identity" },
  liveness: { 2: "Identity" },
};

/** human's own models on TF.js, as a runner of human-pipeline.ts: the same steps around the other runtime. */
function tfjsRunner(tf: Tf, models: Record<string, GraphModel>): ModelRunner {
  return async (model, input, shape) => {
    const outs = await tfRun(tf, models[TFJS_NAMES[model]]!, input, shape);
    return Object.fromEntries(outs.map((o) => [OUTPUT_BY_SIZE[model][o.length]!, o]));
  };
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

/** Face count and, face by face (largest first), every field the checks read. */
function compare(maxes: Record<string, Max>, label: string, a: FaceObservation[], b: FaceObservation[], name: string) {
  track(maxes, `${label}: face count`, Math.abs(a.length - b.length), name);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [p, q] = [a[i]!, b[i]!];
    track(maxes, `${label}: score`, Math.abs(p.score - q.score), name);
    track(maxes, `${label}: box (px)`, maxAbs(p.box, q.box), name);
    track(
      maxes,
      `${label}: yaw, pitch, roll (°)`,
      Math.max(...(["yaw", "pitch", "roll"] as const).map((k) => Math.abs(p[k] - q[k]))),
      name,
    );
    track(
      maxes,
      `${label}: real, live`,
      Math.max(Math.abs((p.real ?? NaN) - (q.real ?? NaN)), Math.abs((p.live ?? NaN) - (q.live ?? NaN))),
      name,
    );
  }
}

export async function humanOnnxParity(dirs: readonly string[]): Promise<string> {
  setFaceRuntime("onnx-exact"); // the engine compared below is the one that hands a frame near an edge to TF.js
  const h = await humanTfjs();
  const tf = h.tf as unknown as Tf;
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
    const handedOver: string[] = [];
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
        "blazeface regressors, all 896 anchors (px of 256; not judged: below)",
        Math.max(maxAbs(bySize.get(8192)!, ob.Identity_2!), maxAbs(bySize.get(6144)!, ob.Identity_3!)),
        name,
      );
      // the regressors of the anchors NMS sees (score > 0.5 on either side): only they can become a box
      const seen = (scores: Float32Array, regs: Float32Array, refScores: Float32Array, ref: Float32Array) => {
        let m = 0;
        for (let k = 0; k < scores.length; k++) {
          if (!(sig(scores.subarray(k, k + 1))[0]! > 0.5 || sig(refScores.subarray(k, k + 1))[0]! > 0.5)) continue;
          m = Math.max(m, maxAbs(regs.subarray(k * 16, k * 16 + 16), ref.subarray(k * 16, k * 16 + 16)));
        }
        return m;
      };
      track(
        maxes,
        "blazeface regressors of anchors scoring > 0.5 (px of 256)",
        Math.max(
          seen(ob.Identity!, ob.Identity_2!, bySize.get(512)!, bySize.get(8192)!),
          seen(ob.Identity_1!, ob.Identity_3!, bySize.get(384)!, bySize.get(6144)!),
        ),
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
      // the same steps with TF.js' models: must give Human's own results (the steps are human's)
      const order = (fs: FaceObservation[]) => [...fs].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
      const tfTrace = {} as HumanTrace;
      const viaTf = order((await runHumanPipeline(image, tfjsRunner(tf, models), tfTrace)).faces);
      const human = order(ref);
      compare(maxes, "steps (TF.js models) vs Human", human, viaTf, name);
      // how far the runtimes' values at each edge differ
      // (after the detector, only where both runtimes' boxes are the same: a box a pixel apart is the box-corner
      // edge's doing, already counted there)
      const sameBoxes =
        JSON.stringify(trace.boxes.map((b) => [b.startPoint, b.endPoint])) ===
        JSON.stringify(tfTrace.boxes.map((b) => [b.startPoint, b.endPoint]));
      for (const edge of Object.keys(EDGE_MARGINS) as Edge[]) {
        if (!sameBoxes && ["rotation", "mesh point", "rounded score"].includes(edge)) continue;
        const [p, q] = [trace.values[edge], tfTrace.values[edge]];
        const rotated =
          trace.faces.some((f) => Math.abs(f.angle) > 0.2) && ["mesh point", "rounded score"].includes(edge)
            ? " (a rotated face)"
            : "";
        if (p.length === q.length && p.length) track(maxes, `edge values: ${edge}${rotated}`, maxAbs(p, q), name);
        else if (p.length !== q.length) track(maxes, `edge values: ${edge} (count differs)`, 1, name);
      }
      // ONNX throughout, taken as it is: what the service answers (FACE_RUNTIME=onnx)
      const unguarded = order(mine.faces);
      if (human.length !== unguarded.length) countDiffers++;
      faces += human.length;
      compare(maxes, "ONNX, every frame", human, unguarded, name);
      // FACE_RUNTIME=onnx-exact: ONNX, and Human on TF.js for a frame near an edge (the service before issue 35 dropped TF.js)
      const before = faceEngineStats().tfjs;
      const engine = await detectFacesInPixels(image);
      if (faceEngineStats().tfjs > before) handedOver.push(`${name} (${clearOfEdges(mine.closest).edges.join(", ")})`);
      compare(maxes, "onnx-exact (ONNX, TF.js near an edge)", human, engine, name);
    }
    folderTable(
      lines,
      `## ${path.basename(dir)}: ${files.length} photos, ${faces} faces (Human on TF.js); ONNX throughout finds another ` +
        `number of faces on ${countDiffers}; onnx-exact handed ${handedOver.length} to TF.js` +
        (handedOver.length ? `: ${handedOver.join("; ")}` : ""),
      dir,
      maxes,
      overall,
    );
  }
  lines.push("## all folders", "", "| output | max abs difference | < 1e-3 |", "|---|---|---|");
  for (const [key, m] of Object.entries(overall)) {
    // judged: each model's outputs on identical inputs, human's steps, and onnx-exact; shown only: the raw logits, how
    // far the runtimes' values differ at each edge, and ONNX taken on every frame (what the checks get since issue 35:
    // it is a pixel off on one photo, whose effect on every figure docs/accuracy.md "ONNX on every frame" measures)
    const judged = !key.includes("not judged") && !key.startsWith("edge values") && !key.startsWith("ONNX, every");
    lines.push(`| ${key} | ${m.value.toExponential(2)} | ${judged ? (m.value < 1e-3 ? "yes" : "NO") : "—"} |`);
  }
  return lines.join("\n");
}

runIfMain(import.meta.url, () => humanOnnxParity(parseDataDirs(process.argv.slice(2), "human-onnx-parity.ts")));
