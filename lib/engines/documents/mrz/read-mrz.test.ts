import sharp from "sharp";
import type { Page } from "tesseract.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SPECK_AREA, SPECKLED, specks } from "./despeckle";
import { readMrz, type ReadingBudget } from "./read-mrz";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { ocrEngine, stopOcrEngine, warmOcrEngine, type OcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
import { warmPaddle } from "@/lib/engines/documents/ocr/paddle-engine";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { profiled } from "@/lib/engines/documents/stage-times";

// the readers warm, as a worker's start leaves them (preload-models.ts)
beforeAll(async () => {
  await warmOcrEngine();
  await warmPaddle();
}, 120_000);
afterAll(() => stopOcrEngine());

/** A reading budget that runs out once the first variant has started: every later question finds it spent. */
function spentAfterFirstVariant(): ReadingBudget {
  let asked = 0;
  const budget: ReadingBudget = {
    spent: false,
    over: () => (budget.spent ||= ++asked > 1),
    pastGrace: () => false,
  };
  return budget;
}

it("arbitrates the letters of a reading that holds with PaddleOCR's band reading once that is under way, past the budget too", async () => {
  const engine = await ocrEngine();
  const { front } = await drawPassport(randomPerson(seededRandom(7), "TD3", new Date("2026-11-29")));
  const page = await engine.readPage(front);
  // nothing printed to corroborate the letters with: PaddleOCR reads the band from the first variant on
  const { value, stages } = await profiled(() =>
    readMrz(engine, front, page, printedZone([]), spentAfterFirstVariant()),
  );
  expect(value?.result.valid).toBe(true);
  expect(stages.get("MRZ: PaddleOCR band (beside the variants)")?.runs).toBe(1);
  // its reading was asked for the letters although the budget had run out by then (it costs milliseconds then)
  expect(stages.get("MRZ: PaddleOCR letters")?.runs).toBe(1);
}, 120_000);

/** `count` dark 2×2 dots strewn over the bottom 40 % of an image (the band a page's MRZ is looked for in). */
async function strewn(image: Buffer, count: number, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const x = Math.floor(random() * (info.width - 2));
    const y = Math.floor(info.height * 0.6 + random() * (info.height * 0.4 - 2));
    // two pixels wide, two rows high: each row's two pixels are one fill of every channel
    for (const row of [y, y + 1])
      data.fill(0, (row * info.width + x) * info.channels, (row * info.width + x + 2) * info.channels);
  }
  return sharp(data, { raw: info }).png().toBuffer();
}

/** The specks (dark components under SPECK_AREA pixels) of a binary PGM as tesseract was handed it; null if grey. */
function specksIn(pgm: Buffer): number | null {
  return specks(pixelsOf(pgm), SPECK_AREA)?.count ?? null;
}

/** The one-channel pixels of a binary PGM as tesseract was handed it. */
function pixelsOf(pgm: Buffer) {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString("latin1", 0, 40));
  if (!header) throw new Error("not a binary PGM");
  return {
    data: pgm.subarray(header[0].length),
    width: Number(header[1]),
    height: Number(header[2]),
    channels: 1 as const,
  };
}

it("hands tesseract a speckled band without its specks (a grainy photo's noise costs seconds and misreads)", async () => {
  const engine = await ocrEngine();
  const { front } = await drawPassport(randomPerson(seededRandom(11), "TD3", new Date("2026-11-29")));
  const grainy = await strewn(front, 3000, 5);
  const page = await engine.readPage(grainy);
  const handed: Buffer[] = [];
  // the variants as tesseract would get them, read as nothing: every variant the reading tries is handed over
  const recording: OcrEngine = {
    ...engine,
    readMrz: async (image) => {
      handed.push(image);
      return { text: "", confidence: 0, blocks: [] } as unknown as Page;
    },
  };
  await readMrz(recording, grainy, page, printedZone([]));
  const counts = handed.map(specksIn).filter((n): n is number => n !== null);
  expect(counts.length).toBeGreaterThanOrEqual(2);
  for (const n of counts) expect(n).toBeLessThanOrEqual(SPECKLED);
}, 120_000);

it("reads a zone tilted past the band's deskew with PaddleOCR alone, no tesseract variant tried", async () => {
  const engine = await ocrEngine();
  const person = randomPerson(seededRandom(3), "TD3", new Date("2026-11-29"));
  const { front } = await drawPassport(person);
  // a page photographed at 12°: the page OCR finds no MRZ line, PaddleOCR finds the zone at that tilt
  const tilted = await sharp(front).rotate(12, { background: "#ffffff" }).png().toBuffer();
  const page = await engine.readPage(tilted);
  const { value, stages } = await profiled(() => readMrz(engine, tilted, page, printedZone([])));
  expect(stages.get("MRZ: PaddleOCR whole image (locating the zone)")?.runs).toBe(1);
  expect(value?.result.valid).toBe(true);
  expect(value?.variants).toBe(0);
  expect(stages.get("MRZ: tesseract variant")).toBeUndefined();
}, 120_000);

it("ends the variants after a first blank one where PaddleOCR's whole-image reading, in hand already, holds", async () => {
  const engine = await ocrEngine();
  const { front } = await drawPassport(randomPerson(seededRandom(9), "TD3", new Date("2026-11-29")));
  // the page OCR found no MRZ line (a page of nothing): the band is a guess, and PaddleOCR reads the whole image
  // to locate the zone
  const { width = 0, height = 0 } = await sharp(front).metadata();
  const blank = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const page = await engine.readPage(blank);
  // tesseract reads noise where the zone is (the German visa page): nothing MRZ-shaped
  const blind: OcrEngine = {
    ...engine,
    readMrz: async () => ({ text: "", confidence: 0, blocks: [] }) as unknown as Page,
  };
  const { value, stages } = await profiled(() => readMrz(blind, front, page, printedZone([])));
  expect(stages.get("MRZ: PaddleOCR whole image (locating the zone)")?.runs).toBe(1);
  expect(value?.result.valid).toBe(true);
  expect(value?.variants).toBe(1);
}, 120_000);

/**
 * A TD3 zone as tesseract misreads it on every variant: another name, and the birth date's check digit wrong. No
 * variant's reading holds (a field digit failing with the composite is never certain), and PaddleOCR's band reading,
 * which holds, names another person than any variant (paddleSettles): the variants go on.
 */
function misreadZone(mrz: readonly string[]): string {
  const wrongDigit = String((Number(mrz[1]![19]) + 1) % 10);
  return [
    `P<${mrz[0]!.slice(2, 5)}ZZZZZ<<ZZZ`.padEnd(44, "<"),
    mrz[1]!.slice(0, 19) + wrongDigit + mrz[1]!.slice(20),
  ].join("\n");
}

it("tells the caller when a reading is long (three variants, none settled), once, and not when the first variant settles it", async () => {
  const engine = await ocrEngine();
  const { front, mrz } = await drawPassport(randomPerson(seededRandom(13), "TD3", new Date("2026-11-29")));
  const page = await engine.readPage(front);
  const misread = misreadZone(mrz);
  let asked = 0;
  const misreading: OcrEngine = {
    ...engine,
    readMrz: async () => {
      asked += 1;
      return { text: misread, confidence: 80, blocks: [] } as unknown as Page;
    },
  };
  let told = 0;
  const { value } = await profiled(() => readMrz(misreading, front, page, printedZone([]), undefined, () => told++));
  expect(asked).toBeGreaterThan(3);
  expect(told).toBe(1);
  // the fallback's reading (PaddleOCR's band) is the answer: its digits, not the variants' wrong one
  expect(value?.lines[1]).toBe(mrz[1]);
  let toldClean = 0;
  const clean = await readMrz(engine, front, page, printedZone([]), undefined, () => toldClean++);
  expect(clean?.lines).toEqual(mrz);
  expect(clean?.variants).toBe(1);
  expect(toldClean).toBe(0);
}, 120_000);

/** Whether a PGM as tesseract was handed it is binary (every pixel black or white). */
function binary(pgm: Buffer): boolean {
  return pixelsOf(pgm).data.every((v) => v === 0 || v === 255);
}

it("hands tesseract each variant's own pixels in their order, and prepares no second variant past a first that holds", async () => {
  const engine = await ocrEngine();
  const { front, mrz } = await drawPassport(randomPerson(seededRandom(17), "TD3", new Date("2026-11-29")));
  const page = await engine.readPage(front);
  // no variant settles (misreadZone), so every one is tried and its pixels recorded
  const misread = misreadZone(mrz);
  const handed: Buffer[] = [];
  const recording: OcrEngine = {
    ...engine,
    readMrz: async (image) => {
      handed.push(image);
      return { text: misread, confidence: 80, blocks: [] } as unknown as Page;
    },
  };
  const { stages } = await profiled(() => readMrz(recording, front, page, printedZone([])));
  // the order of MRZ_VARIANTS: the fourth is the grey band, every other a threshold of it
  expect(handed.map(binary)).toEqual([true, true, true, false, true, true, true]);
  expect(new Set(handed.map((pgm) => pgm.toString("base64"))).size).toBe(handed.length);
  expect(stages.get("MRZ: variant preprocessing")?.runs).toBe(handed.length);
  // a first variant that holds: no second variant's pixels made (for nothing)
  const { value, stages: clean } = await profiled(() => readMrz(engine, front, page, printedZone([])));
  expect(value?.lines).toEqual(mrz);
  expect(clean.get("MRZ: variant preprocessing")?.runs).toBe(1);
}, 120_000);
