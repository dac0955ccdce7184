import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg, untrustedInput, withTempDir, writeVideo } from "./ffmpeg";

export type FrameOptions = {
  /** frames sampled per second of video */
  fps?: number;
  /** at most this many frames (the first ones) */
  maxFrames?: number;
  /** longest side of a frame in pixels */
  maxSide?: number;
  timeoutMs?: number;
};

export const FRAME_DEFAULTS = { fps: 4, maxFrames: 30, maxSide: 640, timeoutMs: 30_000 } as const;

/**
 * Frames of a video as PNG images, sampled at `fps`, scaled down to `maxSide`, at most `maxFrames` (the rest of a
 * long video is not decoded). ffmpeg applies the container's rotation (phones record sideways). Frame rate
 * sampling by the `fps` filter works on MediaRecorder webm too, whose header carries no duration.
 */
export async function extractFrames(bytes: Buffer, contentType: string, options: FrameOptions = {}): Promise<Buffer[]> {
  const { fps, maxFrames, maxSide, timeoutMs } = { ...FRAME_DEFAULTS, ...options };
  return withTempDir(async (dir) => {
    const input = await writeVideo(dir, bytes, contentType);
    const scale = `scale=w='min(${maxSide},iw)':h='min(${maxSide},ih)':force_original_aspect_ratio=decrease`;
    await runFfmpeg(
      [
        ...untrustedInput(input, contentType),
        "-an",
        "-vf",
        `fps=${fps},${scale}`,
        "-frames:v",
        String(maxFrames),
        "-f",
        "image2",
        "-vcodec",
        "png",
        path.join(dir, "f%03d.png"),
      ],
      { timeoutMs },
    );
    const names = (await readdir(dir)).filter((n) => /^f\d+\.png$/.test(n)).sort();
    return Promise.all(names.map((n) => readFile(path.join(dir, n))));
  });
}
