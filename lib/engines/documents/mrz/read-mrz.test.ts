import { afterAll, beforeAll, expect, it } from "vitest";
import { readMrz, type ReadingBudget } from "./read-mrz";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";
import { ocrEngine, stopOcrEngine, warmOcrEngine } from "@/lib/engines/documents/ocr/ocr-engine";
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
