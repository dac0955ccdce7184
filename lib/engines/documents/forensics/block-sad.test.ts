import { describe, expect, it } from "vitest";
import { seededRandom } from "@/test/document-people";
import { blockSad } from "./block-sad";

// The SIMD block sums against the per-pixel sum they replace, on random grey images of widths that are not a
// multiple of 16 (the pixels right of the last whole block and below the last whole row of blocks are not counted).

function perPixel(a: Uint8Array, b: Uint8Array, width: number, bw: number, bh: number): Uint32Array {
  const sums = new Uint32Array(bw * bh);
  for (let y = 0; y < bh * 16; y++)
    for (let x = 0; x < bw * 16; x++)
      sums[Math.floor(y / 16) * bw + Math.floor(x / 16)]! += Math.abs(a[y * width + x]! - b[y * width + x]!);
  return sums;
}

function randomGrey(rng: () => number, n: number, spread: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => Math.floor(rng() * spread));
}

describe("blockSad", () => {
  it.each([
    [1250, 880],
    [53, 48],
    [4096, 40],
  ])("sums |a − b| per 16×16 block as the per-pixel loop does (%i×%i)", (width, height) => {
    const rng = seededRandom(width);
    const a = randomGrey(rng, width * height, 256);
    const b = randomGrey(rng, width * height, 256);
    const [bw, bh] = [Math.floor(width / 16), Math.floor(height / 16)];
    expect(blockSad(a, b, width, bw, bh)).toEqual(perPixel(a, b, width, bw, bh));
  });

  it("counts the largest difference in both directions without wrapping (a block of 0 against 255)", () => {
    const width = 32;
    const a = new Uint8Array(width * 16).fill(0);
    const b = new Uint8Array(width * 16).fill(255);
    b.fill(0, 0, 8); // the first row's first 8 pixels equal
    expect(Array.from(blockSad(a, b, width, 2, 1))).toEqual([255 * 248, 255 * 256]);
    expect(Array.from(blockSad(b, a, width, 2, 1))).toEqual([255 * 248, 255 * 256]);
  });
});
