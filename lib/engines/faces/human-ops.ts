// The JavaScript half of @vladmandic/human 3.3's face pipeline (BlazeFace → rotation correction → FaceMesh → angles,
// antispoof and liveness on the mesh's crop), written anew so that the ONNX graphs (models/human-*.onnx, built by
// tools/make/human-onnx.py) see the inputs TF.js gave them and their outputs are read the same way. It follows
// human's src/face/blazeface.ts, facemesh.ts, facemeshutil.ts, angles.ts, antispoof.ts and liveness.ts, and TF.js'
// nonMaxSuppression (the image kernels are in tfjs-image-kernels.ts); each function names what it follows. No
// server-only import: pure arithmetic, unit-tested without the models.

export { blazeInput, cutAndResize, resizeBilinear, rotateWithOffset } from "./tfjs-image-kernels";

const f = Math.fround;

export type Point = [number, number];
/** human's DetectBox: corners in input pixels, the six BlazeFace keypoints, score, size before squaring. */
export type DetectBox = {
  startPoint: Point;
  endPoint: Point;
  landmarks: Point[];
  confidence: number;
  size: [number, number];
};

/** BlazeFace's 896 anchor centres for a 256 px input (facemeshutil generateAnchors: strides 16 and 32, 2 and 6). */
export function blazeAnchors(inputSize: number): Point[] {
  const spec = { strides: [inputSize / 16, inputSize / 8], anchors: [2, 6] };
  const anchors: Point[] = [];
  spec.strides.forEach((stride, i) => {
    const grid = Math.floor((inputSize + stride - 1) / stride);
    for (let gy = 0; gy < grid; gy++)
      for (let gx = 0; gx < grid; gx++)
        for (let n = 0; n < spec.anchors[i]!; n++) anchors.push([stride * (gx + 0.5), stride * (gy + 0.5)]);
  });
  return anchors;
}

/**
 * The model's four outputs joined as human joins them (sorted by size: [1,384,1], [1,512,1], [1,384,16],
 * [1,512,16]; concat 512 rows then 384, 17 columns), then decodeBoxes + sigmoid: boxes [x1, y1, x2, y2] in 256 px,
 * in float32 as TF.js computes them.
 */
export function decodeBlaze(
  out: { score512: Float32Array; score384: Float32Array; reg512: Float32Array; reg384: Float32Array },
  anchors: Point[],
  size: number,
): { boxes: Float32Array; scores: Float32Array; batch: Float32Array } {
  const n = anchors.length;
  const batch = new Float32Array(n * 17);
  const put = (row: number, score: Float32Array, reg: Float32Array, i: number) => {
    batch[row * 17] = score[i]!;
    for (let k = 0; k < 16; k++) batch[row * 17 + 1 + k] = reg[i * 16 + k]!;
  };
  for (let i = 0; i < 512; i++) put(i, out.score512, out.reg512, i);
  for (let i = 0; i < 384; i++) put(512 + i, out.score384, out.reg384, i);
  const boxes = new Float32Array(n * 4);
  const scores = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = i * 17;
    for (let axis = 0; axis < 2; axis++) {
      const center = f(batch[r + 1 + axis]! + anchors[i]![axis]!);
      const sizeNorm = f(batch[r + 3 + axis]! / size);
      const centerNorm = f(center / size);
      const half = f(sizeNorm / 2);
      boxes[i * 4 + axis] = f(f(centerNorm - half) * size);
      boxes[i * 4 + 2 + axis] = f(f(centerNorm + half) * size);
    }
    scores[i] = f(1 / (1 + Math.exp(-batch[r]!)));
  }
  return { boxes, scores, batch };
}

export function iou(boxes: Float32Array, i: number, j: number): number {
  // tfjs-core non_max_suppression_impl intersectionOverUnion (axis order does not matter to it)
  const a = boxes.subarray(i * 4, i * 4 + 4);
  const b = boxes.subarray(j * 4, j * 4 + 4);
  const [ay0, ay1, ax0, ax1] = [
    Math.min(a[0]!, a[2]!),
    Math.max(a[0]!, a[2]!),
    Math.min(a[1]!, a[3]!),
    Math.max(a[1]!, a[3]!),
  ];
  const [by0, by1, bx0, bx1] = [
    Math.min(b[0]!, b[2]!),
    Math.max(b[0]!, b[2]!),
    Math.min(b[1]!, b[3]!),
    Math.max(b[1]!, b[3]!),
  ];
  const areaA = (ay1 - ay0) * (ax1 - ax0);
  const areaB = (by1 - by0) * (bx1 - bx0);
  if (areaA <= 0 || areaB <= 0) return 0;
  const inter =
    Math.max(Math.min(ay1, by1) - Math.max(ay0, by0), 0) * Math.max(Math.min(ax1, bx1) - Math.max(ax0, bx0), 0);
  return inter / (areaA + areaB - inter);
}

/** tf.image.nonMaxSuppressionAsync (V3, no soft-NMS): greedy by score, ties as TF.js' stable ascending sort pops. */
export function nonMaxSuppression(
  boxes: Float32Array,
  scores: Float32Array,
  max: number,
  iouThreshold: number,
  scoreThreshold: number,
  onOverlap?: (iou: number) => void,
): number[] {
  const candidates: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! > scoreThreshold) candidates.push(i);
  candidates.sort((a, b) => scores[a]! - scores[b]!); // ascending, stable: the last of equal scores is popped first
  const selected: number[] = [];
  while (selected.length < max && candidates.length > 0) {
    const i = candidates.pop()!;
    const clear = selected.every((j) => {
      const v = iou(boxes, i, j);
      onOverlap?.(v);
      return v < iouThreshold;
    });
    if (clear) selected.push(i);
  }
  return selected;
}

const center = (b: Pick<DetectBox, "startPoint" | "endPoint">): [number, number, number] => [
  b.startPoint[0] + (b.endPoint[0] - b.startPoint[0]) / 2,
  b.startPoint[1] + (b.endPoint[1] - b.startPoint[1]) / 2,
  1,
];
const boxSize = (b: Pick<DetectBox, "startPoint" | "endPoint">): [number, number] => [
  Math.abs(b.endPoint[0] - b.startPoint[0]),
  Math.abs(b.endPoint[1] - b.startPoint[1]),
];

/**
 * One detection in input pixels: blazeface.getBoxes' scaleBoxCoordinates (keypoints = (offset + anchor) × factor),
 * enlargeBox(scale) and squarifyBox (corners and size rounded).
 */
export function detectBox(
  decoded: { boxes: Float32Array; scores: Float32Array; batch: Float32Array },
  index: number,
  anchor: Point,
  factor: [number, number],
  scale: number,
  onRounded?: (value: number) => void,
): DetectBox {
  const b = decoded.boxes.subarray(index * 4, index * 4 + 4);
  const startPoint: Point = [b[0]! * factor[0], b[1]! * factor[1]];
  const endPoint: Point = [b[2]! * factor[0], b[3]! * factor[1]];
  const landmarks: Point[] = [];
  for (let k = 0; k < 6; k++) {
    const x = decoded.batch[index * 17 + 5 + k * 2]!;
    const y = decoded.batch[index * 17 + 6 + k * 2]!;
    landmarks.push([(x + anchor[0]) * factor[0], (y + anchor[1]) * factor[1]]);
  }
  const c = center({ startPoint, endPoint });
  const size = boxSize({ startPoint, endPoint });
  const half: Point = [(scale * size[0]) / 2, (scale * size[1]) / 2];
  const enlarged = {
    startPoint: [c[0] - half[0], c[1] - half[1]] as Point,
    endPoint: [c[0] + half[0], c[1] + half[1]] as Point,
  };
  const c2 = center(enlarged);
  const halfSide = Math.max(...boxSize(enlarged)) / 2;
  const enlargedSize = boxSize(enlarged);
  for (const v of [c2[0] - halfSide, c2[1] - halfSide, c2[0] + halfSide, c2[1] + halfSide]) onRounded?.(v);
  return {
    startPoint: [Math.round(c2[0] - halfSide), Math.round(c2[1] - halfSide)],
    endPoint: [Math.round(c2[0] + halfSide), Math.round(c2[1] + halfSide)],
    landmarks,
    confidence: decoded.scores[index]!,
    size: [Math.round(enlargedSize[0]), Math.round(enlargedSize[1])],
  };
}

const normalizeRadians = (a: number) => a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));

/** facemeshutil computeRotation on BlazeFace's symmetry line (keypoint 3, the mouth, to 2, the nose). */
export function faceRotation(box: DetectBox): number {
  const [p1, p2] = [box.landmarks[3]!, box.landmarks[2]!];
  return normalizeRadians(Math.PI / 2 - Math.atan2(-(p2[1] - p1[1]), p2[0] - p1[0]));
}

/** correctFaceRotation rotates only past this angle (radians); the mesh's rotation back uses the same test. */
export const isLargeAngle = (angle: number) => angle !== 0 && Math.abs(angle) > 0.2;

type Matrix = number[][];
const dot = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

/** facemeshutil buildRotationMatrix: translate(center) · rotate(angle) · translate(−center). */
export function rotationMatrix(angle: number, c: [number, number]): Matrix {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const rot = [
    [cos, -sin, 0],
    [sin, cos, 0],
    [0, 0, 1],
  ];
  const mul = (a: Matrix, b: Matrix) =>
    a.map((row) =>
      [0, 1, 2].map((col) =>
        dot(
          row,
          b.map((r) => r[col]!),
        ),
      ),
    );
  return mul(
    mul(
      [
        [1, 0, c[0]],
        [0, 1, c[1]],
        [0, 0, 1],
      ],
      rot,
    ),
    [
      [1, 0, -c[0]],
      [0, 1, -c[1]],
      [0, 0, 1],
    ],
  );
}

function invertTransform(m: Matrix): Matrix {
  const rot = [
    [m[0]![0]!, m[1]![0]!],
    [m[0]![1]!, m[1]![1]!],
  ];
  const t = [m[0]![2]!, m[1]![2]!];
  return [
    [...rot[0]!, -dot(rot[0]!, t)],
    [...rot[1]!, -dot(rot[1]!, t)],
    [0, 0, 1],
  ];
}

/**
 * facemeshutil transformRawCoords: the 468 mesh points from the 192 px crop back to input pixels (scaled around
 * the crop's centre, rotated back when the crop was rotated), truncated to integers as human truncates them.
 */
export function meshToImage(
  raw: Float32Array,
  box: DetectBox,
  angle: number,
  rotation: Matrix,
  size: number,
): { points: [number, number, number][]; unrounded: [number, number, number][] } {
  const bs = boxSize(box);
  const large = isLargeAngle(angle);
  const coordsRotation = large ? rotationMatrix(angle, [0, 0]) : null;
  const inverse = large
    ? invertTransform(rotation)
    : [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ];
  const c = center(box);
  const offsets = [dot(c, inverse[0]!), dot(c, inverse[1]!)];
  const unrounded: [number, number, number][] = [];
  for (let i = 0; i < raw.length / 3; i++) {
    let p = [
      (bs[0] / size) * (raw[i * 3]! - size / 2),
      (bs[1] / size) * (raw[i * 3 + 1]! - size / 2),
      raw[i * 3 + 2] || 0,
    ];
    if (coordsRotation) p = [dot(p, coordsRotation[0]!), dot(p, coordsRotation[1]!), p[2]!];
    unrounded.push([p[0]! + offsets[0]!, p[1]! + offsets[1]!, p[2] || 0]);
  }
  const points = unrounded.map((p) => p.map((v) => Math.trunc(v)) as [number, number, number]);
  return { points, unrounded };
}

/** facemeshutil calculateFaceBox: the mesh's extent's centre, the detection's (squared) size. */
export function meshBox(mesh: [number, number, number][], box: DetectBox): Pick<DetectBox, "startPoint" | "endPoint"> {
  const xs = mesh.map((p) => p[0]);
  const ys = mesh.map((p) => p[1]);
  const cx = Math.min(...xs) + (Math.max(...xs) - Math.min(...xs)) / 2;
  const cy = Math.min(...ys) + (Math.max(...ys) - Math.min(...ys)) / 2;
  const [w, h] = boxSize(box);
  return { startPoint: [cx - w / 2, cy - h / 2], endPoint: [cx + w / 2, cy + h / 2] };
}

/** facemeshutil clampBox: integer [x, y, width, height] inside the image. */
export function clampBox(
  b: Pick<DetectBox, "startPoint" | "endPoint">,
  width: number,
  height: number,
): [number, number, number, number] {
  return [
    Math.trunc(Math.max(0, b.startPoint[0])),
    Math.trunc(Math.max(0, b.startPoint[1])),
    Math.trunc(Math.min(width, b.endPoint[0]) - Math.max(0, b.startPoint[0])),
    Math.trunc(Math.min(height, b.endPoint[1]) - Math.max(0, b.startPoint[1])),
  ];
}

type Vec = [number, number, number];
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (v: Vec): Vec => {
  const l = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
};

/**
 * angles.ts calculateFaceAngle (radians): axes from mesh points 10/152 (top/bottom) and 234/454 (sides) of the
 * normalised mesh, scaled by the box, then the YZX Euler angles of that rotation matrix, signs as human returns them.
 */
export function faceAngles(
  mesh: [number, number, number][],
  rawBox: [number, number, number, number],
  width: number,
  height: number,
  meshSize: number,
): { yaw: number; pitch: number; roll: number } {
  const meshRaw = mesh.map((p) => [p[0] / width, p[1] / height, (p[2] || 0) / meshSize]);
  const size = Math.max(rawBox[2] * width, rawBox[3] * height) / 1.5;
  const pts = [10, 152, 234, 454].map((i) => {
    const p = meshRaw[i]!;
    return [(p[0]! * width) / size, (p[1]! * height) / size, p[2]!] as Vec;
  });
  const yAxis = norm(sub(pts[1]!, pts[0]!));
  let xAxis = norm(sub(pts[3]!, pts[2]!));
  const zAxis = norm(cross(xAxis, yAxis));
  xAxis = cross(yAxis, zAxis);
  const [r00, , , r10, r11, r12, r20, r21, r22] = [...xAxis, ...yAxis, ...zAxis];
  let tx: number, ty: number, tz: number;
  if (r10 < 1) {
    if (r10 > -1) {
      tz = Math.atan2(r10, Math.sqrt(r00 * r00 + r20 * r20));
      ty = Math.atan2(-r20, r00);
      tx = Math.atan2(-r12, r11);
    } else {
      [tz, ty, tx] = [-Math.PI / 2, -Math.atan2(r21, r22), 0];
    }
  } else {
    [tz, ty, tx] = [Math.PI / 2, Math.atan2(r21, r22), 0];
  }
  const fix = (v: number) => (Number.isNaN(v) ? 0 : v);
  return { pitch: -fix(tx), yaw: -fix(ty), roll: -fix(tz) };
}

/** antispoof.ts / liveness.ts: the model's first output rounded to 2 decimals. */
export const roundScore = (v: number) => Math.round(100 * v) / 100;
