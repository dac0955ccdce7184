import { beforeAll, describe, expect, it } from "vitest";
import { sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";
import { cosineSimilarity } from "./descriptors";
import { onnxNets } from "./face-api-onnx";
import { tfjsNets } from "./face-api-tfjs";
import { decodeImage, detectFaces } from "./human-engine";
import { descriptorOfCrop, squareCrop } from "./resnet-descriptor";

// face-api's nets rebuilt as ONNX graphs (models/, tools/make/face-api-onnx.py) must give what face-api's own TF.js
// nets give, to the third decimal (issue 35), on the path the service runs: human's box, the shipped square crop,
// face-api's SSD inside it, the landmarks, the aligned chip, the descriptor. On the five sample people of human's
// package (CI); the real sets are measured by tools/eval/face-onnx-parity.ts (docs/accuracy.md).

type Run = { tfjs: Float32Array | null; onnx: Float32Array | null };
const runs: Run[] = [];

beforeAll(async () => {
  for (let i = 0; i < SAMPLE_PEOPLE.length; i++) {
    const bytes = await sampleFace(i);
    const [face] = await detectFaces(bytes);
    if (!face) throw new Error(`human found no face in sample ${i}`);
    const crop = await squareCrop(await decodeImage(bytes), face.box, 1.6, 300);
    runs.push({
      tfjs: await descriptorOfCrop(crop, true, tfjsNets),
      onnx: await descriptorOfCrop(crop, true, onnxNets),
    });
  }
}, 120_000);

describe("face-api's descriptor on onnxruntime", () => {
  it("gives every component of TF.js' descriptor to better than 1e-3, for every sample person", () => {
    for (const { tfjs, onnx } of runs) {
      expect(tfjs).not.toBeNull();
      expect(onnx).not.toBeNull();
      expect(onnx!.length).toBe(128);
      const worst = Math.max(...Array.from(tfjs!, (v, k) => Math.abs(v - onnx![k]!)));
      expect(worst).toBeLessThan(1e-3);
    }
  });

  it("scores every pair of people as TF.js does, to the third decimal", () => {
    for (let i = 0; i < runs.length; i++)
      for (let j = i + 1; j < runs.length; j++) {
        const a = cosineSimilarity(Array.from(runs[i]!.tfjs!), Array.from(runs[j]!.tfjs!));
        const b = cosineSimilarity(Array.from(runs[i]!.onnx!), Array.from(runs[j]!.onnx!));
        expect(Math.abs(a - b)).toBeLessThan(1e-3);
      }
  });
});
