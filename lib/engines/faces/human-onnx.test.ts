import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";
import type { FaceObservation } from "./face-observation";
import { decodeImage, detectFacesInPixels, faceEngineStats, setFaceRuntime } from "./human-engine";

// human's face pipeline on onnxruntime (human-onnx.ts + human-pipeline.ts), as the service runs it (every frame on
// onnxruntime), must answer what Human itself answers on TF.js (issue 35): the same faces, boxes, angles and
// antispoof/liveness scores, on the five sample people (test/sample-faces.ts). Human's answers are kept in
// test/fixtures/human/tfjs-reference.json (tools/make/face-tfjs-reference.ts, with the optional TF.js install), so
// the CI checks the parity without installing TF.js. The real sets are measured by tools/eval/human-onnx-parity.ts
// (docs/accuracy.md) and human-onnx.real.test.ts.

afterAll(() => setFaceRuntime("onnx"));

type Reference = { packages: Record<string, string>; samples: { person: string; human: FaceObservation[] }[] };
const reference = async () =>
  JSON.parse(
    await readFile(path.join(process.cwd(), "test", "fixtures", "human", "tfjs-reference.json"), "utf8"),
  ) as Reference;

describe("human's face pipeline on onnxruntime", () => {
  it("finds, on each sample person, what Human on TF.js found, field for field", async () => {
    const { packages, samples } = await reference();
    expect(packages["@vladmandic/human"]).toBe("3.3.6"); // the version the ONNX graphs were converted from
    expect(samples.map((s) => s.person)).toEqual([...SAMPLE_PEOPLE]);
    const before = faceEngineStats().onnx;
    setFaceRuntime("onnx");
    for (const [i, { person, human }] of samples.entries()) {
      const engine = await detectFacesInPixels(await decodeImage(await sampleFace(i)));
      expect(human.length, person).toBeGreaterThan(0);
      // compared as JSON holds them (JSON has no −0: a roll of −0 is 0 in the reference file)
      expect(JSON.parse(JSON.stringify(engine)), person).toEqual(human);
    }
    // answered on onnxruntime, not handed to TF.js
    expect(faceEngineStats().onnx - before).toBe(SAMPLE_PEOPLE.length);
    // and none of them near one of human's rounding edges, where equality would depend on the runtime's last bits
    expect(faceEngineStats().edges).toEqual({});
  }, 120_000);
});
