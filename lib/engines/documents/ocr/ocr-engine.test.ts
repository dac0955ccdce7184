import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ocrEngine, RecognitionStopped, stopOcrEngine } from "./ocr-engine";
import { warmUpImage } from "./warm-up-image";
import { compact } from "@/lib/engines/documents/mrz/mrz-lines";
import { seededRandom } from "@/test/document-images";

// An MRZ read past the document's budget is stopped mid-recognition (tesseract.js cannot cancel one: the worker's
// thread is terminated and replaced), and the reads queued behind it still get their answers.

afterAll(() => stopOcrEngine());

/** A band of speckle: tesseract's legacy engine spends seconds segmenting it, and reads nothing. */
async function speckle(): Promise<Buffer> {
  const [width, height] = [2000, 600];
  const random = seededRandom(7);
  const pixels = Buffer.alloc(width * height, 255);
  for (let i = 0; i < pixels.length; i++) if (random() < 0.3) pixels[i] = 0;
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

const expectedText = "P<UTOERIKSSON<<ANNA<MARIA";

describe("ocrEngine's MRZ reads with stopWhen", () => {
  it("stops a running recognition once stopWhen answers true, and the next reads use a fresh worker", async () => {
    const engine = await ocrEngine();
    const line = await warmUpImage();
    expect(compact((await engine.readMrz(line)).text)).toBe(expectedText);
    let polls = 0;
    // false when the read starts, true at the first poll while it runs
    const stopped = engine.readMrz(await speckle(), { stopWhen: () => polls++ > 0 });
    // queued behind it, without a stop: answered by the replacement worker
    const queued = engine.readMrz(line);
    await expect(stopped).rejects.toBeInstanceOf(RecognitionStopped);
    expect(polls).toBeGreaterThan(1);
    expect(compact((await queued).text)).toBe(expectedText);
    expect(compact((await engine.readMrz(line, { stopWhen: () => false })).text)).toBe(expectedText);
  }, 60_000);

  it("does not start a read whose stopWhen is already true", async () => {
    const engine = await ocrEngine();
    await expect(engine.readMrz(await warmUpImage(), { stopWhen: () => true })).rejects.toBeInstanceOf(
      RecognitionStopped,
    );
  });
});
