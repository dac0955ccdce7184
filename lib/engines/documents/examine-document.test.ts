import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { examineDocument, pageNameField } from "./examine-document";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { ocrEngine, stopOcrEngine, warmOcrEngine } from "./ocr/ocr-engine";
import { warmPaddle } from "./ocr/paddle-engine";
import { profiled } from "./stage-times";

// The document's CPU budget is not what these tests are about, and it is not load-proof: where two vCPUs are one
// core's hyperthreads, the same reading costs more CPU time while a neighbour runs (the prose page below used 5.9–6.7 s
// of its 9 s alone, and ran past 9 s once on CI beside two other test files, 2026-12-05). Here it cannot run out, so
// that what stops the reading is the rule under test; document-budget.test.ts tests the budget itself.
vi.mock("./document-budget", async (original) => {
  const actual = await original<typeof import("./document-budget")>();
  return { ...actual, documentBudget: () => actual.documentBudget(600_000) };
});

// What a page costs when it shows no MRZ (issue 35): the reader stops its preprocessing variants once
// NO_TEXT_VARIANTS of them in a row found no MRZ-shaped text, rather than reading all seven.

// the readers warm, as a worker's start leaves them (preload-models.ts): their first runs (~2.6 s of CPU) would
// otherwise count against the first document's reading budget
beforeAll(async () => {
  await warmOcrEngine();
  await warmPaddle();
}, 120_000);
afterAll(() => stopOcrEngine());

/** A Dutch passport's holder with a known name (the rest drawn from the seed). */
function dutchHolder(seed: number, surname: string, given: string) {
  const drawn = randomPerson(seededRandom(seed), "TD3", new Date("2026-11-29"));
  return { ...drawn, country: "NL", nationality: "NL", surname, given };
}

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
    // three variants of seven: the rule stops them (the budget is out of reach here, see the mock above)
    expect(stages.get("MRZ: tesseract variant")?.runs).toBe(3);
  }, 120_000);
});

describe("the second readings of a clean passport (the enlarged page, PaddleOCR's letters)", () => {
  it("is not made, nor PaddleOCR's, when the page already shows every letter of the MRZ (1.9 s of CPU before)", async () => {
    const person = dutchHolder(1501, "DEVRIES", "ANNA");
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

  // the page OCR's own MRZ lines as read on generated documents (tools/bench/checks-document.ts, 2026-12-06), each of
  // which started the enlarged page reading beside the MRZ for nothing
  it("takes the guessed name words as the printed words they plainly misread", () => {
    const printed = (...words: string[]) => new Set(words);
    // the filler run after the name read as letters, with no filler between
    const willow = "P<NLDJANSSENS<<WILLOWCCLLLLLLLLLLLLLLLLLKL\n2S42715J56NLD66041 56F3605196<<<<<<LLLLLLLKKLB";
    expect(pageNameField([willow], printed("JANSSENS", "WILLOW"))).toBe("JANSSENS<<WILLOW<");
    expect(pageNameField([willow])).toBe("JANSSENS<<WILLOWCCLLLLLLLLLLLLLLLLLKL<");
    // a filler read as K before one, a name's first letter lost to the run before it, a last filler read as a letter
    const nwosu =
      "P<ITAOKAFOR<NWOSUK<KCHUKWUEMEKA<<L<LKLKLLLLLLLKLKLKL\nX08496S639ITA6603274M2711173<<<<<K<KLKLKLKLKLLLKS";
    expect(pageNameField([nwosu], printed("OKAFOR", "NWOSU", "CHUKWUEMEKA"))).toBe("OKAFOR<<NWOSU<CHUKWUEMEKA<");
    const lotte =
      "P<GBRVIRTANEN<K<KLOTTE<C<KLLLLLLLLLLLLLLLLLLKLKKKLKL\nYZY7493KA8GBR9211258F2710238<<<<<KKKLKLKLLKLKLKLK9";
    expect(pageNameField([lotte], printed("VIRTANEN", "LOTTE"))).toBe("VIRTANEN<<LOTTE<");
    // fillers read as letters before a name, a word of fillers only (hard generated pages)
    const sk = "P<NLDMURPHY<SKLOTTE<S<L<<LLKLLLLLLLLLLLLLLLKLKLKL\nEA32149969NLD6803133F3503188<K<K<<<<<<<<<<<8";
    expect(pageNameField([sk], printed("MURPHY", "LOTTE"))).toBe("MURPHY<<LOTTE<");
    const maria = "P<ESPMWANGI<<ANNA<KMARIA<LKLLKLLCCLLLLLLLLLKLKKLKKL\nFXBV97B335ESP5211098F3511211<<<<<<<<<<<<<<<4h";
    expect(pageNameField([maria], printed("MWANGI", "ANNA", "MARIA"))).toBe("MWANGI<<ANNA<MARIA<");
    // a word no printed word explains stays as read (the check asks for the enlarged page)
    expect(pageNameField([lotte], printed("VIRTANEN"))).toBe("VIRTANEN<<OTTE<");
    // an extra filler read before the name
    const mwangi =
      "P<D<K<MWANGIK<KPIETER<K<K<KLKLLLLLLLLLLLLLLLLKKLKKKKK\nNR9598M773D<<0309116M3205091<<<<<<LLLLLLKLKLKO";
    expect(pageNameField([mwangi], printed("MWANGI", "PIETER"))).toBe("MWANGI<<PIETER<");
    // a filler read as K before the state code (bench:pipeline's passport, 2026-12-07): DDEVRIES, a doubled letter the
    // printed DEVRIES lacks, asked for the enlarged page on every full KYC
    const devries = "P<KNLDDEVRIES<K<KANNA<KKLLLLLLLLLLLLLLLLLLLLKKLKL\nNX48172635NLD8607210F3506248<<<<<<K<<KLLLKKKLY";
    expect(pageNameField([devries], printed("NLD", "DEVRIES", "ANNA"))).toBe("DEVRIES<<ANNA<");
    // the state code not printed (or KNL printed): the line as it reads
    expect(pageNameField([devries], printed("DEVRIES", "ANNA"))).toBe("DDEVRIES<<ANNA<");
  });

  it("does not take a TD1 name line that starts like a passport's first line for one", () => {
    const front = "IDENTITY CARD\nANDERSSON\nYUKI";
    const back =
      "IKPOLYU99576624<<<<<<K<K<K<K<K<K<LKKLKLKL\n9509230F3108217P0L<<LKLKLKLLLLKK6\nANDERSSON<K<KYUKI<<KKLLKLLLLLLLKKLKL";
    expect(pageNameField([front, back], new Set(["ANDERSSON", "YUKI"]))).toBe("ANDERSSON<<YUKI<");
  });
});

describe("a page sent sideways or upside down", () => {
  const person = dutchHolder(1502, "VISSER", "JAN");

  it.each([90, 180, 270])(
    "is read turned upright when it was turned %i° clockwise",
    async (turn) => {
      const upright = (await drawPassport(person)).front;
      const sent = await sharp(upright).rotate(turn).jpeg({ quality: 90 }).toBuffer();
      const examination = await examineDocument(sent, null, "FRONT");
      expect(examination.mrz?.result.valid).toBe(true);
      expect(examination.mrz?.result.fields.lastName).toBe("VISSER");
      // the degrees that turn it back: 270 for a page turned 90° clockwise
      expect(examination.turned).toEqual([{ side: "FRONT", degrees: (360 - turn) % 360 }]);
      // near the bottom once upright (TEMPLATE_MATCHING compares the MRZ's place on the page)
      expect(examination.mrz?.position).toBeGreaterThan(0.7);
    },
    120_000,
  );

  it("is read as sent when upright (no turned reading), and a page without an MRZ stays as sent", async () => {
    const upright = await sharp((await drawPassport(person)).front)
      .jpeg({ quality: 90 })
      .toBuffer();
    const { value, stages } = await profiled(() => examineDocument(upright, null, "FRONT"));
    expect(value.turned).toEqual([]);
    // its page OCR found the MRZ across: not read turned at all
    expect(stages.has("page OCR, turned (which way up)")).toBe(false);
    const prose = await examineDocument(await prosePage(), null, "FRONT");
    expect(prose.turned).toEqual([]);
    expect(prose.mrz).toBeNull();
  }, 120_000);

  // a 340-px photo: its 6-px MRZ characters give the page OCR no line at the size sent, upright or turned
  const small = async (turn: number) =>
    sharp((await drawPassport(person)).front)
      .resize({ width: 340 })
      .rotate(turn)
      .jpeg({ quality: 90 })
      .toBuffer();

  it.each([90, 180])(
    "is read turned upright when small and turned %i° clockwise, having been looked at enlarged",
    async (turn) => {
      const examination = await examineDocument(await small(turn), null, "FRONT");
      expect(examination.mrz?.result.valid).toBe(true);
      expect(examination.mrz?.result.fields.lastName).toBe("VISSER");
      expect(examination.turned).toEqual([{ side: "FRONT", degrees: (360 - turn) % 360 }]);
    },
    120_000,
  );

  it("is not read turned when small and upright: its enlarged look shows its MRZ across", async () => {
    const sent = await small(0);
    const { value, stages } = await profiled(() => examineDocument(sent, null, "FRONT"));
    expect(value.mrz?.result.valid).toBe(true);
    expect(value.turned).toEqual([]);
    // one look enlarged, as sent, settles it, before any reading turned at its own size (which would show nothing)
    expect(stages.get("page OCR, enlarged (which way up)")?.runs).toBe(1);
    expect(stages.has("page OCR, turned (which way up)")).toBe(false);
  }, 120_000);
});
