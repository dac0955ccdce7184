import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { createCanvas, loadImage, type Image, type SKRSContext2D } from "@napi-rs/canvas";
import { detectFacesOnnx } from "@/lib/engines/faces/human-onnx";
import { DETECTOR, type HumanTrace } from "@/lib/engines/faces/human-pipeline";
import type { Challenge } from "@/lib/checks/liveness/head-challenge";
import type { ProcessInput } from "@/lib/checks/types";
import { framesVideo } from "./sample-faces";
import { testPorts, offlineVerification } from "@/test/check-ports";

// A synthetic head-turn (or nod) video from ONE still face photo, for measuring the positive case of LIVENESS.
//
// What it does: @vladmandic/human's face mesh (468 points with depth, on onnxruntime as the checks run it, plus the
// library's own triangulation of them, test/fixtures/human/) is measured once on the photo; for each frame the mesh is rotated in 3-D about an axis through the head
// (vertical for a turn, horizontal for a nod; the pivot lies PIVOT_DEPTH face widths behind the nose tip, roughly
// where the neck carries the skull), projected orthographically, and every mesh triangle is drawn with an affine
// texture mapping from its triangle in the original photo (painter's order, back faces culled). The rotated face is
// composited over a "clean plate": the photo with the face region filled by diffusion (repeated blur) from its
// surroundings, so that the old face does not show twice where the turned face no longer covers it.
//
// Sign convention of the APPLIED rotation (geometry, not the detector's opinion): `yaw` > 0 moves the nose towards
// the image's LEFT, i.e. on an unmirrored camera image the person turns to THEIR RIGHT; `yaw` < 0 = the person turns
// to their left (nose towards the image's right). That is the convention head-challenge.ts documents for the
// detector; whether the detector agrees on these frames is measured by tools/eval/liveness-positive.ts, not
// assumed. `pitch` > 0 moves the nose up (chin up), < 0 down.
//
// What it cannot prove: only the face mask (forehead to chin, cheek to cheek) moves. Hair, ears, neck and shoulders
// stay where the photo had them; nothing hidden in the photo (the far side of the nose, the ear, the side of the
// head) can appear, the turned-away cheek is only compressed; lighting and shading do not change with the pose;
// the mesh's depth is the model's estimate from one image; the background behind the face is a blur. The same
// model family (human's face mesh) that builds the frames then judges them, so a pass shows that the pipeline
// (frames, detection, pose sign, order rule, thresholds, same-face check) accepts a geometrically correct head turn
// of this kind — not that real people turning their heads in front of real cameras pass (that needs recordings).

/** A measured face: mesh points in image pixels (z in the same pixel scale, smaller = nearer the camera). */
export type FaceMesh = {
  width: number;
  height: number;
  points: [number, number, number][];
  /** vertex indices, three per triangle (human's faceTriangulation, over the 468 points) */
  triangles: number[];
  /** human's own pose estimate of the photo, degrees */
  yaw: number;
  pitch: number;
};

/** Rotation applied to the head in a frame, degrees (see the sign convention above). */
export type HeadPose = { yaw: number; pitch: number };

export type Movement = "LEFT_RIGHT" | "RIGHT_LEFT" | "NOD";

/** Head geometry and timing of the generated clip. */
export const HEAD_TURN_DEFAULTS = {
  /** pivot of the rotation behind the nose tip, in face widths (cheek-to-cheek, mesh points 234–454) */
  PIVOT_DEPTH: 0.75,
  /** peak rotation applied, degrees: |yaw| of a turn, |pitch| of a nod (a real turn is 30–45°, docs/accuracy.md) */
  PEAK_YAW_DEG: 35,
  PEAK_PITCH_DEG: 20,
  /** frames per second of the generated clip, and how long the head stays frontal at the start */
  FPS: 10,
  HOLD_SECONDS: 1,
  /** seconds for one sweep from the centre out to the peak (and again back) */
  SWEEP_SECONDS: 0.7,
  /** seconds held at each peak */
  PEAK_SECONDS: 0.3,
} as const;

/** Any of HEAD_TURN_DEFAULTS, overridden. */
export type HeadTurnOptions = { [K in keyof typeof HEAD_TURN_DEFAULTS]?: number };

// ---- human's face mesh (on onnxruntime) ---------------------------------------------------------------------

/** human's triangulation of its 468 mesh points (MediaPipe's face mesh triangles), test/fixtures/human/README.md */
const TRIANGLES_FILE = path.join(process.cwd(), "test", "fixtures", "human", "face-mesh-triangles.json");

/** Mesh input size of human's face mesh model: its z comes out in these units of the face crop. */
const MESH_INPUT = DETECTOR.meshSize;

/**
 * The face mesh of the largest face in `image` (any format sharp decodes; coordinates at the image's own size):
 * human's pipeline on onnxruntime (lib/engines/faces/human-pipeline.ts, the checks' own), which returns what Human
 * on TF.js returned (the mesh points truncated to whole pixels, as human's `face.mesh`).
 */
export async function measureFaceMesh(image: Buffer): Promise<FaceMesh> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const trace = {} as HumanTrace;
  const result = await detectFacesOnnx({ data, width: info.width, height: info.height }, trace);
  // the trace keeps every face human's mesh step saw, the result those above its threshold, both in human's order
  const kept = trace.faces.filter((f) => !Number.isNaN(f.real));
  const face = result.faces
    .map((observation, i) => ({ observation, points: kept[i]?.points ?? [] }))
    .sort((a, b) => b.observation.box[2] * b.observation.box[3] - a.observation.box[2] * a.observation.box[3])[0];
  if (!face || face.points.length < 468) throw new Error("head-turn-video: no face mesh found on the photo");
  // x, y are image pixels; z is in the mesh model's input units of the (square, box-sized) crop
  const box = face.observation.box;
  const zScale = Math.max(box[2], box[3]) / MESH_INPUT;
  return {
    width: info.width,
    height: info.height,
    points: face.points.slice(0, 468).map(([x, y, z]) => [x, y, z * zScale]),
    triangles: JSON.parse(await readFile(TRIANGLES_FILE, "utf8")) as number[],
    yaw: face.observation.yaw,
    pitch: face.observation.pitch,
  };
}

// ---- geometry ------------------------------------------------------------------------------------------------

const NOSE_TIP = 1;
const CHEEK_RIGHT_OF_IMAGE = 454;
const CHEEK_LEFT_OF_IMAGE = 234;
/** the face oval of the mesh (MediaPipe FACEMESH_FACE_OVAL), in order */
const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136,
  172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];

/** Where the mesh rotates: x, y of the face's centre line, z PIVOT_DEPTH face widths behind the nose tip. */
export function pivotOf(mesh: FaceMesh, pivotDepth: number = HEAD_TURN_DEFAULTS.PIVOT_DEPTH): [number, number, number] {
  const p = mesh.points;
  const width = Math.hypot(
    p[CHEEK_RIGHT_OF_IMAGE]![0] - p[CHEEK_LEFT_OF_IMAGE]![0],
    p[CHEEK_RIGHT_OF_IMAGE]![1] - p[CHEEK_LEFT_OF_IMAGE]![1],
  );
  const cx = (p[CHEEK_RIGHT_OF_IMAGE]![0] + p[CHEEK_LEFT_OF_IMAGE]![0]) / 2;
  const cy = (p[CHEEK_RIGHT_OF_IMAGE]![1] + p[CHEEK_LEFT_OF_IMAGE]![1]) / 2;
  return [cx, cy, p[NOSE_TIP]![2] + pivotDepth * width];
}

/** The mesh points after rotating the head by `pose` about `pivot` (orthographic: x, y are image pixels). */
export function rotateMesh(
  points: readonly [number, number, number][],
  pose: HeadPose,
  pivot: [number, number, number],
): [number, number, number][] {
  // z grows away from the camera, so a point in front of the pivot has dz < 0. Yaw: x' = dx·cos + dz·sin moves
  // it to −x (the image's left) for yaw > 0; pitch: y' = dy·cos + dz·sin moves it up for pitch > 0.
  const a = (pose.yaw * Math.PI) / 180,
    b = (pose.pitch * Math.PI) / 180;
  const [cx, cy, cz] = pivot;
  return points.map(([x, y, z]) => {
    let dx = x - cx,
      dy = y - cy,
      dz = z - cz;
    // yaw about the vertical axis
    [dx, dz] = [dx * Math.cos(a) + dz * Math.sin(a), -dx * Math.sin(a) + dz * Math.cos(a)];
    // pitch about the horizontal axis: pitch > 0 moves a point in front upwards (smaller y)
    [dy, dz] = [dy * Math.cos(b) + dz * Math.sin(b), -dy * Math.sin(b) + dz * Math.cos(b)];
    return [cx + dx, cy + dy, cz + dz];
  });
}

// ---- rendering -----------------------------------------------------------------------------------------------

/** The photo with the face region (the mesh's oval, dilated) filled by diffusion from its surroundings. */
export async function cleanPlate(image: Buffer, mesh: FaceMesh, iterations = 40): Promise<Buffer> {
  const { width, height } = mesh;
  const oval = FACE_OVAL.map((i) => mesh.points[i]!);
  const [cx, cy] = [oval.reduce((s, p) => s + p[0], 0) / oval.length, oval.reduce((s, p) => s + p[1], 0) / oval.length];
  const grown = oval
    .map(([x, y]) => `${(cx + (x - cx) * 1.08).toFixed(1)},${(cy + (y - cy) * 1.08).toFixed(1)}`)
    .join(" ");
  const maskSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><polygon points="${grown}" fill="#fff"/></svg>`;
  const alphaMask = (svg: string) =>
    sharp(Buffer.from(svg)).flatten({ background: "#000" }).extractChannel(0).raw().toBuffer(); // one byte a pixel
  const mask = await alphaMask(maskSvg);
  const original = await sharp(image).removeAlpha().raw().toBuffer();
  // start from the mean colour of the ring just outside the mask, then diffuse: blur, put the outside back, repeat
  let sum = [0, 0, 0],
    n = 0;
  const ring = await alphaMask(maskSvg.replace('fill="#fff"', 'fill="none" stroke="#fff" stroke-width="12"'));
  for (let i = 0; i < width * height; i++)
    if (ring[i]! > 127 && mask[i]! <= 127) {
      sum = sum.map((s, c) => s + original[i * 3 + c]!);
      n++;
    }
  let work = Buffer.from(original);
  for (let i = 0; i < width * height; i++)
    if (mask[i]! > 127) for (let c = 0; c < 3; c++) work[i * 3 + c] = Math.round(sum[c]! / Math.max(1, n));
  for (let k = 0; k < iterations; k++) {
    const blurred = await sharp(work, { raw: { width, height, channels: 3 } })
      .blur(6)
      .raw()
      .toBuffer();
    for (let i = 0; i < width * height; i++)
      if (mask[i]! <= 127) for (let c = 0; c < 3; c++) blurred[i * 3 + c] = original[i * 3 + c]!;
    work = blurred;
  }
  return sharp(work, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A renderer for one photo: `render(pose)` gives the PNG of the head rotated by `pose`. */
export async function headRenderer(image: Buffer, options: { mesh?: FaceMesh; pivotDepth?: number } = {}) {
  const png = await sharp(image).removeAlpha().png().toBuffer();
  const mesh = options.mesh ?? (await measureFaceMesh(png));
  const photo = await loadImage(png);
  const plate = await loadImage(await cleanPlate(png, mesh));
  const pivot = pivotOf(mesh, options.pivotDepth);
  return {
    mesh,
    pivot,
    /** an opaque RGB PNG (an alpha channel would make libvpx refuse the frames) */
    async render(pose: HeadPose): Promise<Buffer> {
      const canvas = createCanvas(mesh.width, mesh.height);
      const ctx = canvas.getContext("2d");
      ctx.drawImage(plate, 0, 0);
      drawMesh(ctx, photo, mesh, rotateMesh(mesh.points, pose, pivot));
      return sharp(canvas.toBuffer("image/png")).removeAlpha().png().toBuffer();
    },
  };
}

function drawMesh(ctx: SKRSContext2D, photo: Image, mesh: FaceMesh, moved: [number, number, number][]) {
  const src = mesh.points;
  const tris: { i: [number, number, number]; depth: number }[] = [];
  for (let t = 0; t + 2 < mesh.triangles.length; t += 3) {
    const i: [number, number, number] = [mesh.triangles[t]!, mesh.triangles[t + 1]!, mesh.triangles[t + 2]!];
    const area = (p: [number, number, number][]) =>
      (p[i[1]]![0] - p[i[0]]![0]) * (p[i[2]]![1] - p[i[0]]![1]) -
      (p[i[2]]![0] - p[i[0]]![0]) * (p[i[1]]![1] - p[i[0]]![1]);
    const a0 = area(src),
      a1 = area(moved);
    if (Math.abs(a0) < 1e-6 || Math.sign(a0) !== Math.sign(a1)) continue; // turned away from the camera
    tris.push({ i, depth: (moved[i[0]]![2] + moved[i[1]]![2] + moved[i[2]]![2]) / 3 });
  }
  tris.sort((a, b) => b.depth - a.depth); // farthest first
  for (const { i } of tris) {
    const s0 = src[i[0]]!,
      s1 = src[i[1]]!,
      s2 = src[i[2]]!;
    const d0 = moved[i[0]]!,
      d1 = moved[i[1]]!,
      d2 = moved[i[2]]!;
    // affine map source → destination: solve [a c e; b d f] from the three vertex pairs
    const det = (s1[0] - s0[0]) * (s2[1] - s0[1]) - (s2[0] - s0[0]) * (s1[1] - s0[1]);
    if (Math.abs(det) < 1e-9) continue;
    const ux = ((d1[0] - d0[0]) * (s2[1] - s0[1]) - (d2[0] - d0[0]) * (s1[1] - s0[1])) / det;
    const vx = ((d2[0] - d0[0]) * (s1[0] - s0[0]) - (d1[0] - d0[0]) * (s2[0] - s0[0])) / det;
    const uy = ((d1[1] - d0[1]) * (s2[1] - s0[1]) - (d2[1] - d0[1]) * (s1[1] - s0[1])) / det;
    const vy = ((d2[1] - d0[1]) * (s1[0] - s0[0]) - (d1[1] - d0[1]) * (s2[0] - s0[0])) / det;
    const e = d0[0] - ux * s0[0] - vx * s0[1];
    const f = d0[1] - uy * s0[0] - vy * s0[1];
    // clip to the destination triangle grown by ~0.6 px so neighbouring triangles overlap (no seams)
    const gx = (d0[0] + d1[0] + d2[0]) / 3,
      gy = (d0[1] + d1[1] + d2[1]) / 3;
    const grow = (p: [number, number, number]) => {
      const len = Math.hypot(p[0] - gx, p[1] - gy) || 1;
      return [p[0] + ((p[0] - gx) / len) * 0.6, p[1] + ((p[1] - gy) / len) * 0.6] as const;
    };
    ctx.save();
    ctx.beginPath();
    const [g0, g1, g2] = [grow(d0), grow(d1), grow(d2)];
    ctx.moveTo(g0[0], g0[1]);
    ctx.lineTo(g1[0], g1[1]);
    ctx.lineTo(g2[0], g2[1]);
    ctx.closePath();
    ctx.clip();
    ctx.setTransform(ux, uy, vx, vy, e, f);
    ctx.drawImage(photo, 0, 0);
    ctx.restore();
  }
}

// ---- sequences and video -------------------------------------------------------------------------------------

/**
 * The applied pose of every frame: HOLD_SECONDS frontal, then for LEFT_RIGHT a turn to the person's left
 * (yaw −PEAK_YAW_DEG), back through the centre to their right (+PEAK_YAW_DEG) and back to the centre; RIGHT_LEFT
 * the mirror order; NOD chin down (pitch −PEAK_PITCH_DEG), back, chin up, back. Sweeps are eased (cosine), peaks
 * held briefly, and the clip ends with HOLD_SECONDS / 2 frontal. With the defaults: 49 frames, 4.9 s at 10 fps.
 */
export function movementPoses(movement: Movement, options: HeadTurnOptions = {}): HeadPose[] {
  const o: Record<keyof typeof HEAD_TURN_DEFAULTS, number> = { ...HEAD_TURN_DEFAULTS, ...options };
  const frames = (s: number) => Math.max(1, Math.round(s * o.FPS));
  const peak = movement === "NOD" ? o.PEAK_PITCH_DEG : o.PEAK_YAW_DEG;
  const targets = movement === "RIGHT_LEFT" ? [peak, -peak] : [-peak, peak]; // LEFT_RIGHT and NOD: negative first
  const values: number[] = Array(frames(o.HOLD_SECONDS)).fill(0);
  const sweep = (from: number, to: number) => {
    const n = frames(o.SWEEP_SECONDS);
    for (let k = 1; k <= n; k++) values.push(from + ((to - from) * (1 - Math.cos((Math.PI * k) / n))) / 2);
  };
  for (const target of targets) {
    sweep(0, target);
    for (let k = 0; k < frames(o.PEAK_SECONDS); k++) values.push(target);
    sweep(target, 0);
  }
  for (let k = 0; k < frames(o.HOLD_SECONDS / 2); k++) values.push(0);
  return values.map((v) => (movement === "NOD" ? { yaw: 0, pitch: v } : { yaw: v, pitch: 0 }));
}

export type HeadRenderer = Awaited<ReturnType<typeof headRenderer>>;

/** The frames (PNG) of `movement` and the pose applied in each. */
export async function headTurnFrames(
  renderer: HeadRenderer,
  movement: Movement,
  options: HeadTurnOptions = {},
): Promise<{ frames: Buffer[]; poses: HeadPose[] }> {
  const poses = movementPoses(movement, options);
  const frames: Buffer[] = [];
  for (const p of poses) frames.push(await renderer.render(p));
  return { frames, poses };
}

/** A video of `image`'s head making `movement` (encoded by framesVideo); returns the clip and the applied poses. */
export async function headTurnVideo(
  image: Buffer,
  movement: Movement,
  format: "webm" | "mp4" = "webm",
  options: HeadTurnOptions & { renderer?: HeadRenderer } = {},
): Promise<{ video: Buffer; contentType: string; poses: HeadPose[]; fps: number }> {
  const renderer = options.renderer ?? (await headRenderer(image, { pivotDepth: options.PIVOT_DEPTH }));
  const { frames, poses } = await headTurnFrames(renderer, movement, options);
  const fps = options.FPS ?? HEAD_TURN_DEFAULTS.FPS;
  return { video: await framesVideo(frames, fps, format), contentType: `video/${format}`, poses, fps };
}

/** A LIVENESS input without a database: the workflow runs LIVENESS alone with `challenge`, the video as SELFIE_VIDEO. */
export function livenessInput(video: Buffer, contentType: string, challenge: Challenge): ProcessInput {
  return {
    verification: offlineVerification(),
    workflow: {
      processes: ["LIVENESS"],
      documentTypes: [],
      countries: [],
      settings: { LIVENESS_CHALLENGE: challenge },
    },
    inputs: new Map([["SELFIE_VIDEO", { type: "FILE", value: null, fileId: "v" }]]),
    readFile: async () => ({ bytes: video, contentType }),
    earlierSteps: [],
    now: new Date(),
    // an API upload: no capture report from the hosted page on the stored file
    ports: testPorts({ fileMeta: async () => null }),
  };
}
