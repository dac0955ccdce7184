import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractRgbFrames, extractRgbFramesWithTiming } from "./extract-frames";
import { FfmpegError, runFfmpeg, withTempDir } from "./ffmpeg";
import { readFrameTiming } from "./frame-timing";

// LIVENESS reads the selfie video's frames and its frame timing (CAPTURE_INTEGRITY) from one ffmpeg run: both answers
// must be the ones the two separate runs give, pixel for pixel and field for field.

const OPTIONS = { fps: 3, maxFrames: 24, maxSide: 640 };

/** A 4-second video with a moving picture and, when asked, a sound track, encoded by ffmpeg itself. */
const video = (format: "webm" | "mp4", audio: boolean) =>
  withTempDir(async (dir) => {
    const out = path.join(dir, `v.${format}`);
    await runFfmpeg([
      ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=4"],
      ...(audio ? ["-f", "lavfi", "-i", "sine=frequency=440:duration=4"] : []),
      ...(format === "webm" ? ["-c:v", "libvpx", ...(audio ? ["-c:a", "libopus"] : [])] : ["-c:v", "libx264"]),
      ...(format === "mp4" ? ["-pix_fmt", "yuv420p", ...(audio ? ["-c:a", "aac"] : [])] : []),
      out,
    ]);
    return readFile(out);
  });

describe("extractRgbFramesWithTiming", () => {
  for (const [format, audio] of [
    ["webm", true],
    ["mp4", false],
  ] as const) {
    it(`gives the frames and the timing the separate runs give (${format}${audio ? " with sound" : ""})`, async () => {
      const bytes = await video(format, audio);
      const type = `video/${format}`;
      const both = await extractRgbFramesWithTiming(bytes, type, OPTIONS);
      const frames = await extractRgbFrames(bytes, type, OPTIONS);
      expect(both.frames).toHaveLength(12);
      expect(both.frames.map((f) => [f.width, f.height])).toEqual(frames.map((f) => [f.width, f.height]));
      both.frames.forEach((f, i) => expect(f.data.equals(frames[i]!.data), `frame ${i}`).toBe(true));
      expect(both.timing).toEqual(await readFrameTiming(bytes, type));
      expect(both.timing).toMatchObject({ frames: 100, hasAudio: audio });
    });
  }

  it("still gives the frames where only the timing cannot be read (a sound track in a codec not on the whitelist)", async () => {
    // Vorbis is not among the decoders an untrusted upload may use: the frames (no sound) read, the timing (which
    // maps the sound track) does not, and so the combined run fails; each is then made alone, as before
    const bytes = await withTempDir(async (dir) => {
      const out = path.join(dir, "vorbis.webm");
      await runFfmpeg([
        ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=3"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:duration=3"],
        ...["-c:v", "libvpx", "-c:a", "libvorbis", out],
      ]);
      return readFile(out);
    });
    await expect(readFrameTiming(bytes, "video/webm")).rejects.toBeInstanceOf(FfmpegError);
    const both = await extractRgbFramesWithTiming(bytes, "video/webm", OPTIONS);
    expect(both.timing).toBeNull();
    const frames = await extractRgbFrames(bytes, "video/webm", OPTIONS);
    expect(both.frames).toHaveLength(9);
    both.frames.forEach((f, i) => expect(f.data.equals(frames[i]!.data), `frame ${i}`).toBe(true));
  });

  it("fails on a file that is not a video as the frames alone do", async () => {
    const junk = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4096, 7)]);
    await expect(extractRgbFrames(junk, "video/webm", OPTIONS)).rejects.toBeInstanceOf(FfmpegError);
    await expect(extractRgbFramesWithTiming(junk, "video/webm", OPTIONS)).rejects.toBeInstanceOf(FfmpegError);
  });
});
