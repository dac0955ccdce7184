import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";
import { cosineSimilarity } from "./descriptors";
import { onnxNets } from "./face-api-onnx";
import { decodeImage, detectFaces } from "./human-engine";
import { descriptorOfCrop, squareCrop } from "./resnet-descriptor";

// face-api's nets rebuilt as ONNX graphs (models/, tools/make/face-api-onnx.py) must give what face-api's own TF.js
// nets give, to the third decimal (issue 35), on the path the service runs: human's box, the shipped square crop,
// face-api's SSD inside it, the landmarks, the aligned chip, the descriptor. On the five sample people; TF.js'
// descriptors are kept in test/fixtures/human/tfjs-reference.json (tools/make/face-tfjs-reference.ts, with the
// optional TF.js install). The real sets are measured by tools/eval/face-onnx-parity.ts (docs/accuracy.md).

type Run = { tfjs: number[] | null; onnx: Float32Array | null };
const runs: Run[] = [];

beforeAll(async () => {
  const { samples } = JSON.parse(
    await readFile(path.join(process.cwd(), "test", "fixtures", "human", "tfjs-reference.json"), "utf8"),
  ) as { samples: { person: string; descriptor: number[] | null }[] };
  expect(samples.map((s) => s.person)).toEqual([...SAMPLE_PEOPLE]);
  for (const [i, { descriptor }] of samples.entries()) {
    const bytes = await sampleFace(i);
    const [face] = await detectFaces(bytes);
    if (!face) throw new Error(`human found no face in sample ${i}`);
    const crop = await squareCrop(await decodeImage(bytes), face.box, 1.6, 300);
    runs.push({ tfjs: descriptor, onnx: await descriptorOfCrop(crop, true, onnxNets) });
  }
}, 120_000);

describe("face-api's descriptor on onnxruntime", () => {
  it("gives every component of TF.js' descriptor to better than 1e-3, for every sample person", () => {
    expect(runs).toHaveLength(SAMPLE_PEOPLE.length);
    for (const { tfjs, onnx } of runs) {
      expect(tfjs).toHaveLength(128);
      expect(onnx).not.toBeNull();
      expect(onnx!.length).toBe(128);
      const worst = Math.max(...tfjs!.map((v, k) => Math.abs(v - onnx![k]!)));
      expect(worst).toBeLessThan(1e-3);
    }
  });

  it("scores every pair of people as TF.js does, to the third decimal", () => {
    for (let i = 0; i < runs.length; i++)
      for (let j = i + 1; j < runs.length; j++) {
        const a = cosineSimilarity(runs[i]!.tfjs!, runs[j]!.tfjs!);
        const b = cosineSimilarity(Array.from(runs[i]!.onnx!), Array.from(runs[j]!.onnx!));
        expect(Math.abs(a - b)).toBeLessThan(1e-3);
      }
  });
});
