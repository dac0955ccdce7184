import { inlinedWasm } from "@/lib/shared/inlined-wasm";
import { IMAGE_KERNELS_WASM } from "./image-kernels-wasm.generated";

// TF.js' bilinear resize and crop-and-resize (the float32 kernels face-api-ops.ts and tfjs-image-kernels.ts
// transcribe) with their blends in WebAssembly SIMD (image-kernels.wat): the JavaScript here plans the rows and
// columns with the very float32 steps of the transcriptions, the module blends four floats at a time. Every output
// float equals the per-pixel JavaScript kernels' (face-api-ops.test.ts, human-ops.test.ts: bit for bit), 3–5× faster: LIVENESS resizes
// each frame for the face detector and each compared face for face-api's SSD (docs/benchmarks.md "Liveness").
// No server-only import: pure arithmetic (the module's bytes are inlined, nothing is read from disk). One instance
// per thread (a face-pool worker has its own); its memory grows to the largest image seen and is reused.

type Kernels = {
  memory: WebAssembly.Memory;
  vblend(out: number, t: number, b: number, w: number, n: number): void;
  vblendDiv255(out: number, t: number, b: number, w: number, n: number): void;
  hblendF32(row: number, lo: number, hi: number, frac: number, into: number, cols: number): void;
  hblendU8(row: number, lo: number, hi: number, frac: number, into: number, cols: number): void;
  divideSubtract(p: number, n: number, d: number, s: number): void;
};

/** A crop box's corners in image pixels (human's DetectBox has them). */
export type Corners = { startPoint: [number, number]; endPoint: [number, number] };

const f = Math.fround;
let kernels: Kernels | undefined;

function instance(): Kernels {
  kernels ??= inlinedWasm<Kernels>(IMAGE_KERNELS_WASM);
  return kernels;
}

/** Byte offsets of consecutive regions in the module's memory, each 16-aligned with 16 bytes of slack after it. */
function layout(k: Kernels, sizes: number[]): number[] {
  const at: number[] = [];
  let end = 0;
  for (const size of sizes) {
    at.push(end);
    end = (end + size + 16 + 15) & ~15;
  }
  const missing = end - k.memory.buffer.byteLength;
  if (missing > 0) k.memory.grow(Math.ceil(missing / 65536));
  return at;
}

/** A typed image's bytes copied into the module at `at`. */
function put(k: Kernels, at: number, src: Uint8Array | Float32Array) {
  new Uint8Array(k.memory.buffer, at, src.byteLength).set(new Uint8Array(src.buffer, src.byteOffset, src.byteLength));
}

/**
 * Fills the column tables at lo, hi, frac from each output column's source x (float32): the left and right source
 * pixels (element offsets, the right one clamped to the last column) and the weight of the right one.
 */
function fillColumns(k: Kernels, [lo, hi, frac]: [number, number, number], xs: ArrayLike<number>, width: number) {
  const left = new Int32Array(k.memory.buffer, lo, xs.length);
  const right = new Int32Array(k.memory.buffer, hi, xs.length);
  const weight = new Float32Array(k.memory.buffer, frac, xs.length);
  for (let c = 0; c < xs.length; c++) {
    const x = xs[c]!;
    left[c] = Math.floor(x) * 3;
    right[c] = Math.min(width - 1, Math.ceil(x)) * 3;
    weight[c] = f(x - Math.floor(x));
  }
}

/**
 * Two blended source rows at a time, kept by row index: a row already blended for the previous output row is not
 * blended again (output rows read source rows in order, so at most one of the two is new).
 */
function rowCache(rows: [number, number], blend: (row: number, into: number) => void) {
  const held = [-1, -1];
  let last = 0;
  const fetch = (row: number, keep: number): number => {
    if (held[0] === row) return (last = 0);
    if (held[1] === row) return (last = 1);
    const slot = keep === 0 ? 1 : keep === 1 ? 0 : 1 - last;
    blend(row, rows[slot]!);
    held[slot] = row;
    return (last = slot);
  };
  return (top: number, bottom: number): [number, number] => {
    const t = fetch(top, -1);
    const b = fetch(bottom, t);
    return [rows[t]!, rows[b]!];
  };
}

/**
 * tfjs-backend-wasm ResizeBilinear (alignCorners false, halfPixelCenters false) of an RGB image, NHWC float32;
 * `then`: each value then divided and shifted in float32 (blazeInput's / 127.5 − 1).
 */
export function resizeBilinearWasm(
  src: Uint8Array | Float32Array,
  oldH: number,
  oldW: number,
  newH: number,
  newW: number,
  then?: { divide: number; subtract: number },
): Float32Array {
  const k = instance();
  const bytes = src instanceof Uint8Array;
  const n = newW * 3;
  const [source, lo, hi, frac, rowA, rowB, out] = layout(k, [
    src.byteLength,
    newW * 4,
    newW * 4,
    newW * 4,
    n * 4,
    n * 4,
    newH * n * 4,
  ]) as [number, number, number, number, number, number, number];
  put(k, source, src);
  const scaleY = f(oldH / newH);
  const scaleX = f(oldW / newW);
  fillColumns(
    k,
    [lo, hi, frac],
    Array.from({ length: newW }, (_, c) => f(c * scaleX)),
    oldW,
  );
  const rowBytes = oldW * 3 * (bytes ? 1 : 4);
  const hblend = bytes ? k.hblendU8 : k.hblendF32;
  const rows = rowCache([rowA, rowB], (row, into) => hblend(source + row * rowBytes, lo, hi, frac, into, newW));
  for (let r = 0; r < newH; r++) {
    const srcY = f(r * scaleY);
    const top = Math.floor(srcY);
    const [t, b] = rows(top, Math.min(oldH - 1, Math.ceil(srcY)));
    k.vblend(out + r * n * 4, t, b, f(srcY - top), n);
  }
  if (then) k.divideSubtract(out, newH * n, then.divide, then.subtract);
  return new Float32Array(k.memory.buffer.slice(out, out + newH * n * 4));
}

/** The crop's geometry in float32 steps (facemeshutil's box → tf.image.cropAndResize's scales and origin). */
export function cropGeometry(height: number, width: number, box: Corners, size: number) {
  const [y1, x1, y2, x2] = [
    f(box.startPoint[1] / height),
    f(box.startPoint[0] / width),
    f(box.endPoint[1] / height),
    f(box.endPoint[0] / width),
  ];
  return {
    hScale: f(f(f(y2 - y1) * (height - 1)) / (size - 1)),
    wScale: f(f(f(x2 - x1) * (width - 1)) / (size - 1)),
    y0: f(y1 * (height - 1)),
    x0: f(x1 * (width - 1)),
  };
}

/**
 * cropAndResize(bilinear, extrapolation 0) of the box to size×size, then / 255 — the mesh's input; null for a
 * degenerate crop (size < 2: the scales divide by zero; columns inside the image not one run), which the per-pixel
 * kernel then computes as TF.js would.
 */
export function cutAndResizeWasm(
  src: Uint8Array | Float32Array,
  height: number,
  width: number,
  box: Corners,
  size: number,
): Float32Array | null {
  if (size < 2) return null;
  const { y0, x0, hScale, wScale } = cropGeometry(height, width, box, size);
  const xIns = Array.from({ length: size }, (_, x) => f(x0 + f(x * wScale)));
  const inside = xIns.map((xIn) => xIn >= 0 && xIn <= width - 1);
  const first = inside.indexOf(true);
  const last = inside.lastIndexOf(true);
  const out = new Float32Array(size * size * 3);
  if (first < 0) return out; // every column outside: all extrapolated
  if (inside.slice(first, last + 1).includes(false)) return null;
  const k = instance();
  const span = last - first + 1;
  const [source, lo, hi, frac, rowA, rowB, row] = layout(k, [
    src.byteLength,
    span * 4,
    span * 4,
    span * 4,
    span * 12,
    span * 12,
    span * 12,
  ]) as [number, number, number, number, number, number, number];
  put(k, source, src);
  fillColumns(k, [lo, hi, frac], xIns.slice(first, last + 1), width);
  const rowBytes = width * 3 * (src instanceof Uint8Array ? 1 : 4);
  const hblend = src instanceof Uint8Array ? k.hblendU8 : k.hblendF32;
  const rows = rowCache([rowA, rowB], (r, into) => hblend(source + r * rowBytes, lo, hi, frac, into, span));
  const result = new Float32Array(k.memory.buffer, row, span * 3);
  for (let y = 0; y < size; y++) {
    const yIn = f(y0 + f(y * hScale));
    if (yIn < 0 || yIn > height - 1) continue; // extrapolation value 0
    const top = Math.floor(yIn);
    const [t, b] = rows(top, Math.min(height - 1, Math.ceil(yIn)));
    k.vblendDiv255(row, t, b, f(yIn - top), span * 3);
    out.set(result, (y * size + first) * 3);
  }
  return out;
}
