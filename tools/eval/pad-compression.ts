import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { detectFacesInPixels } from "@/lib/engines/faces/human-engine";
import { COMBINED_MODEL } from "@/lib/engines/pad/combined-score";
import { frontalFrames, scoreFrame } from "@/lib/checks/liveness/presentation-attack";

// npm run eval:pad-compression -- --data DIR [--bona-fide] [--bitrate 1M]
// How PRESENTATION_ATTACK's PASS rules react to video compression, which the still images of face-pad and
// face-pairs do not have and the hosted page's recordings do. Each image is fitted into 640×480 (a camera frame),
// then shown for 1 s at 15 fps and encoded as VP8 WebM (libvpx, the codec of Chrome's MediaRecorder) at --bitrate;
// the last frame (inter-coded, as most of a recording's frames) is decoded and scored with the check's function.
// Prints, for the original (fitted) image and for the round trip, how many PASS by the MiniFASNet score alone
// (≥ 0.75, the rule before the combined model) and by the combined model (≥ its threshold).

const run = promisify(execFile);
const FPS = 15;

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function filesOf(dir: string, bonaFide: boolean): Promise<{ image: string; label: string }[]> {
  if (bonaFide)
    return (await readdir(dir))
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .sort()
      .map((image) => ({ image, label: "bona_fide" }));
  return parse(await readFile(path.join(dir, "labels.csv"), "utf8"), { columns: true }) as {
    image: string;
    label: string;
  }[];
}

async function roundTrip(png: Buffer, width: number, height: number, bitrate: string, work: string): Promise<Buffer> {
  const input = path.join(work, "in.png");
  const video = path.join(work, "clip.webm");
  await writeFile(input, png);
  await run("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-loop",
    "1",
    "-t",
    "1",
    "-r",
    String(FPS),
    "-i",
    input,
    "-c:v",
    "libvpx",
    "-b:v",
    bitrate,
    "-pix_fmt",
    "yuv420p",
    "-threads",
    "1",
    video,
  ]);
  const { stdout } = await run(
    "ffmpeg",
    [
      "-v",
      "error",
      "-i",
      video,
      "-vf",
      `select=eq(n\\,${FPS - 1})`,
      "-frames:v",
      "1",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-",
    ],
    { encoding: "buffer", maxBuffer: 64 << 20 },
  );
  if (stdout.length !== width * height * 3) throw new Error(`decoded ${stdout.length} bytes for ${width}×${height}`);
  return stdout;
}

async function decisions(pixels: { data: Buffer; width: number; height: number }) {
  const main = (await detectFacesInPixels(pixels))[0] ?? null;
  if (!main || !frontalFrames([{ main, others: 0 }]).length) return null;
  const pad = await scoreFrame(pixels, main);
  if (pad.greyscale) return null;
  return {
    real: pad.real,
    combined: pad.combined,
    byReal: pad.real >= 0.75,
    byCombined: pad.combined >= COMBINED_MODEL.threshold,
  };
}

async function main() {
  const data = argument("--data");
  if (!data) throw new Error("usage: npm run eval:pad-compression -- --data DIR [--bona-fide] [--bitrate 1M]");
  const bitrate = argument("--bitrate") ?? "1M";
  const work = await mkdtemp(path.join(tmpdir(), "pad-compression-"));
  const tally = new Map<string, number>();
  const add = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
  try {
    for (const { image, label } of await filesOf(data, process.argv.includes("--bona-fide"))) {
      const fitted = sharp(await readFile(path.join(data, image)))
        .rotate()
        .resize(640, 480, { fit: "inside", withoutEnlargement: true });
      const { data: raw, info } = await fitted.clone().removeAlpha().raw().toBuffer({ resolveWithObject: true });
      // even sizes for yuv420p: crop a pixel off an odd side
      const width = info.width & ~1;
      const height = info.height & ~1;
      const png = await sharp(raw, { raw: { width: info.width, height: info.height, channels: 3 } })
        .extract({ left: 0, top: 0, width, height })
        .png()
        .toBuffer();
      const original = await sharp(png).raw().toBuffer();
      const before = await decisions({ data: original, width, height });
      const after = await decisions({ data: await roundTrip(png, width, height, bitrate, work), width, height });
      add(`${label} n`);
      for (const [when, d] of [
        ["original", before],
        ["vp8", after],
      ] as const) {
        if (!d) continue;
        add(`${label} ${when} scored`);
        if (d.byReal) add(`${label} ${when} PASS by score ≥ 0.75`);
        if (d.byCombined) add(`${label} ${when} PASS by combined`);
      }
      console.log(
        `${image.padEnd(44)} ${label.padEnd(9)} real ${before?.real.toFixed(3) ?? "  —  "} → ${after?.real.toFixed(3) ?? "  —  "}  combined ${before?.combined.toFixed(3) ?? "  —  "} → ${after?.combined.toFixed(3) ?? "  —  "}`,
      );
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  console.log(`\nVP8 at ${bitrate}, ${FPS} fps, frame ${FPS} of 1 s:`);
  for (const [key, n] of [...tally].sort()) console.log(`  ${key.padEnd(44)} ${n}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
