import { inlinedWasm } from "@/lib/shared/inlined-wasm";
import { BLOCK_SAD_WASM } from "./block-sad-wasm.generated";

// The sum of |a - b| over each 16×16 block of two grey images (the error level analysis' error per block,
// image-forensics.ts), in WebAssembly SIMD (block-sad.wat): sixteen pixels per instruction instead of one, the same
// integers (block-sad.test.ts compares it with the per-pixel sum). The images go into the module one row of blocks
// (16 rows) at a time, so its memory stays at three 64 KiB pages whatever the page's size (a 4096-px row of blocks
// is 64 KiB per image). No server-only import: pure arithmetic. One instance per thread.

type Module = {
  memory: WebAssembly.Memory;
  blockSad(a: number, b: number, out: number, width: number, bw: number, bh: number): void;
};

const BLOCK = 16;
let kernel: Module | undefined;

function instance(): Module {
  kernel ??= inlinedWasm<Module>(BLOCK_SAD_WASM);
  return kernel;
}

/**
 * Σ |a − b| over each whole 16×16 block from the top left, row-major (`bw` × `bh` blocks): a and b are grey images
 * of `width` bytes per row, at least bh × 16 rows, bw × 16 ≤ width.
 */
export function blockSad(a: Uint8Array, b: Uint8Array, width: number, bw: number, bh: number): Uint32Array {
  const k = instance();
  const strip = BLOCK * width;
  const [atA, atB, atOut] = [0, strip, 2 * strip];
  const needed = 2 * strip + 4 * bw;
  if (needed > k.memory.buffer.byteLength) k.memory.grow(Math.ceil((needed - k.memory.buffer.byteLength) / 65536));
  const sums = new Uint32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    const from = by * strip;
    new Uint8Array(k.memory.buffer, atA, strip).set(a.subarray(from, from + strip));
    new Uint8Array(k.memory.buffer, atB, strip).set(b.subarray(from, from + strip));
    k.blockSad(atA, atB, atOut, width, bw, 1);
    sums.set(new Uint32Array(k.memory.buffer, atOut, bw), by * bw);
  }
  return sums;
}
