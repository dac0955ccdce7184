// PaddleOCR's model input from an RGBA image, as typed arrays (issue 35: speed and memory of the MRZ fallback).
//
// @gutenye/ocr-common's ModelBase.imageToInput (version PADDLE_INPUT_FOR) builds it through plain JavaScript arrays:
// three pushes per pixel, a spread of the three planes into a fourth array, then Float32Array.from. Measured on the
// MRZ band of a generated passport (1250×280), under the profiler: ~8 % of a reading, more in garbage collection.
// Without it, alternating (docs/benchmarks.md): ~30 ms less per band, ~0.15 s and ~0.12 GB less per 1600-px page. Here every value is the same
// float64 expression, `(value / 255 − mean) / std`, stored straight into a Float32Array, which rounds it to float32
// exactly as Float32Array.from does: the input tensor, and so every reading, is bit for bit the library's
// (paddle-input.test.ts compares both on images).

import { createRequire } from "node:module";
import path from "node:path";

/** The ocr-common version whose imageToInput this reproduces; another version keeps its own. */
export const PADDLE_INPUT_FOR = "1.4.8";

/** The folder of the @gutenye/ocr-common that @gutenye/ocr-node itself loads (resolved from it, as Node does). */
export function ocrCommonDir(): string {
  const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
  const entry = createRequire(fromRoot.resolve("@gutenye/ocr-node")).resolve("@gutenye/ocr-common");
  return path.dirname(path.dirname(entry)); // …/ocr-common/build/index.js → …/ocr-common
}

type Rgba = { data: ArrayLike<number>; width: number; height: number };
type Normalisation = { mean?: readonly number[]; std?: readonly number[] };

/** Planes B, G, R (the library's order) of `(value / 255 − mean[c]) / std[c]` for each pixel, row by row. */
export function paddleInput(image: Rgba, { mean = [0, 0, 0], std = [1, 1, 1] }: Normalisation = {}) {
  const { data } = image;
  // the library steps through the bytes four at a time, so a trailing partial pixel still counts (its missing
  // channels read as undefined: NaN)
  const pixels = Math.ceil(data.length / 4);
  const out = new Float32Array(3 * pixels);
  const [meanR, meanG, meanB] = [mean[0]!, mean[1]!, mean[2]!];
  const [stdR, stdG, stdB] = [std[0]!, std[1]!, std[2]!];
  for (let p = 0, i = 0; p < pixels; p++, i += 4) {
    out[p] = (data[i + 2]! / 255 - meanB) / stdB;
    out[pixels + p] = (data[i + 1]! / 255 - meanG) / stdG;
    out[2 * pixels + p] = (data[i]! / 255 - meanR) / stdR;
  }
  return { data: out, width: image.width, height: image.height };
}
