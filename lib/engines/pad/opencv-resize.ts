// OpenCV's cv::resize(..., INTER_LINEAR) for 8-bit interleaved images, bit for bit (modules/imgproc/src/resize.cpp,
// OpenCV 4.x without IPP). MiniFASNet was trained on crops made by it: another bilinear resize (sharp's, a float one)
// moved a live sample's score from 0.997 to 0.88, so the arithmetic is reproduced exactly, not approximated:
// - source coordinate of a destination pixel: (d + 0.5) * scale - 0.5, computed in double and stored as a float,
//   clamped to the edge (weight 0 on the missing neighbour);
// - weights in 11-bit fixed point (INTER_RESIZE_COEF_SCALE = 2048), each rounded half-to-even (cvRound);
// - horizontal pass in exact integers; vertical pass as OpenCV's SIMD kernel (VResizeLinearVec_32s8u):
//   ((S0 >> 4) * b0 >> 16) + ((S1 >> 4) * b1 >> 16), then (+2) >> 2 and saturate — for every element: the
//   reference build (OpenCV 4.6, x86-64) gives the kernel's result even at the end of a 243-byte row, where the
//   scalar rounding (S0*b0 + S1*b1 + 2^21) >> 22 would differ (the 81×79 case of the test);
// - an exact 2× reduction in both directions is INTER_AREA in OpenCV (the 2×2 mean, rounded): done the same here.
// opencv-resize.test.ts compares the output with cv2.resize's on real crops.

const COEF_BITS = 11;
const COEF_SCALE = 1 << COEF_BITS;

export type U8Image = { data: Uint8Array; width: number; height: number; channels: number };

/** C's lrint / OpenCV's cvRound: round half to even. */
function cvRound(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** Offsets and fixed-point weights along one axis, as resize.cpp computes them for INTER_LINEAR. */
function axisTable(
  srcSize: number,
  dstSize: number,
  clampWeights: boolean,
): { offset: Int32Array; w0: Int16Array; w1: Int16Array } {
  const scale = 1 / (dstSize / srcSize); // OpenCV: scale_x = 1./inv_scale_x, inv_scale_x = (double)dsize/ssize
  const offset = new Int32Array(dstSize);
  const w0 = new Int16Array(dstSize);
  const w1 = new Int16Array(dstSize);
  for (let d = 0; d < dstSize; d++) {
    let f = Math.fround((d + 0.5) * scale - 0.5);
    let s = Math.floor(f);
    f = Math.fround(f - s);
    if (clampWeights && s < 0) {
      f = 0;
      s = 0;
    }
    if (clampWeights && s >= srcSize - 1) {
      f = 0;
      s = srcSize - 1;
    }
    offset[d] = s;
    w0[d] = cvRound(Math.fround(1 - f) * COEF_SCALE);
    w1[d] = cvRound(f * COEF_SCALE);
  }
  return { offset, w0, w1 };
}

const mulHi16 = (a: number, b: number) => (a * b) >> 16;
const saturateU8 = (x: number) => (x < 0 ? 0 : x > 255 ? 255 : x);

/** The 2×2 mean OpenCV uses when the size is exactly halved both ways (INTER_LINEAR becomes INTER_AREA there). */
function halve(src: U8Image): U8Image {
  const { width, height, channels: cn, data } = src;
  const dw = width / 2;
  const dh = height / 2;
  const out = new Uint8Array(dw * dh * cn);
  const stride = width * cn;
  for (let y = 0; y < dh; y++)
    for (let x = 0; x < dw; x++)
      for (let c = 0; c < cn; c++) {
        const i = 2 * y * stride + 2 * x * cn + c;
        out[(y * dw + x) * cn + c] = (data[i]! + data[i + cn]! + data[i + stride]! + data[i + stride + cn]! + 2) >> 2;
      }
  return { data: out, width: dw, height: dh, channels: cn };
}

/** cv2.resize(src, (dstWidth, dstHeight)) with the default INTER_LINEAR, for 8-bit pixels. */
export function resizeLinearU8(src: U8Image, dstWidth: number, dstHeight: number): U8Image {
  const { width, height, channels: cn, data } = src;
  if (width === dstWidth && height === dstHeight) return { ...src, data: Uint8Array.from(data) };
  if (width === 2 * dstWidth && height === 2 * dstHeight) return halve(src);
  // along x OpenCV moves an outside sample onto the edge with weight 0; along y it keeps the weights and reads the
  // edge row twice (resizeGeneric_ clips the row index only), which rounds differently in the vertical kernel
  const xs = axisTable(width, dstWidth, true);
  const ys = axisTable(height, dstHeight, false);
  const rowLength = dstWidth * cn;

  // horizontal pass of a source row, cached: consecutive destination rows mostly share their two source rows
  const rows = new Map<number, Int32Array>();
  const horizontal = (sy: number): Int32Array => {
    const hit = rows.get(sy);
    if (hit) return hit;
    const row = new Int32Array(rowLength);
    const base = sy * width * cn;
    for (let dx = 0; dx < dstWidth; dx++) {
      const sx = xs.offset[dx]!;
      const next = Math.min(sx + 1, width - 1); // weight 0 there at the edge: any in-range pixel gives the same sum
      for (let c = 0; c < cn; c++)
        row[dx * cn + c] = data[base + sx * cn + c]! * xs.w0[dx]! + data[base + next * cn + c]! * xs.w1[dx]!;
    }
    if (rows.size > 4) rows.clear();
    rows.set(sy, row);
    return row;
  };

  const out = new Uint8Array(dstHeight * rowLength);
  for (let dy = 0; dy < dstHeight; dy++) {
    const sy = ys.offset[dy]!;
    const s0 = horizontal(Math.min(Math.max(sy, 0), height - 1));
    const s1 = horizontal(Math.min(Math.max(sy + 1, 0), height - 1));
    const b0 = ys.w0[dy]!;
    const b1 = ys.w1[dy]!;
    const o = dy * rowLength;
    for (let x = 0; x < rowLength; x++)
      out[o + x] = saturateU8((mulHi16(s0[x]! >> 4, b0) + mulHi16(s1[x]! >> 4, b1) + 2) >> 2);
  }
  return { data: out, width: dstWidth, height: dstHeight, channels: cn };
}
