// The JavaScript half of @vladmandic/face-api 1.7's SSD / 68-landmark / ResNet-34 pipeline, transcribed so that the
// ONNX graphs (models/, built by tools/make/face-api-onnx.py) see the very inputs TF.js gave them and their outputs
// are read the same way. Each function names the face-api (src/…) or TF.js code it follows; where TF.js computes in
// float32, Math.fround rounds at the same steps, so a box edge that face-api floors lands on the same pixel.
// No server-only import: pure arithmetic, unit-tested without the models.

import { resizeBilinearWasm } from "./image-kernels-wasm";

/** An RGB image, 3 bytes (or floats) a pixel, row-major: a Tensor3D [height, width, 3]. */
export type Rgb = { data: Uint8Array | Float32Array; width: number; height: number };
export type Rect = { x: number; y: number; width: number; height: number };
export type Point = { x: number; y: number };

const f = Math.fround;

/**
 * NetInput.toBatchTensor(inputSize, isCenterInputs) for one tensor input: ops/padToSquare (zeros; centred: the
 * appended side gets round(diff / 2), the prepended side the rest), then tf.image.resizeBilinear(alignCorners false,
 * halfPixelCenters false) as tfjs-backend-wasm's kernel computes it in float32. Returns NHWC float32 [size, size, 3].
 */
export function toBatchInput(image: Rgb, inputSize: number, isCenterInputs: boolean): Float32Array {
  const { width, height } = image;
  const side = Math.max(width, height);
  const dimDiff = Math.abs(height - width);
  const append = Math.round(dimDiff * (isCenterInputs ? 0.5 : 1));
  const prepend = isCenterInputs ? dimDiff - append : 0;
  const offX = height > width ? prepend : 0;
  const offY = width > height ? prepend : 0;
  // a square image needs no padding: its bytes go to the resize as they are (bytes widen to float32 exactly)
  if (side !== inputSize && width === height && image.data instanceof Uint8Array)
    return resizeBilinear(image.data, side, side, inputSize, inputSize);
  const padded = new Float32Array(side * side * 3);
  for (let y = 0; y < height; y++) {
    const from = y * width * 3;
    const to = ((y + offY) * side + offX) * 3;
    for (let i = 0; i < width * 3; i++) padded[to + i] = image.data[from + i]!;
  }
  if (side === inputSize) return padded;
  return resizeBilinear(padded, side, side, inputSize, inputSize);
}

/**
 * tfjs-backend-wasm ResizeBilinear (alignCorners false, halfPixelCenters false), float32 arithmetic. Each output
 * value is the vertical blend of two horizontal blends, and a horizontal blend depends only on its source row: each
 * needed source row is blended once, in WebAssembly SIMD (image-kernels-wasm.ts), the same float32 operations in the
 * same order, so the values are the same (face-api-ops.test.ts checks them against the per-pixel formula). Values
 * that are not float32 (a plain array of doubles) take the per-pixel formula.
 */
export function resizeBilinear(
  src: ArrayLike<number>,
  oldH: number,
  oldW: number,
  newH: number,
  newW: number,
): Float32Array {
  if (src instanceof Uint8Array || src instanceof Float32Array) return resizeBilinearWasm(src, oldH, oldW, newH, newW);
  if (!isFloat32Valued(src)) return resizeBilinearPerPixel(src, oldH, oldW, newH, newW);
  return resizeBilinearWasm(Float32Array.from(src), oldH, oldW, newH, newW);
}

function isFloat32Valued(src: ArrayLike<number>): boolean {
  for (let i = 0; i < src.length; i++) if (f(src[i]!) !== src[i]) return false;
  return true;
}

/** The kernel pixel by pixel, as written before the row blends: for values that are not float32 (a plain array). */
export function resizeBilinearPerPixel(
  src: ArrayLike<number>,
  oldH: number,
  oldW: number,
  newH: number,
  newW: number,
): Float32Array {
  const out = new Float32Array(newH * newW * 3);
  const scaleY = f(oldH / newH);
  const scaleX = f(oldW / newW);
  const colFloor = new Int32Array(newW);
  const colCeil = new Int32Array(newW);
  const colFrac = new Float32Array(newW);
  for (let c = 0; c < newW; c++) {
    const srcX = f(c * scaleX);
    colFloor[c] = Math.floor(srcX);
    colCeil[c] = Math.min(oldW - 1, Math.ceil(srcX));
    colFrac[c] = f(srcX - colFloor[c]!);
  }
  for (let r = 0; r < newH; r++) {
    const srcY = f(r * scaleY);
    const top = Math.floor(srcY);
    const bottom = Math.min(oldH - 1, Math.ceil(srcY));
    const rowFrac = f(srcY - top);
    for (let c = 0; c < newW; c++) {
      const tl = (top * oldW + colFloor[c]!) * 3;
      const tr = (top * oldW + colCeil[c]!) * 3;
      const bl = (bottom * oldW + colFloor[c]!) * 3;
      const br = (bottom * oldW + colCeil[c]!) * 3;
      const o = (r * newW + c) * 3;
      for (let d = 0; d < 3; d++) {
        const t = f(src[tl + d]! + f(f(src[tr + d]! - src[tl + d]!) * colFrac[c]!));
        const b = f(src[bl + d]! + f(f(src[br + d]! - src[bl + d]!) * colFrac[c]!));
        out[o + d] = f(t + f(f(b - t) * rowFrac));
      }
    }
  }
  return out;
}

function iou(boxes: Float32Array, i: number, j: number): number {
  // ssdMobilenetv1/nonMaxSuppression.ts IOU; boxes are [top, left, bottom, right] rows
  const yminI = Math.min(boxes[i * 4]!, boxes[i * 4 + 2]!);
  const xminI = Math.min(boxes[i * 4 + 1]!, boxes[i * 4 + 3]!);
  const ymaxI = Math.max(boxes[i * 4]!, boxes[i * 4 + 2]!);
  const xmaxI = Math.max(boxes[i * 4 + 1]!, boxes[i * 4 + 3]!);
  const yminJ = Math.min(boxes[j * 4]!, boxes[j * 4 + 2]!);
  const xminJ = Math.min(boxes[j * 4 + 1]!, boxes[j * 4 + 3]!);
  const ymaxJ = Math.max(boxes[j * 4]!, boxes[j * 4 + 2]!);
  const xmaxJ = Math.max(boxes[j * 4 + 1]!, boxes[j * 4 + 3]!);
  const areaI = (ymaxI - yminI) * (xmaxI - xminI);
  const areaJ = (ymaxJ - yminJ) * (xmaxJ - xminJ);
  if (areaI <= 0 || areaJ <= 0) return 0.0;
  const h = Math.max(Math.min(ymaxI, ymaxJ) - Math.max(yminI, yminJ), 0.0);
  const w = Math.max(Math.min(xmaxI, xmaxJ) - Math.max(xminI, xminJ), 0.0);
  const intersection = h * w;
  return intersection / (areaI + areaJ - intersection);
}

/** ssdMobilenetv1/nonMaxSuppression.ts: greedy, by score, a box suppressed when its IoU with a kept one > iou. */
export function nonMaxSuppression(
  boxes: Float32Array,
  scores: number[],
  maxOutputSize: number,
  iouThreshold: number,
  scoreThreshold: number,
): number[] {
  const outputSize = Math.min(maxOutputSize, boxes.length / 4);
  const candidates = scores
    .map((score, boxIndex) => ({ score, boxIndex }))
    .filter((c) => c.score > scoreThreshold)
    .sort((c1, c2) => c2.score - c1.score);
  const selected: number[] = [];
  for (const c of candidates) {
    if (selected.length >= outputSize) break;
    const originalScore = c.score;
    for (let j = selected.length - 1; j >= 0; --j) {
      const overlap = iou(boxes, c.boxIndex, selected[j]!);
      if (overlap === 0.0) continue;
      c.score *= overlap <= iouThreshold ? 1 : 0;
      if (c.score <= scoreThreshold) break;
    }
    if (originalScore === c.score) selected.push(c.boxIndex);
  }
  return selected;
}

export type Detection = { score: number; box: Rect };

/**
 * SsdMobilenetv1.locateFaces after the graph: NMS (IoU 0.5), boxes clamped to 0..1, un-padded (the image was padded
 * at its end to a square), rescaled to the image (ObjectDetection's Box.rescale).
 */
export function locateFaces(
  boxes: Float32Array,
  scores: Float32Array,
  image: { width: number; height: number },
  inputSize: number,
  minConfidence: number,
  maxResults = 100,
): Detection[] {
  const scoresData = Array.from(scores);
  const indices = nonMaxSuppression(boxes, scoresData, maxResults, 0.5, minConfidence);
  const scale = inputSize / Math.max(image.height, image.width);
  const padX = inputSize / Math.round(image.width * scale);
  const padY = inputSize / Math.round(image.height * scale);
  return indices.map((idx) => {
    const top = Math.max(0, boxes[idx * 4]!) * padY;
    const bottom = Math.min(1.0, boxes[idx * 4 + 2]!) * padY;
    const left = Math.max(0, boxes[idx * 4 + 1]!) * padX;
    const right = Math.min(1.0, boxes[idx * 4 + 3]!) * padX;
    const box = {
      x: left * image.width,
      y: top * image.height,
      width: (right - left) * image.width,
      height: (bottom - top) * image.height,
    };
    return { score: scoresData[idx]!, box };
  });
}

/** DetectSingleFaceTask: the detection with the highest score (the first one on a tie). */
export function highestScore(detections: Detection[]): Detection | undefined {
  let best = detections[0];
  for (const d of detections) if (best && d.score > best.score) best = d;
  return best;
}

/** Box.clipAtImageBorders, floored: the region extractFaceTensors slices. */
export function clipAtImageBorders(box: Rect, imgWidth: number, imgHeight: number): Rect {
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  const x = Math.max(box.x, 0);
  const y = Math.max(box.y, 0);
  const width = Math.min(right - x, imgWidth - x);
  const height = Math.min(bottom - y, imgHeight - y);
  return { x: Math.floor(x), y: Math.floor(y), width: Math.floor(width), height: Math.floor(height) };
}

/** extractFaceTensors for one box: the clipped region, or null when it is empty (face-api then returns no tensor). */
export function extractFace(image: Rgb, box: Rect): Rgb | null {
  const r = clipAtImageBorders(box, image.width, image.height);
  if (!(r.width > 0 && r.height > 0)) return null;
  const data = new Uint8Array(r.width * r.height * 3);
  for (let y = 0; y < r.height; y++) {
    const from = ((r.y + y) * image.width + r.x) * 3;
    data.set(image.data.subarray(from, from + r.width * 3), y * r.width * 3);
  }
  return { data, width: r.width, height: r.height };
}

/**
 * FaceLandmark68NetBase.postProcess (float32 tensor ops) then FaceLandmarks' constructor (× the input's size):
 * the 68 points in the input's pixels.
 */
export function landmarkPositions(raw: Float32Array, inputSize: number, width: number, height: number): Point[] {
  const scale = inputSize / Math.max(height, width);
  const w = width * scale;
  const h = height * scale;
  const padX = f(w < h ? Math.abs(w - h) / 2 : 0);
  const padY = f(h < w ? Math.abs(w - h) / 2 : 0);
  const size = f(inputSize);
  const points: Point[] = [];
  for (let i = 0; i < 68; i++) {
    const x = f(f(f(raw[2 * i]! * size) - padX) / f(w));
    const y = f(f(f(raw[2 * i + 1]! * size) - padY) / f(h));
    points.push({ x: x * width, y: y * height });
  }
  return points;
}

/** FaceLandmarks.align() with its defaults: ops/minBbox of the points, padded by 20 % of its size (Box.pad). */
export function alignMinBbox(points: Point[], padding = 0.2): Rect {
  const minX = points.reduce((min, p) => (p.x < min ? p.x : min), Infinity);
  const minY = points.reduce((min, p) => (p.y < min ? p.y : min), Infinity);
  const maxX = points.reduce((max, p) => (max < p.x ? p.x : max), 0);
  const maxY = points.reduce((max, p) => (max < p.y ? p.y : max), 0);
  const width = maxX - minX;
  const height = maxY - minY;
  const padX = width * padding;
  const padY = height * padding;
  return { x: minX - padX / 2, y: minY - padY / 2, width: width + padX, height: height + padY };
}
