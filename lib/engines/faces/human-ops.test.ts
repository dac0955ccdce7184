import { describe, expect, it } from "vitest";
import {
  blazeAnchors,
  cutAndResize,
  faceAngles,
  meshToImage,
  nonMaxSuppression,
  rotateWithOffset,
  roundScore,
  type DetectBox,
} from "./human-ops";
import { clearOfEdges, EDGE_MARGINS, type Edge } from "./human-pipeline";
import { blazeInput, cutAndResizePerPixel } from "./tfjs-image-kernels";
import { resizeBilinearPerPixel } from "./face-api-ops";

// The steps around human's models, rewritten from its JavaScript and TF.js' kernels (human-ops.ts): their contracts
// on small inputs whose answer is known. Their agreement with Human itself is measured on real photos by
// tools/eval/human-onnx-parity.ts and on the sample faces by human-onnx.test.ts.

const box = (x0: number, y0: number, x1: number, y1: number): DetectBox => ({
  startPoint: [x0, y0],
  endPoint: [x1, y1],
  landmarks: [],
  confidence: 1,
  size: [x1 - x0, y1 - y0],
});

describe("BlazeFace's anchors and non-max suppression", () => {
  it("lays 896 anchors: two per 16 px cell, then six per 32 px cell", () => {
    const anchors = blazeAnchors(256);
    expect(anchors).toHaveLength(896);
    expect(anchors.slice(0, 3)).toEqual([
      [8, 8],
      [8, 8],
      [24, 8],
    ]);
    expect(anchors[512]).toEqual([16, 16]);
    expect(anchors[895]).toEqual([240, 240]);
  });

  it("keeps the best of overlapping boxes, a disjoint one, nothing under the score threshold, at most max", () => {
    const boxes = new Float32Array([0, 0, 10, 10, 1, 1, 11, 11, 50, 50, 60, 60, 80, 80, 90, 90]);
    const scores = new Float32Array([0.8, 0.9, 0.7, 0.4]);
    expect(nonMaxSuppression(boxes, scores, 5, 0.1, 0.5)).toEqual([1, 2]);
    expect(nonMaxSuppression(boxes, scores, 1, 0.1, 0.5)).toEqual([1]);
    expect(nonMaxSuppression(boxes, scores, 5, 0.1, 0.95)).toEqual([]);
  });
});

describe("image steps", () => {
  const w = 4,
    h = 3;
  const pixels = Float32Array.from({ length: w * h * 3 }, (_, i) => i);

  it("rotates about the given centre by the nearest source pixel, filling with 0 outside", () => {
    expect(rotateWithOffset(pixels, h, w, 0, 0.5, 0.5)).toEqual(pixels);
    // half a turn about the centre of a 4×3 image (2, 1.5): output (x, y) reads source (4 − x, 3 − y)
    const turned = rotateWithOffset(pixels, h, w, Math.PI, 0.5, 0.5);
    expect(Array.from(turned.subarray((1 * w + 1) * 3, (1 * w + 1) * 3 + 3))).toEqual(
      Array.from(pixels.subarray((2 * w + 3) * 3, (2 * w + 3) * 3 + 3)),
    );
    expect(Array.from(turned.subarray(0, 3))).toEqual([0, 0, 0]); // (0, 0) reads (4, 3): outside
  });

  it("crops the whole image at its own size back to its pixels / 255, and extrapolates 0 outside it", () => {
    // human divides the box by the image size (not size − 1): a box to the far edges samples every pixel once
    const square = Float32Array.from({ length: 3 * 3 * 3 }, (_, i) => i * 10);
    const same = cutAndResize(square, 3, 3, box(0, 0, 3, 3), 3);
    expect(Array.from(same)).toEqual(Array.from(square, (v) => Math.fround(v / 255)));
    const outside = cutAndResize(pixels, h, w, box(-8, -8, -4, -4), 2);
    expect(Array.from(outside)).toEqual(new Array(12).fill(0));
  });

  it("crops row by row to the very floats of the pixel-by-pixel kernel, boxes inside, across and outside the edges", () => {
    let seed = 11;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 255;
    const [h, w] = [97, 131];
    const bytes = Uint8Array.from({ length: h * w * 3 }, () => Math.floor(noise()));
    const floats = Float32Array.from({ length: h * w * 3 }, () => noise() / 3.3);
    // the mesh's 192 crop of a face box, one hanging over the top-left and bottom-right edges, a sliver, one outside
    const boxes = [
      box(20.4, 10.7, 90.2, 80.9),
      box(-15.5, -9.25, 60.1, 50.3),
      box(70, 40, 150.6, 120.2),
      box(3, 3, 4, 90),
    ];
    for (const b of [...boxes, box(-30, -30, -5, -5)])
      for (const src of [bytes, floats, Array.from(floats)])
        for (const size of [192, 37]) {
          const rows = cutAndResize(src, h, w, b, size);
          const reference = cutAndResizePerPixel(src, h, w, b, size);
          expect(Buffer.from(rows.buffer).equals(Buffer.from(reference.buffer))).toBe(true);
        }
  });
});

describe("the face detector's input", () => {
  it("is the resized frame / 127.5 − 1 in float32, from bytes and from floats", () => {
    const [h, w] = [90, 160];
    const bytes = Uint8Array.from({ length: h * w * 3 }, (_, i) => (i * 31) % 256);
    const reference = resizeBilinearPerPixel(bytes, h, w, 64, 64).map((v) => Math.fround(Math.fround(v / 127.5) - 1));
    for (const src of [bytes, Float32Array.from(bytes), Array.from(bytes)]) {
      const input = blazeInput(src, h, w, 64);
      expect(Buffer.from(input.buffer).equals(Buffer.from(reference.buffer))).toBe(true);
    }
    expect(Math.min(...reference)).toBeGreaterThanOrEqual(-1);
    expect(Math.max(...reference)).toBeLessThanOrEqual(1);
  });
});

describe("the mesh back in the image, and its angles", () => {
  it("maps the crop's centre to the box's centre, scaled by the box size, truncated to whole pixels", () => {
    const raw = new Float32Array([96, 96, 5.7, 192, 0, 0]);
    const identity = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    expect(meshToImage(raw, box(100, 200, 196, 296), 0, identity, 192).points).toEqual([
      [148, 248, 5],
      [196, 200, 0],
    ]);
  });

  it("reads a frontal mesh as 0° and an in-plane tilt as roll only", () => {
    const mesh = (tilt: number) => {
      const points: [number, number, number][] = new Array(468).fill(null).map(() => [100, 100, 0]);
      const put = (i: number, x: number, y: number) => {
        const [c, s] = [Math.cos(tilt), Math.sin(tilt)];
        points[i] = [100 + x * c - y * s, 100 + x * s + y * c, 0];
      };
      put(10, 0, -50); // top
      put(152, 0, 50); // bottom
      put(234, -40, 0); // one side
      put(454, 40, 0); // the other
      return points;
    };
    const frontal = faceAngles(mesh(0), [0.3, 0.3, 0.4, 0.4], 200, 200, 192);
    expect(frontal.yaw).toBeCloseTo(0, 9);
    expect(frontal.pitch).toBeCloseTo(0, 9);
    expect(frontal.roll).toBeCloseTo(0, 9);
    const tilted = faceAngles(mesh(0.3), [0.3, 0.3, 0.4, 0.4], 200, 200, 192);
    expect(Math.abs(tilted.roll)).toBeCloseTo(0.3, 6);
    expect(tilted.yaw).toBeCloseTo(0, 6);
  });

  it("rounds model scores to 2 decimals as human reports them", () => {
    expect(roundScore(0.98765)).toBe(0.99);
    expect(roundScore(0.004)).toBe(0);
  });
});

describe("the edges the ONNX result is taken clear of", () => {
  const far = Object.fromEntries(Object.keys(EDGE_MARGINS).map((k) => [k, 1])) as Record<Edge, number>;

  it("takes a frame whose every decision is farther from its edge than its margin", () => {
    expect(clearOfEdges(far)).toEqual({ clear: true, edges: [] });
  });

  it("hands over a frame with one decision inside its margin, naming the edge", () => {
    const closest = { ...far, "mesh point": EDGE_MARGINS["mesh point"] / 2 };
    expect(clearOfEdges(closest)).toEqual({ clear: false, edges: ["mesh point"] });
    expect(clearOfEdges({ ...far, rotation: NaN }).clear).toBe(false); // unknown counts as near
  });
});
