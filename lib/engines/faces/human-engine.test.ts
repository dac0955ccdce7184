import { describe, expect, it } from "vitest";
import { sampleFace } from "@/test/sample-faces";
import { detectFaces } from "./human-engine";
import { scoreOrZero } from "./human-tfjs";

// human drops a model score of exactly 0 (`if (antispoofRes) res.real = …`) and rounds to 2 decimals, so a certain
// spoof came back without a score and was stored as null, as if the model had not run (issue 31, item 5).

describe("antispoof/liveness scores of human", () => {
  it("records a score human dropped as 0 when the model ran, and null only when it did not run", () => {
    expect(scoreOrZero(undefined, true)).toBe(0);
    expect(scoreOrZero(undefined, false)).toBeNull();
    expect(scoreOrZero(0.37, true)).toBe(0.37);
    expect(scoreOrZero(0, true)).toBe(0);
  });

  it("gives every detected face a number from both models (they run in the checks' configuration)", async () => {
    const faces = await detectFaces(await sampleFace(0));
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) {
      expect(typeof face.real).toBe("number");
      expect(typeof face.live).toBe("number");
    }
  }, 60_000);
});
