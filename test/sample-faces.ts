import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { runFfmpeg, withTempDir } from "@/lib/engines/video/ffmpeg";

// Face images for tests and the face evaluation, cut at run time from a screenshot that @vladmandic/human (MIT)
// ships in its npm package: assets/screenshot-facedetect.jpg shows five face panels of five different people
// (photos from human's demo sample set). The file is kept in test/fixtures/human/ with human's licence (README.md
// there), since the service no longer installs human.

/** The five panels of screenshot-facedetect.jpg (800×718): left, top, width, height. */
const PANELS = [
  [8, 346, 150, 150],
  [164, 346, 150, 150],
  [322, 346, 150, 150],
  [478, 346, 150, 150],
  [634, 346, 156, 150],
] as const;

export const SAMPLE_PEOPLE = ["man", "dark-hair", "blonde", "auburn", "grey"] as const;

const SCREENSHOT = path.join(process.cwd(), "test", "fixtures", "human", "screenshot-facedetect.jpg");

/** Face of sample person `i` (0–4) as a PNG, upscaled to `size` px with a grey border (a selfie-like frame). */
export async function sampleFace(i: number, size = 360): Promise<Buffer> {
  const [left, top, width, height] = PANELS[i]!;
  const face = await sharp(await readFile(SCREENSHOT))
    .extract({ left, top, width, height })
    .toBuffer();
  const inner = Math.round(size * 0.7);
  const pad = Math.round((size - inner) / 2);
  return sharp(face)
    .resize(inner, inner)
    .extend({ top: pad, bottom: size - inner - pad, left: pad, right: size - inner - pad, background: "#808080" })
    .png()
    .toBuffer();
}

/** A video showing one image for `seconds` (a still photo held up to the camera). */
export async function stillVideo(image: Buffer, seconds = 3, format: "webm" | "mp4" = "webm"): Promise<Buffer> {
  return imageVideo(image, ["-t", String(seconds)], format);
}

/** A photo "video" with a slow zoom in and out, looped: the picture moves, the head pose does not. */
export async function loopedPhotoVideo(image: Buffer, seconds = 4, format: "webm" | "mp4" = "webm"): Promise<Buffer> {
  const zoom =
    "scale=720:-2,zoompan=z='1+0.08*sin(2*PI*on/25)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=480x480:fps=25";
  return imageVideo(image, ["-vf", zoom, "-t", String(seconds)], format);
}

async function imageVideo(image: Buffer, args: string[], format: "webm" | "mp4"): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const src = path.join(dir, "in.png");
    await sharp(image).png().toFile(src);
    const out = path.join(dir, `out.${format}`);
    const codec =
      format === "webm"
        ? ["-c:v", "libvpx", "-b:v", "800k", "-deadline", "realtime", "-cpu-used", "8"]
        : ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
    await runFfmpeg(["-loop", "1", "-framerate", "25", "-i", src, ...args, ...codec, out], { timeoutMs: 60_000 });
    return readFile(out);
  });
}

/** A video from a sequence of frames (PNG/JPEG buffers), each shown `1 / fps` s. */
export async function framesVideo(
  frames: readonly Buffer[],
  fps = 10,
  format: "webm" | "mp4" = "webm",
  extra: string[] = [],
): Promise<Buffer> {
  return withTempDir(async (dir) => {
    for (const [i, frame] of frames.entries())
      await sharp(frame)
        .png()
        .toFile(path.join(dir, `f${String(i).padStart(4, "0")}.png`));
    const out = path.join(dir, `out.${format}`);
    // the same frames always give the same bytes: "good" quality mode on one thread ("realtime" adapts to the
    // encoder's speed, so a loaded machine encoded another video and a face-similarity test near its threshold
    // flaked) and bitexact muxing (no random track/segment UIDs)
    const codec =
      format === "webm"
        ? ["-c:v", "libvpx", "-b:v", "1M", "-deadline", "good", "-cpu-used", "4", "-threads", "1"]
        : ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
    await runFfmpeg(
      [
        "-framerate",
        String(fps),
        "-i",
        path.join(dir, "f%04d.png"),
        ...extra,
        ...codec,
        "-r",
        "25",
        "-fflags",
        "+bitexact",
        out,
      ],
      { timeoutMs: 60_000 },
    );
    return readFile(out);
  });
}
