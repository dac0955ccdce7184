// Test-only: real image and video bytes made on the fly.
import { spawnSync } from "node:child_process";
import sharp from "sharp";
import { ffmpegPath } from "@/lib/engines/video/ffmpeg";

export async function jpeg(width = 640, height = 400, withExif = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 180, b: 160 } } }).jpeg();
  return withExif
    ? image.withExif({ IFD0: { Software: "Adobe Photoshop 25.0", Make: "TestCam" } }).toBuffer()
    : image.toBuffer();
}

export async function png(width = 320, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function dataUrl(bytes: Buffer, mime: string): string {
  return `data:${mime};base64,${bytes.toString("base64")}`;
}

/** Only the first bytes of a WebM (EBML header, DocType "webm"): sniffed as video/webm, but no playable video. */
export function webmHeaderOnly(extraBytes = 2048): Buffer {
  const header = Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102", "hex");
  const segment = Buffer.from("18538067010000000000000015", "hex");
  return Buffer.concat([header, segment, Buffer.alloc(extraBytes, 0)]);
}

let realWebm: Buffer | undefined;

/** A real one-second 64×48 WebM (VP8) with a title and a creation time in its container metadata, made by ffmpeg once. */
export function webm(): Buffer {
  if (realWebm) return realWebm;
  const out = spawnSync(
    ffmpegPath(),
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=64x48:rate=10:duration=1",
      "-c:v",
      "libvpx",
      "-deadline",
      "realtime",
      "-metadata",
      "title=Secret holiday video",
      "-metadata",
      "creation_time=2024-01-02T03:04:05Z",
      "-f",
      "webm",
      "pipe:1",
    ],
    { maxBuffer: 10 * 1024 * 1024 },
  );
  if (out.status !== 0) throw new Error(`ffmpeg could not make the test WebM: ${out.stderr.toString().slice(-300)}`);
  realWebm = out.stdout;
  return realWebm;
}
