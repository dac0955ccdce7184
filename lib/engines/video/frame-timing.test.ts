import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { framesVideo } from "@/test/sample-faces";
import { parseFrameHashes, readFrameTiming } from "./frame-timing";
import { runFfmpeg, withTempDir } from "./ffmpeg";

const picture = (i: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: i * 20, g: 100, b: 255 - i * 20 } } })
    .png()
    .toBuffer();

describe("readFrameTiming", () => {
  it("reads every frame's time and finds pictures that repeat the previous one", async () => {
    // 10 frames at 10 fps, each picture twice in a row: 5 repeats
    const pictures = await Promise.all(Array.from({ length: 5 }, (_, i) => picture(i)));
    const frames = pictures.flatMap((p) => [p, p]);
    const timing = await readFrameTiming(await framesVideo(frames, 10, "webm"), "video/webm");
    expect(timing.frames).toBe(10);
    expect(timing.fps).toBeCloseTo(10, 0);
    // the muxer's 25 fps grid: every 100 ms lands 80 or 120 ms after the previous frame
    expect(timing.intervalMs!.mean).toBeCloseTo(100, -1);
    expect([timing.intervalMs!.min, timing.intervalMs!.max]).toEqual([80, 120]);
    expect(timing.identical).toBe(5);
    expect(timing).toMatchObject({ nonIncreasing: 0, longGaps: 0, hasAudio: false, timeBase: "1/1000" });
  });

  it("keeps irregular times as they are (no rate conversion) and sees a sound track", async () => {
    const video = await withTempDir(async (dir) => {
      const out = path.join(dir, "vfr.webm");
      // frame n at n*50 ms plus 20 ms every third frame: intervals of 50, 70, 30, 50 …
      await runFfmpeg([
        ...["-f", "lavfi", "-i", "testsrc=size=64x48:rate=20:duration=2"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2"],
        ...["-vf", "settb=1/1000,setpts=N*50+20*eq(mod(N\\,3)\\,2)", "-fps_mode", "vfr"],
        ...["-enc_time_base:v", "1/1000", "-c:v", "libvpx", "-c:a", "libopus", out],
      ]);
      return readFile(out);
    });
    const timing = await readFrameTiming(video, "video/webm");
    expect(timing.hasAudio).toBe(true);
    expect(timing.intervalMs!.max).toBe(70);
    expect(timing.intervalMs!.min).toBe(30);
    expect(timing.intervalMs!.jitter).toBeGreaterThan(5);
  });
});

describe("parseFrameHashes", () => {
  it("counts times that repeat or go backwards and gaps over a second", () => {
    const text = [
      "#tb 0: 1/1000",
      "0, 0, 0, 33, 100, aa",
      "0, 33, 33, 33, 100, bb",
      "0, 33, 33, 33, 100, cc",
      "0, 20, 20, 33, 100, dd",
      "0, 1500, 1500, 33, 100, dd",
      "1, 0, 0, 960, 100, ee",
    ].join("\n");
    expect(parseFrameHashes(text)).toMatchObject({
      frames: 5,
      nonIncreasing: 2,
      backwards: 1,
      longGaps: 1,
      identical: 1,
      hasAudio: true,
      seconds: 1.5,
    });
  });
});
