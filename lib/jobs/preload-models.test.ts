import { afterAll, describe, expect, it } from "vitest";
import { stopOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { preloadModels } from "./preload-models";

// What a worker's start loads and runs once: every engine a check uses, PaddleOCR and both tesseract workers
// included, so the first document after a start is read within the same budget as the next (document-budget.ts).
describe("preloadModels", () => {
  afterAll(() => stopOcrEngine());

  it("loads and runs every engine the checks use, and reports each one's time", async () => {
    const report = await preloadModels();
    expect(Object.keys(report.models).sort()).toEqual(["face-descriptor", "face-detection", "ocr", "paddleocr"]);
    for (const [name, value] of Object.entries(report.models)) expect(typeof value, `${name}: ${value}`).toBe("number");
  }, 120_000);
});
