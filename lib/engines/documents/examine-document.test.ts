import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { examineDocument } from "./examine-document";
import { stopOcrEngine } from "./ocr/ocr-engine";
import { profiled } from "./stage-times";

// What a page costs when it shows no MRZ (issue 35): the reader stops its preprocessing variants once
// NO_TEXT_VARIANTS of them in a row found no MRZ-shaped text, rather than reading all seven.

afterAll(() => stopOcrEngine());

/** A letter-sized note of printed prose: text, but nothing shaped like an MRZ. */
async function prosePage(): Promise<Buffer> {
  const lines = [
    "Minutes of the garden committee",
    "The tomatoes were planted on the first of May",
    "and the beans a week later, along the south fence.",
    "Next meeting: Thursday evening at the library.",
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="100%" height="100%" fill="#fff"/>${lines
    .map((l, i) => `<text x="40" y="${80 + i * 60}" font-family="DejaVu Sans" font-size="30" fill="#111">${l}</text>`)
    .join("")}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

describe("examineDocument on a page without an MRZ", () => {
  it("finds no MRZ, having read three of the band's variants rather than every one", async () => {
    const page = await prosePage();
    const { value, stages } = await profiled(() => examineDocument(page, null, "FRONT"));
    expect(value.mrz).toBeNull();
    expect(value.mrzBudgetSpent).toBe(false);
    expect(stages.get("MRZ: tesseract variant")?.runs).toBe(3);
  }, 120_000);
});
