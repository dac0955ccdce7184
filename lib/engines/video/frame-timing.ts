import "server-only";
import { ffmpegBinary, runFfmpeg, untrustedInput, withTempDir, writeVideo } from "./ffmpeg";

// The server's own reading of how a video's frames were timed (issue 31, injection): every decoded frame's
// presentation time (pts, in the container's millisecond time base for webm) and a 128-bit hash of its pixels, from
// ONE ffmpeg run (`-f framehash -hash murmur3`, frames passed through as they are: no rate conversion, which would
// invent or drop frames). Measures, never decides: lib/checks/liveness/capture-integrity.ts turns the figures into a
// check. Why ffmpeg's frame hashes and not ffprobe's packet list: it works with the bundled ffmpeg too (no ffprobe
// there), and the pixel hashes find frames repeated by a source that sends the same picture twice.
// Why MurmurHash3 (x64, 128 bits) and not MD5 (framemd5, until 2026-11-30): hashing every decoded frame was ~70 ms
// of the run's CPU with MD5 and ~0 more than decoding with murmur3; no cryptographic property is needed (a repeated
// frame hashes the same under any function; a collision could only count two different frames as repeated), and
// 128 bits do not collide on nearly identical frames as the 32-bit Adler-32 of framecrc did (docs/benchmarks.md).

export type FrameTiming = {
  frames: number;
  /** first to last pts */
  seconds: number;
  fps: number | null;
  intervalMs: { median: number; mean: number; jitter: number; min: number; max: number } | null;
  /** intervals ≤ 0: a pts repeated or going backwards */
  nonIncreasing: number;
  /**
   * intervals < 0: a pts going backwards (no live encoder writes that). A repeated pts (0) is not impossible: a
   * webm's millisecond timestamps give two frames delivered together after a stall the same time (seen from
   * Chromium's MediaRecorder on a loaded machine, 2026-12-01)
   */
  backwards: number;
  /** intervals longer than a second: the stream stalled */
  longGaps: number;
  /** consecutive frames with identical pixels */
  identical: number;
  hasAudio: boolean;
  timeBase: string | null;
};

const LONG_GAP_MS = 1000;

/** Decodes the video once (one thread, the sandbox of ffmpeg.ts) and measures its frame timing. */
export async function readFrameTiming(bytes: Buffer, contentType: string, timeoutMs = 30_000): Promise<FrameTiming> {
  return withTempDir(async (dir) => {
    const file = await writeVideo(dir, bytes, contentType);
    const out = await runFfmpeg([...untrustedInput(file, contentType), ...frameTimingOutput()], { timeoutMs });
    return parseFrameHashes(out.toString("utf8"));
  });
}

/**
 * The output options of the timing reading: every frame's pts and pixel hash on stdout. Also appended as the second
 * output of LIVENESS' frame extraction (extract-frames.ts), so that one decode serves both.
 */
export function frameTimingOutput(): string[] {
  // the bundled 2018 ffmpeg knows only -vsync; newer ones spell it -fps_mode
  const passthrough = ffmpegBinary().source === "bundled" ? ["-vsync", "0"] : ["-fps_mode", "passthrough"];
  return [
    "-map",
    "0:v:0",
    // the sound track, when there is one, as stream 1 (`?`: no error without one)
    "-map",
    "0:a:0?",
    ...passthrough,
    // keep the container's time base (1/1000 in webm) instead of 1/frame-rate, which would round every pts
    "-enc_time_base",
    "-1",
    "-f",
    "framehash",
    "-hash",
    "murmur3",
    "-",
  ];
}

/** framehash's text (framemd5's format, another hash) → timing figures (pure; exported for tests). */
export function parseFrameHashes(text: string): FrameTiming {
  let timeBase: string | null = null;
  let unit = 1;
  const pts: number[] = [];
  const hashes: string[] = [];
  let hasAudio = false;
  for (const line of text.split("\n")) {
    const tb = /^#tb 0: (\d+)\/(\d+)/.exec(line);
    if (tb) {
      timeBase = `${tb[1]}/${tb[2]}`;
      unit = (1000 * Number(tb[1])) / Number(tb[2]);
      continue;
    }
    if (line.startsWith("#") || !line.trim()) continue;
    const cells = line.split(",").map((c) => c.trim());
    if (cells[0] === "1") hasAudio = true;
    if (cells[0] !== "0" || cells.length < 6) continue;
    pts.push(Number(cells[2]) * unit);
    hashes.push(cells[5]!);
  }
  const intervals = pts.slice(1).map((t, i) => t - pts[i]!);
  const identical = hashes.slice(1).filter((h, i) => h === hashes[i]).length;
  const seconds = pts.length > 1 ? (pts.at(-1)! - pts[0]!) / 1000 : 0;
  return {
    frames: pts.length,
    seconds: round(seconds, 3),
    fps: seconds > 0 ? round((pts.length - 1) / seconds, 2) : null,
    intervalMs: intervals.length ? summary(intervals) : null,
    nonIncreasing: intervals.filter((d) => d <= 0).length,
    backwards: intervals.filter((d) => d < 0).length,
    longGaps: intervals.filter((d) => d > LONG_GAP_MS).length,
    identical,
    hasAudio,
    timeBase,
  };
}

function summary(xs: number[]) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const jitter = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
  const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  return {
    median: round(median, 2),
    mean: round(mean, 2),
    jitter: round(jitter, 2),
    min: round(sorted[0]!, 2),
    max: round(sorted.at(-1)!, 2),
  };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
