import "server-only";
import sharp from "sharp";
import {
  extractRgbFrames,
  extractRgbFramesWithTiming,
  type FrameOptions,
  type RgbFrame,
} from "@/lib/engines/video/extract-frames";
import type { FrameTiming } from "@/lib/engines/video/frame-timing";
import { cosineSimilarity } from "./descriptors";
import { detectFacesInPixels, fitPixels, identityDescriptor, type FaceObservation } from "./human-engine";

// One pass over a video shared by LIVENESS and VIDEO_AGREEMENT: frames (ffmpeg), faces per frame (human), how much
// the picture changes between frames, and how alike the faces are across frames.

export const VIDEO_THRESHOLDS = {
  /** a second face counts when its box is at least this share of the main face's area (a poster far behind does not) */
  SECOND_FACE_AREA: 0.25,
  /** mean absolute difference (0–255) of consecutive 32×32 grey thumbnails below which two frames are "the same picture" */
  STILL_FRAME_DIFF: 1.0,
  /** frames (the anchor included) whose identity descriptor SAME_FACE compares: about 0.3 s each on one core */
  CONSISTENCY_FRAMES: 6,
  /** how far (yaw and pitch, degrees) from the anchor's pose a frame may be for SAME_FACE to compare it */
  NEAR_FRONTAL_DEG: 15,
} as const;

export type FrameFaces = { main: FaceObservation | null; others: number };

export type VideoAnalysis = {
  frames: number;
  faces: FrameFaces[];
  /** index of the frame whose face is most frontal (smallest |yaw| + |pitch|), the reference for consistency */
  anchor: number | null;
  /** identity similarity of a frame's face to the anchor's (null: no face there, or not among consistencyFrames) */
  similarityToAnchor: (number | null)[];
  /** mean absolute difference of consecutive frames (0–255), see STILL_FRAME_DIFF */
  frameDiffs: number[];
  /** the decoded frames (RGB, as detected), only when asked for: presentation-attack detection reads them */
  pixels?: RgbFrame[];
  /** the video's frame timing (frame-timing.ts) read by the same ffmpeg run, only when asked for (null: unreadable) */
  timing?: FrameTiming | null;
};

async function thumbnail(frame: RgbFrame): Promise<Buffer> {
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .greyscale()
    .resize(32, 32, { fit: "fill" })
    .raw()
    .toBuffer();
}
function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

export async function analyzeVideo(
  bytes: Buffer,
  contentType: string,
  options: FrameOptions = {},
  { keepPixels = false, withTiming = false }: { keepPixels?: boolean; withTiming?: boolean } = {},
): Promise<VideoAnalysis> {
  // decoded once (ffmpeg's raw RGB), shared by detection, the thumbnails and the identity descriptors; with the frame
  // timing asked for, by the same ffmpeg run
  const read = withTiming
    ? await extractRgbFramesWithTiming(bytes, contentType, options)
    : { frames: await extractRgbFrames(bytes, contentType, options), timing: undefined };
  const frames = await Promise.all(read.frames.map(fitPixels));
  // all frames asked at once: the face pool analyses them side by side (without it, they queue in frame order)
  const faces: FrameFaces[] = (await Promise.all(frames.map((frame) => detectFacesInPixels(frame)))).map((found) => {
    const main = found[0] ?? null;
    const mainArea = main ? main.box[2] * main.box[3] : 0;
    return {
      main,
      others: found.slice(1).filter((f) => f.box[2] * f.box[3] >= VIDEO_THRESHOLDS.SECOND_FACE_AREA * mainArea).length,
    };
  });
  const thumbs = await Promise.all(frames.map(thumbnail));
  const frameDiffs = thumbs.slice(1).map((t, i) => meanAbsDiff(thumbs[i]!, t));

  let anchor: number | null = null;
  faces.forEach((f, i) => {
    if (!f.main) return;
    const turn = (x: FaceObservation) => Math.abs(x.yaw) + Math.abs(x.pitch);
    if (anchor === null || turn(f.main) < turn(faces[anchor]!.main!)) anchor = i;
  });
  const anchorFace = anchor === null ? null : faces[anchor]!.main!;
  // Identity descriptors (face-api ResNet-34) for the anchor, the face matched against other images, and for the
  // near-frontal frames SAME_FACE compares with it (consistencyFrames), CONSISTENCY_FRAMES in all.
  const similarityToAnchor: (number | null)[] = faces.map(() => null);
  if (anchorFace && anchor !== null) {
    const chosen = consistencyFrames(faces, anchor);
    const described = await Promise.all(chosen.map((i) => identityDescriptor(frames[i]!, faces[i]!.main!)));
    const identities = new Map<number, number[] | null>(chosen.map((i, k) => [i, described[k]!]));
    anchorFace.identity = identities.get(anchor) ?? null;
    for (const [i, identity] of identities) {
      if (i === anchor || !identity || !anchorFace.identity) continue;
      faces[i]!.main!.identity = identity;
      similarityToAnchor[i] = cosineSimilarity(anchorFace.identity, identity);
    }
    if (anchorFace.identity) similarityToAnchor[anchor] = 1;
  }
  return {
    frames: frames.length,
    faces,
    anchor,
    similarityToAnchor,
    frameDiffs,
    ...(keepPixels ? { pixels: frames } : {}),
    ...(withTiming ? { timing: read.timing } : {}),
  };
}

/**
 * Frames whose face SAME_FACE compares with the anchor's: near-frontal ones (within NEAR_FRONTAL_DEG of the anchor's
 * yaw and pitch), the first and the last of them and others evenly spaced between. The descriptor is calibrated on
 * frontal photos; a 30° turn lowered a genuine face's similarity to 0.88 (synthetic turns, docs/accuracy.md), into
 * the range of different people. A face swapped in during the video shows near-frontal frames too: the challenge
 * starts and ends facing the camera.
 */
export function consistencyFrames(
  faces: readonly FrameFaces[],
  anchor: number,
  count = VIDEO_THRESHOLDS.CONSISTENCY_FRAMES,
): number[] {
  const a = faces[anchor]!.main!;
  const near = faces.flatMap((f, i) =>
    f.main &&
    Math.abs(f.main.yaw - a.yaw) <= VIDEO_THRESHOLDS.NEAR_FRONTAL_DEG &&
    Math.abs(f.main.pitch - a.pitch) <= VIDEO_THRESHOLDS.NEAR_FRONTAL_DEG
      ? [i]
      : [],
  );
  const chosen = new Set<number>([anchor, near[0]!, near.at(-1)!]);
  const rest = near.filter((i) => !chosen.has(i));
  const slots = Math.max(0, count - chosen.size);
  for (let k = 0; k < Math.min(slots, rest.length); k++)
    chosen.add(rest[Math.floor(((k + 0.5) * rest.length) / Math.min(slots, rest.length))]!);
  return [...chosen].sort((x, y) => x - y);
}

/** The face of the anchor frame (most frontal), or null when no frame had one. */
export function anchorFace(analysis: VideoAnalysis): FaceObservation | null {
  return analysis.anchor === null ? null : (analysis.faces[analysis.anchor]?.main ?? null);
}
