import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { FfmpegError, runFfmpeg, untrustedInput, withTempDir, writeVideo } from "./ffmpeg";
import { frameTimingOutput, parseFrameHashes, readFrameTiming, type FrameTiming } from "./frame-timing";

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
  return framesAs("png", bytes, contentType, options);
}

export type RgbFrame = { data: Buffer; width: number; height: number };

/**
 * The same frames as extractFrames, as raw RGB pixels: ffmpeg writes binary PPM (a 3-line header, then the pixels),
 * so nothing is compressed to PNG by ffmpeg and decompressed again by sharp for every frame. Pixel for pixel what
 * decoding the PNG frames gives (PNG is lossless).
 */
export async function extractRgbFrames(
  bytes: Buffer,
  contentType: string,
  options: FrameOptions = {},
): Promise<RgbFrame[]> {
  return (await framesAs("ppm", bytes, contentType, options)).map(readPpm);
}

/** A binary PPM (P6, maxval 255) from ffmpeg: "P6", width, height, maxval, one whitespace byte, RGB rows. */
export function readPpm(file: Buffer): RgbFrame {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.subarray(0, 64).toString("latin1"));
  if (!header || header[3] !== "255") throw new Error("ffmpeg wrote a frame that is not an 8-bit binary PPM");
  const width = Number(header[1]);
  const height = Number(header[2]);
  const data = file.subarray(header[0].length);
  if (data.length !== width * height * 3) throw new Error(`PPM frame of ${data.length} bytes for ${width}×${height}`);
  return { data, width, height };
}

/**
 * extractRgbFrames and readFrameTiming (frame-timing.ts) from ONE ffmpeg run: the sampled frames as the first output,
 * every frame's timing as the second, so the video is decoded and ffmpeg started once instead of twice (LIVENESS runs
 * both on the selfie video; docs/benchmarks.md "Starting ffmpeg"). Each output has the options it has alone, so both
 * answers are the ones the separate runs give. Where the run fails on the file (not a timeout), each is made alone
 * as before: frames that cannot be read still throw, and a timing that cannot be read is null.
 */
export async function extractRgbFramesWithTiming(
  bytes: Buffer,
  contentType: string,
  options: FrameOptions = {},
): Promise<{ frames: RgbFrame[]; timing: FrameTiming | null }> {
  try {
    const { files, stdout } = await framesRun("ppm", bytes, contentType, options, frameTimingOutput());
    return { frames: files.map(readPpm), timing: parseFrameHashes(stdout.toString("utf8")) };
  } catch (error) {
    if (!(error instanceof FfmpegError) || error.timedOut) throw error;
  }
  const frames = await extractRgbFrames(bytes, contentType, options);
  try {
    return { frames, timing: await readFrameTiming(bytes, contentType) };
  } catch (error) {
    if (!(error instanceof FfmpegError) || error.timedOut) throw error;
    return { frames, timing: null };
  }
}

async function framesAs(
  format: "png" | "ppm",
  bytes: Buffer,
  contentType: string,
  options: FrameOptions,
): Promise<Buffer[]> {
  return (await framesRun(format, bytes, contentType, options, [])).files;
}

async function framesRun(
  format: "png" | "ppm",
  bytes: Buffer,
  contentType: string,
  options: FrameOptions,
  secondOutput: string[],
): Promise<{ files: Buffer[]; stdout: Buffer }> {
  const { fps, maxFrames, maxSide, timeoutMs } = { ...FRAME_DEFAULTS, ...options };
  return withTempDir(async (dir) => {
    const input = await writeVideo(dir, bytes, contentType);
    const scale = `scale=w='min(${maxSide},iw)':h='min(${maxSide},ih)':force_original_aspect_ratio=decrease`;
    const stdout = await runFfmpeg(
      [
        ...untrustedInput(input, contentType),
        "-an",
        "-vf",
        `fps=${fps},${scale}`,
        "-frames:v",
        String(maxFrames),
        "-f",
        "image2",
        ...(format === "ppm" ? ["-pix_fmt", "rgb24", "-vcodec", "ppm"] : ["-vcodec", "png"]),
        path.join(dir, `f%03d.${format}`),
        ...secondOutput,
      ],
      { timeoutMs },
    );
    const names = (await readdir(dir)).filter((n) => n.startsWith("f") && n.endsWith(`.${format}`)).sort();
    return { files: await Promise.all(names.map((n) => readFile(path.join(dir, n)))), stdout };
  });
}
