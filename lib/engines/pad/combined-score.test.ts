import { describe, expect, it } from "vitest";
import { COMBINED_MODEL, combinedReal } from "./combined-score";
import type { TextureFeatures } from "./texture-features";

// The committed model as the check uses it: more model confidence never lowers the combined probability, and a cue
// beyond anything in the material it was fit on counts no more than the material's extreme.

const typical = Object.fromEntries(
  COMBINED_MODEL.features.slice(1).map((name, j) => [name, COMBINED_MODEL.mean[j + 1]!]),
) as TextureFeatures;

describe("combinedReal", () => {
  it("rises with the models' real-face score, texture unchanged", () => {
    const scores = [0.001, 0.05, 0.3, 0.7, 0.99].map((real) => combinedReal(real, typical));
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThan(scores[i - 1]!);
  });

  it("clips each cue to its range in the material: an extreme saturation counts as the highest seen", () => {
    const j = COMBINED_MODEL.features.indexOf("saturation");
    const atEdge = combinedReal(0.05, { ...typical, saturation: COMBINED_MODEL.high[j]! });
    const beyond = combinedReal(0.05, { ...typical, saturation: COMBINED_MODEL.high[j]! * 3 });
    expect(beyond).toBe(atEdge);
    expect(atEdge).toBeGreaterThan(combinedReal(0.05, typical));
  });
});
