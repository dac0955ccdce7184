import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { examineDocument, pageNameField } from "./examine-document";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { ocrEngine, stopOcrEngine } from "./ocr/ocr-engine";
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

describe("the second readings of a clean passport (the enlarged page, PaddleOCR's letters)", () => {
  it("is not made, nor PaddleOCR's, when the page already shows every letter of the MRZ (1.9 s of CPU before)", async () => {
    const person = {
      ...randomPerson(seededRandom(1501), "TD3", new Date("2026-11-29")),
      country: "NL",
      nationality: "NL",
      surname: "DEVRIES",
      given: "ANNA",
    };
    const front = await sharp((await drawPassport(person)).front)
      .jpeg({ quality: 90 })
      .toBuffer();
    const pageReadings = vi.spyOn(await ocrEngine(), "readPage");
    const { value: examination, stages } = await profiled(() => examineDocument(front, null, "FRONT"));
    expect(examination.mrz?.result.fields.lastName).toBe("DEVRIES");
    expect(examination.nameCheck?.agree).toBe(true);
    // the page once, not a second time enlarged (a reading started and not awaited would still be a call)
    expect(pageReadings).toHaveBeenCalledTimes(1);
    pageReadings.mockRestore();
    // the MRZ's letters are all printed on the page: no second reader for them (PaddleOCR, ~0.7 s of CPU before)
    expect([...stages.keys()].filter((name) => name.includes("PaddleOCR"))).toEqual([]);
  }, 120_000);

  it("guesses the MRZ name from the page's own text, fillers misread as K and L included", () => {
    const td3 = "P<NLDDEVRIES<K<KANNA<KKLLLLLLLLLLLLLLLLLLLLKKLKL\nNX48172635NLD8607210F3506167<<<<<LKLKLKLKLLLKKLK$";
    expect(pageNameField([td3])).toBe("DEVRIES<<ANNA<");
    expect(
      pageNameField(["I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<"]),
    ).toBe("ERIKSSON<<ANNA<MARIA<");
    expect(pageNameField(["Minutes of the garden committee"])).toBeNull();
  });
});
