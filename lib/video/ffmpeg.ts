import "server-only";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { packageDir } from "@/lib/geo/package-dir";

// The ffmpeg binary shipped by @ffmpeg-installer/<platform>-<arch> (a static 2018 build: decodes VP8/VP9 webm from
// MediaRecorder and H.264/HEVC mp4/quicktime from phones). Located from the app root at run time, see packageDir.

export function ffmpegPath(): string {
  return path.join(packageDir(`@ffmpeg-installer/${process.platform}-${process.arch}`), "ffmpeg");
}

/** ffmpeg failed: `timedOut` when it was killed, else it rejected the input (corrupt or not a video). */
export class FfmpegError extends Error {
  constructor(message: string, readonly timedOut = false) {
    super(message);
    this.name = "FfmpegError";
  }
}

/** Runs ffmpeg; resolves its stdout, rejects with its stderr's tail on a non-zero exit or after `timeoutMs`. */
export function runFfmpeg(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new FfmpegError(`ffmpeg timed out after ${timeoutMs} ms`, true));
    }, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2000);
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new FfmpegError(`ffmpeg exited with ${code}: ${err.trim()}`));
    });
  });
}

/** A private temporary folder for one ffmpeg job, removed afterwards whatever happens. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "openkyc-video-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const EXTENSIONS: Record<string, string> = { "video/webm": ".webm", "video/mp4": ".mp4", "video/quicktime": ".mov" };

/** Writes video bytes to a file in `dir` (mp4 may keep its index at the end: ffmpeg needs a seekable input). */
export async function writeVideo(dir: string, bytes: Buffer, contentType: string, name = "input"): Promise<string> {
  const file = path.join(dir, name + (EXTENSIONS[contentType] ?? ".bin"));
  await writeFile(file, bytes);
  return file;
}
