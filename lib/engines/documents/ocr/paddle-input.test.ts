import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ocrCommonDir, PADDLE_INPUT_FOR, paddleInput } from "@/lib/engines/documents/ocr/paddle-input";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";

type Rgba = { data: Uint8Array; width: number; height: number };
type Input = { data: ArrayLike<number>; width: number; height: number };
type ModelBaseClass = {
  prototype: { imageToInput(image: Rgba, options: { mean?: number[]; std?: number[] }): Input };
};

/** The library's own imageToInput (this process never starts PaddleOCR, so nothing has replaced it). */
async function libraryInput(): Promise<ModelBaseClass["prototype"]["imageToInput"]> {
  const url = pathToFileURL(path.join(ocrCommonDir(), "build", "models", "ModelBase.js")).href;
  const { ModelBase } = (await import(url)) as { ModelBase: ModelBaseClass };
  return ModelBase.prototype.imageToInput;
}

/** What ModelBase's #prepareInput makes of an input: Float32Array.from(data), compared byte for byte. */
const tensorBytes = (input: Input) => Buffer.from(Float32Array.from(input.data).buffer);

describe("PaddleOCR's input from typed arrays", () => {
  it("is written for the installed ocr-common", () => {
    const manifest = JSON.parse(readFileSync(path.join(ocrCommonDir(), "package.json"), "utf8")) as { version: string };
    expect(manifest.version).toBe(PADDLE_INPUT_FOR);
  });

  it("gives the library's tensor bit for bit, for every byte value and normalisation", async () => {
    const library = await libraryInput();
    const random = seededRandom(35);
    const data = new Uint8Array(4 * 97 * 13);
    for (let i = 0; i < data.length; i++) data[i] = i < 1024 ? i % 256 : Math.floor(random() * 256);
    const image = { data, width: 97, height: 13 };
    for (const options of [
      {},
      { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] },
      { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] },
    ]) {
      const ours = paddleInput(image, options);
      const theirs = library.call(null, image, options);
      expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
      expect(tensorBytes(ours).equals(tensorBytes(theirs))).toBe(true);
    }
  });

  it("gives the library's tensor for a document page as the reader decodes it", async () => {
    const library = await libraryInput();
    const passport = await drawPassport(randomPerson(seededRandom(7), "TD3", new Date("2026-11-30")), {});
    const { data, info } = await sharp(passport.front).ensureAlpha(1).raw().toBuffer({ resolveWithObject: true });
    const image = { data: new Uint8Array(data), width: info.width, height: info.height };
    expect(tensorBytes(paddleInput(image, {})).equals(tensorBytes(library.call(null, image, {})))).toBe(true);
  });

  it("counts a trailing partial pixel as the library does", async () => {
    const library = await libraryInput();
    const image = { data: new Uint8Array([10, 20, 30, 255, 40, 50]), width: 2, height: 1 };
    expect(tensorBytes(paddleInput(image)).equals(tensorBytes(library.call(null, image, {})))).toBe(true);
  });
});
