import "server-only";
import sharp from "sharp";
import { extractFrames, type FrameOptions } from "@/lib/video/extract-frames";
import { decodeImage, detectFacesInPixels, faceSimilarity, type FaceObservation } from "./human-engine";

// One pass over a video shared by LIVENESS and VIDEO_AGREEMENT: frames (ffmpeg), faces per frame (human), how much
// the picture changes between frames, and how alike the faces are across frames.

export const VIDEO_THRESHOLDS = {
  /** a second face counts when its box is at least this share of the main face's area (a poster far behind does not) */
  SECOND_FACE_AREA: 0.25,
  /** mean absolute difference (0–255) of consecutive 32×32 grey thumbnails below which two frames are "the same picture" */
  STILL_FRAME_DIFF: 1.0,
} as const;

export type FrameFaces = { main: FaceObservation | null; others: number };

export type VideoAnalysis = {
  frames: number;
  faces: FrameFaces[];
  /** index of the frame whose face is most frontal (smallest |yaw| + |pitch|), the reference for consistency */
  anchor: number | null;
  /** similarity of each frame's face to the anchor's (null: no face in that frame) */
  similarityToAnchor: (number | null)[];
  /** mean absolute difference of consecutive frames (0–255), see STILL_FRAME_DIFF */
  frameDiffs: number[];
};

async function thumbnail(png: Buffer): Promise<Buffer> {
  return sharp(png).greyscale().resize(32, 32, { fit: "fill" }).raw().toBuffer();
}
function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

export async function analyzeVideo(bytes: Buffer, contentType: string, options: FrameOptions = {}): Promise<VideoAnalysis> {
  const pngs = await extractFrames(bytes, contentType, options);
  const faces: FrameFaces[] = [];
  for (const png of pngs) {
    const found = await detectFacesInPixels(await decodeImage(png));
    const main = found[0] ?? null;
    const mainArea = main ? main.box[2] * main.box[3] : 0;
    faces.push({ main, others: found.slice(1).filter((f) => f.box[2] * f.box[3] >= VIDEO_THRESHOLDS.SECOND_FACE_AREA * mainArea).length });
  }
  const thumbs = await Promise.all(pngs.map(thumbnail));
  const frameDiffs = thumbs.slice(1).map((t, i) => meanAbsDiff(thumbs[i]!, t));

  let anchor: number | null = null;
  faces.forEach((f, i) => {
    if (!f.main?.embedding.length) return;
    const turn = (x: FaceObservation) => Math.abs(x.yaw) + Math.abs(x.pitch);
    if (anchor === null || turn(f.main) < turn(faces[anchor]!.main!)) anchor = i;
  });
  const anchorFace = anchor === null ? null : faces[anchor]!.main!;
  const similarityToAnchor = await Promise.all(faces.map(async (f) => (anchorFace && f.main?.embedding.length ? faceSimilarity(anchorFace.embedding, f.main.embedding) : null)));
  return { frames: pngs.length, faces, anchor, similarityToAnchor, frameDiffs };
}

/** The face of the anchor frame (most frontal), or null when no frame had one. */
export function anchorFace(analysis: VideoAnalysis): FaceObservation | null {
  return analysis.anchor === null ? null : (analysis.faces[analysis.anchor]?.main ?? null);
}
