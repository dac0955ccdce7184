// TF.js' image kernels as tfjs-backend-wasm 4.22 computes them, in float32 steps, for human's pipeline
// (human-pipeline.ts): the inputs the ONNX models get must be the very tensors TF.js gave human's models, and the
// CPU kernels' double-precision formulas are not (measured: other pixels at crop edges and in rotations). Pure
// arithmetic, no server-only import.

import { resizeBilinear } from "./face-api-ops";
import { cropGeometry, cutAndResizeWasm, resizeBilinearWasm, type Corners } from "./image-kernels-wasm";

export { resizeBilinear };

const f = Math.fround;

export type { Corners };

/**
 * The detector's input: blazeface.getBoxes without `square` — resizeBilinear to 256×256, then / 127.5 − 1 in
 * float32 (TF.js' div and sub).
 */
export function blazeInput(pixels: ArrayLike<number>, height: number, width: number, size: number): Float32Array {
  if (pixels instanceof Uint8Array || pixels instanceof Float32Array)
    return resizeBilinearWasm(pixels, height, width, size, size, { divide: 127.5, subtract: 1 });
  const resized = resizeBilinear(pixels, height, width, size, size);
  for (let i = 0; i < resized.length; i++) resized[i] = f(f(resized[i]! / 127.5) - 1);
  return resized;
}

/**
 * tf.image.rotateWithOffset(image, radians, fill 0, center as fractions) as tfjs-backend-wasm 4.22's kernel computes
 * it: each output pixel takes its nearest source pixel, the coordinates computed in float32 and rounded half away
 * from zero (C's round). A double-precision version (the CPU kernel's) picks another pixel for ~1 in 1000 pixels of a
 * rotated face, enough to move the mesh by a pixel. Float32 NHWC in and out.
 */
export function rotateWithOffset(
  src: ArrayLike<number>,
  height: number,
  width: number,
  radians: number,
  cx: number,
  cy: number,
): Float32Array {
  const out = new Float32Array(src.length);
  const centerX = f(width * cx);
  const centerY = f(height * cy);
  const sin = f(Math.sin(f(radians)));
  const cos = f(Math.cos(f(radians)));
  const round = (v: number) => Math.sign(v) * Math.floor(Math.abs(v) + 0.5);
  for (let y = 0; y < height; y++) {
    const dy = f(y - centerY);
    for (let x = 0; x < width; x++) {
      const dx = f(x - centerX);
      const sx = round(f(f(f(dx * cos) - f(dy * sin)) + centerX));
      const sy = round(f(f(f(dx * sin) + f(dy * cos)) + centerY));
      if (sx < 0 || sx >= width || sy < 0 || sy >= height) continue;
      const o = (y * width + x) * 3;
      const s = (sy * width + sx) * 3;
      out[o] = src[s]!;
      out[o + 1] = src[s + 1]!;
      out[o + 2] = src[s + 2]!;
    }
  }
  return out;
}

/**
 * facemeshutil cutAndResize: tf.image.cropAndResize(bilinear, extrapolation 0) of the box to size×size, then / 255,
 * as tfjs-backend-wasm's kernel computes it: every step in float32 (a box edge a hair outside the image reads as
 * inside or outside exactly as TF.js reads it; the CPU kernel, in double, disagrees on such pixels).
 */
export function cutAndResize(
  src: ArrayLike<number>,
  height: number,
  width: number,
  box: Corners,
  size: number,
): Float32Array {
  const typed = src instanceof Uint8Array || src instanceof Float32Array;
  return (
    (typed ? cutAndResizeWasm(src, height, width, box, size) : null) ??
    cutAndResizePerPixel(src, height, width, box, size)
  );
}

/** The kernel pixel by pixel, as written first: for other arrays and degenerate crops, and the tests' reference. */
export function cutAndResizePerPixel(
  src: ArrayLike<number>,
  height: number,
  width: number,
  box: Corners,
  size: number,
): Float32Array {
  const { y0, x0, hScale, wScale } = cropGeometry(height, width, box, size);
  const out = new Float32Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    const yIn = f(y0 + f(y * hScale));
    if (yIn < 0 || yIn > height - 1) continue; // extrapolation value 0
    const top = Math.floor(yIn);
    const bottom = Math.min(height - 1, Math.ceil(yIn));
    const yLerp = f(yIn - top);
    for (let x = 0; x < size; x++) {
      const xIn = f(x0 + f(x * wScale));
      if (xIn < 0 || xIn > width - 1) continue;
      const left = Math.floor(xIn);
      const right = Math.min(width - 1, Math.ceil(xIn));
      const xLerp = f(xIn - left);
      const o = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) {
        const tl = src[(top * width + left) * 3 + c]!;
        const tr = src[(top * width + right) * 3 + c]!;
        const bl = src[(bottom * width + left) * 3 + c]!;
        const br = src[(bottom * width + right) * 3 + c]!;
        const t = f(tl + f(f(tr - tl) * xLerp));
        const b = f(bl + f(f(br - bl) * xLerp));
        out[o + c] = f(f(t + f(f(b - t) * yLerp)) / 255);
      }
    }
  }
  return out;
}
