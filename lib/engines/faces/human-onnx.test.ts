import { afterAll, describe, expect, it } from "vitest";
import { sampleFace, SAMPLE_PEOPLE } from "@/test/sample-faces";
import { decodeImage, detectFacesInPixels, faceEngineStats, setFaceRuntime } from "./human-engine";
import { detectFacesTfjs } from "./human-tfjs";

// human's face pipeline on onnxruntime (human-onnx.ts + human-pipeline.ts), as the service runs it (every frame on
// onnxruntime), must answer what Human itself answers on TF.js (issue 35): the same faces, boxes, angles and
// antispoof/liveness scores, on the five sample people of human's package (CI). The real sets are measured by
// tools/eval/human-onnx-parity.ts (docs/accuracy.md) and human-onnx.real.test.ts.

afterAll(() => setFaceRuntime("onnx"));

const largestFirst = <T extends { box: number[] }>(faces: T[]) =>
  [...faces].sort((a, b) => b.box[2]! * b.box[3]! - a.box[2]! * a.box[3]!);

describe("human's face pipeline on onnxruntime", () => {
  it("finds, on each sample person, what Human on TF.js finds, field for field", async () => {
    const before = faceEngineStats().onnx;
    for (let i = 0; i < SAMPLE_PEOPLE.length; i++) {
      const image = await decodeImage(await sampleFace(i));
      setFaceRuntime("onnx");
      const engine = await detectFacesInPixels(image);
      const human = largestFirst(await detectFacesTfjs(image));
      expect(human.length, SAMPLE_PEOPLE[i]).toBeGreaterThan(0);
      expect(engine, SAMPLE_PEOPLE[i]).toEqual(human);
    }
    // answered on onnxruntime, not handed to TF.js (which would make the equality trivial)
    expect(faceEngineStats().onnx - before).toBe(SAMPLE_PEOPLE.length);
    // and none of them near one of human's rounding edges, where equality would depend on the runtime's last bits
    expect(faceEngineStats().edges).toEqual({});
  }, 120_000);
});
