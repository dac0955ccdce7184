import { describe, expect, it } from "vitest";
import {
  alignMinBbox,
  clipAtImageBorders,
  extractFace,
  landmarkPositions,
  locateFaces,
  nonMaxSuppression,
  resizeBilinear,
  resizeBilinearPerPixel,
  toBatchInput,
} from "./face-api-ops";

// face-api's JavaScript steps around its nets, transcribed for the ONNX graphs: what each must give, from face-api's
// source (the parity with TF.js on real photos is face-api-onnx.test.ts and tools/eval/face-onnx-parity.ts).

const rgb = (width: number, height: number, at: (x: number, y: number, c: number) => number) => {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = at(x, y, c);
  return { data, width, height };
};

describe("NetInput.toBatchTensor", () => {
  it("pads a wide image with zero rows at the bottom for the SSD, unscaled when already the input size", () => {
    const out = toBatchInput(
      rgb(4, 2, () => 200),
      4,
      false,
    );
    expect(Array.from(out.subarray(0, 2 * 4 * 3)).every((v) => v === 200)).toBe(true);
    expect(Array.from(out.subarray(2 * 4 * 3)).every((v) => v === 0)).toBe(true);
  });

  it("centres a tall image for the landmarks: round(diff / 2) columns after it, the rest before", () => {
    const out = toBatchInput(
      rgb(2, 5, () => 9),
      5,
      true,
    ); // diff 3: one column before, two after
    const row = Array.from(out.subarray(0, 5 * 3)).filter((_, i) => i % 3 === 0);
    expect(row).toEqual([0, 9, 9, 0, 0]);
  });

  it("resizes like TF's resizeBilinear without aligned corners: source = destination × scale, edge clamped", () => {
    const src = Float32Array.from([0, 0, 0, 10, 10, 10, 20, 20, 20, 30, 30, 30]); // 2×2, one value per pixel
    const out = resizeBilinear(src, 2, 2, 4, 4);
    const first = (x: number, y: number) => out[(y * 4 + x) * 3];
    expect([first(0, 0), first(1, 0), first(2, 0), first(3, 0)]).toEqual([0, 5, 10, 10]);
    expect([first(0, 1), first(0, 2), first(0, 3)]).toEqual([10, 20, 20]);
    expect(first(1, 1)).toBe(15);
  });

  it("gives the per-pixel kernel's values bit for bit from the SIMD row blends, up and down, bytes and floats", () => {
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 255;
    // the liveness sizes (a 640×360 frame to the detector's 256, a 300 crop to the SSD's 512, a mesh crop to 128 and
    // 32) and odd ones, with fractional float32 inputs as the crops carry
    const cases: [number, number, number, number][] = [
      [360, 640, 256, 256],
      [300, 300, 512, 512],
      [192, 192, 128, 128],
      [192, 192, 32, 32],
      [37, 23, 50, 11],
      [5, 7, 5, 7],
    ];
    for (const [h, w, nh, nw] of cases) {
      const bytes = Uint8Array.from({ length: h * w * 3 }, () => Math.floor(noise()));
      const floats = Float32Array.from({ length: h * w * 3 }, () => noise() / 3.7);
      for (const src of [bytes, floats, Array.from(floats)]) {
        const fast = resizeBilinear(src, h, w, nh, nw);
        const reference = resizeBilinearPerPixel(src, h, w, nh, nw);
        expect(Buffer.from(fast.buffer).equals(Buffer.from(reference.buffer))).toBe(true);
      }
    }
  });
});

describe("the SSD's input of a square face crop", () => {
  it("resizes the crop's bytes to the floats of the padded float copy (no padding: the same values)", () => {
    const side = 300;
    const data = Uint8Array.from({ length: side * side * 3 }, (_, i) => (i * 7919) % 256);
    const direct = toBatchInput({ data, width: side, height: side }, 512, false);
    const reference = resizeBilinearPerPixel(Float32Array.from(data), side, side, 512, 512);
    expect(Buffer.from(direct.buffer).equals(Buffer.from(reference.buffer))).toBe(true);
  });
});

describe("SSD post-processing", () => {
  const boxes = Float32Array.from([0.1, 0.1, 0.5, 0.5, 0.12, 0.1, 0.52, 0.5, 0.6, 0.6, 0.9, 0.9]);

  it("keeps the best of two overlapping boxes and a separate one, drops what scores at or under the threshold", () => {
    expect(nonMaxSuppression(boxes, [0.8, 0.9, 0.7], 100, 0.5, 0.2)).toEqual([1, 2]);
    expect(nonMaxSuppression(boxes, [0.8, 0.9, 0.2], 100, 0.5, 0.2)).toEqual([1]);
    expect(nonMaxSuppression(boxes, [0.8, 0.9, 0.7], 1, 0.5, 0.2)).toEqual([1]);
  });

  it("maps relative boxes to image pixels, undoing the padding at the end of a wide image's square", () => {
    const [face] = locateFaces(boxes, Float32Array.from([0.1, 0.9, 0.1]), { width: 400, height: 200 }, 512, 0.5);
    // the 400×200 image fills the top half of the square: relative y doubles
    expect(face!.score).toBeCloseTo(0.9, 6);
    expect(face!.box.x).toBeCloseTo(0.1 * 400, 4);
    expect(face!.box.y).toBeCloseTo(0.12 * 2 * 200, 4);
    expect(face!.box.width).toBeCloseTo(0.4 * 400, 4);
    expect(face!.box.height).toBeCloseTo(0.4 * 2 * 200, 4);
  });
});

describe("face regions", () => {
  it("clips a box at the image borders and floors it, as extractFaceTensors slices", () => {
    expect(clipAtImageBorders({ x: -3.5, y: 2.7, width: 20, height: 200 }, 100, 50)).toEqual({
      x: 0,
      y: 2,
      width: 16,
      height: 47,
    });
    expect(
      extractFace(
        rgb(10, 10, () => 1),
        { x: 12, y: 0, width: 5, height: 5 },
      ),
    ).toBeNull();
    const cut = extractFace(
      rgb(10, 10, (x, y) => x + 10 * y),
      { x: 2, y: 3, width: 2, height: 2 },
    );
    expect(cut && Array.from(cut.data).filter((_, i) => i % 3 === 0)).toEqual([32, 33, 42, 43]);
  });

  it("reads landmarks back to the face's pixels, removing the centring padding of a non-square face", () => {
    const raw = new Float32Array(136).fill(0.5); // the square's centre
    const [p] = landmarkPositions(raw, 112, 50, 100);
    expect(p!.x).toBeCloseTo(25, 4);
    expect(p!.y).toBeCloseTo(50, 4);
  });

  it("aligns on the landmarks' bounding box grown by 20 %", () => {
    const box = alignMinBbox([
      { x: 10, y: 20 },
      { x: 60, y: 120 },
    ]);
    expect(box).toEqual({ x: 5, y: 10, width: 60, height: 120 });
  });
});
