import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { examineDocument } from "./examine-document";
import { stopOcrEngine } from "./ocr/ocr-engine";
import { profiled } from "./stage-times";
import { seededRandom } from "@/test/document-images";

// What a page costs when it shows no MRZ (issue 35): the reader stops its preprocessing variants once
// NO_TEXT_VARIANTS of them in a row found no MRZ-shaped text, rather than reading all seven, and does not hand
// tesseract a band that is speckle rather than strokes (MAX_DARK_SHARE).

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

/** A photo of noise: half its pixels dark, in grains. */
async function speckle(): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const random = seededRandom(7);
  const grains = Buffer.alloc(width * height);
  for (let i = 0; i < grains.length; i++) grains[i] = random() < 0.5 ? 20 : 235;
  return sharp(grains, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe("examineDocument on a page without an MRZ", () => {
  it("finds no MRZ, having read three of the band's variants rather than every one", async () => {
    const page = await prosePage();
    const { value, stages } = await profiled(() => examineDocument(page, null, "FRONT"));
    expect(value.mrz).toBeNull();
    expect(value.mrzBudgetSpent).toBe(false);
    expect(stages.get("MRZ: tesseract variant")?.runs).toBe(3);
  }, 120_000);

  it("does not read a band of speckle at all", async () => {
    const page = await speckle();
    const { value, stages } = await profiled(() => examineDocument(page, null, "FRONT"));
    expect(value.mrz).toBeNull();
    expect(stages.get("MRZ: variant preprocessing")?.runs).toBe(3);
    expect(stages.has("MRZ: tesseract variant")).toBe(false);
  }, 120_000);
});
