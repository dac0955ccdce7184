import { inlinedWasm } from "@/lib/shared/inlined-wasm";
import type { RawImage } from "@/lib/engines/documents/ocr/netpbm";
import { LOCAL_CONTRAST_WASM } from "./local-contrast-wasm.generated";

// Contrast-limited local histogram equalisation of a grey image: the same bytes as sharp's `clahe` (libvips'
// hist_local: a window centred on each pixel, the image mirrored past its edges, each bin of the window's histogram
// capped at `slope` and the excess spread over all bins), computed in WebAssembly SIMD (local-contrast.wat) from one
// histogram per column. libvips adapts one window histogram column by column and sums up to 256 bins per pixel in
// scalar code: ~0.6 s of CPU for the 2500×725 band of a small passport photo, where this takes a fraction of it
// (docs/benchmarks.md, "the MRZ band's local contrast"). local-contrast.test.ts compares the two byte for byte.
// Memory: 512 bytes per column of the image (1.3 MB for a 2500-px band), kept by the thread's instance for the
// next band. No server-only import: pure arithmetic.

type Module = {
  memory: WebAssembly.Memory;
  columns(hists: number, row: number, count: number, delta: number): void;
  row(
    hists: number,
    window: number,
    target: number,
    out: number,
    width: number,
    w: number,
    n: number,
    slope: number,
  ): void;
};

let kernel: Module | undefined;

const instance = () => (kernel ??= inlinedWasm<Module>(LOCAL_CONTRAST_WASM));

/** The index a mirrored edge reads (libvips' VIPS_EXTEND_MIRROR: the edge pixel repeated, -1 → 0, n → n - 1). */
function mirrored(i: number, n: number): number {
  if (i < 0) return -1 - i;
  if (i >= n) return 2 * n - 1 - i;
  return i;
}

/**
 * sharp's `.clahe({ width: size, height: size, maxSlope: slope })` of a one-channel image, byte for byte (a slope of
 * 1 to 100: libvips' unlimited equalisation, slope 0, is not needed here). Throws as libvips does when the window is
 * larger than the image.
 */
export function localContrast(image: RawImage, size = 64, slope = 3): RawImage {
  const { width: W, height: H, channels } = image;
  if (channels !== 1) throw new Error(`local contrast takes one channel, not ${channels}`);
  if (!Number.isInteger(slope) || slope < 1 || slope > 100) throw new Error(`the slope is 1 to 100, not ${slope}`);
  if (size > W || size > H) throw new Error("hist_local: window too large");
  const half = size >> 1;
  const padded = W + size - 1; // libvips' embedded width: the window of pixel x covers padded columns x … x + size - 1
  const k = instance();
  const hists = 0;
  // one histogram per padded column, and one more that the row's last move right reads (local-contrast.wat)
  const window = (padded + 1) * 512;
  const rowAt = window + 512;
  const target = rowAt + padded;
  const out = target + W;
  const needed = out + W;
  if (needed > k.memory.buffer.byteLength) k.memory.grow(Math.ceil((needed - k.memory.buffer.byteLength) / 65536));
  const bytes = new Uint8Array(k.memory.buffer);
  bytes.fill(0, hists, window);
  const source = image.data;
  // padded row r (the image's row r - half, mirrored), across the padded columns, handed to `columns`
  const column = new Int32Array(padded);
  for (let c = 0; c < padded; c++) column[c] = mirrored(c - half, W);
  const countRow = (r: number, delta: number) => {
    const from = mirrored(r - half, H) * W;
    for (let c = 0; c < padded; c++) bytes[rowAt + c] = source[from + column[c]!]!;
    k.columns(hists, rowAt, padded, delta);
  };
  for (let r = 0; r < size; r++) countRow(r, 1);
  const result = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    if (y > 0) {
      countRow(y - 1, -1);
      countRow(y + size - 1, 1);
    }
    bytes.set(source.subarray(y * W, (y + 1) * W), target);
    k.row(hists, window, target, out, W, size, size * size, slope);
    result.set(bytes.subarray(out, out + W), y * W);
  }
  return { data: Buffer.from(result.buffer, result.byteOffset, result.byteLength), width: W, height: H, channels: 1 };
}
