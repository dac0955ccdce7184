// Fake cameras for the capture specs: a generated passport data page (test/document-images.ts) lying on a
// grey table, framed where the page's TD3 frame falls in a 1280×720 camera, written as a y4m that Chromium streams
// (--use-file-for-fake-video-capture). Sharp, or blurred as an unsteady hand or a lens that did not focus would.
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { drawPassport, randomPerson, seededRandom } from "@/test/document-images";

const W = 1280;
const H = 720;
const FRAMES = 2;
// the viewfinder is 4:3 and the video fills it (object-fit: cover): 960 of the 1280 columns show; the TD3 frame is
// 88 % of the viewfinder's width. The page lies a little inside the frame, as a careful end user holds it.
const PAGE_WIDTH = Math.round(960 * 0.88 * 0.96);

/** The y4m's path in e2e/fixtures (gitignored), written when missing. */
export async function documentCamera(kind: "sharp" | "blurred"): Promise<string> {
  const file = path.resolve(__dirname, `fixtures/document-${kind}.y4m`);
  if (existsSync(file)) return file;
  const rng = seededRandom(16);
  const doc = await drawPassport(randomPerson(rng, "TD3", new Date("2026-11-25T00:00:00Z")), { portraitSeed: 16 });
  const pageBytes = await sharp(doc.front).resize({ width: PAGE_WIDTH }).png().toBuffer();
  const { height: pageHeight = 0 } = await sharp(pageBytes).metadata();
  const scene = await sharp({ create: { width: W, height: H, channels: 3, background: "#6f6a60" } })
    .composite([{ input: pageBytes, left: Math.round((W - PAGE_WIDTH) / 2), top: Math.round((H - pageHeight) / 2) }])
    .png()
    .toBuffer();
  // out of focus: the whole picture, the page's edges against the table as well
  const { data } = await (kind === "blurred" ? sharp(scene).blur(5) : sharp(scene))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame = yuv420(data);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F15:1 Ip A1:1 C420jpeg\n`);
  const parts: Buffer[] = [header];
  for (let f = 0; f < FRAMES; f++) parts.push(Buffer.from("FRAME\n"), frame);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.concat(parts));
  renameSync(partial, file);
  return file;
}

/** RGB → full-range YCbCr 4:2:0 (JPEG's, what C420jpeg declares), chroma as the mean of each 2×2 block. */
function yuv420(rgb: Buffer): Buffer {
  const out = Buffer.alloc(W * H + 2 * (W / 2) * (H / 2));
  const u0 = W * H;
  const v0 = u0 + (W / 2) * (H / 2);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      out[y * W + x] = Math.round(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    }
  for (let y = 0; y < H / 2; y++)
    for (let x = 0; x < W / 2; x++) {
      let r = 0,
        g = 0,
        b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * W + 2 * x + dx) * 3;
        r += rgb[i]!;
        g += rgb[i + 1]!;
        b += rgb[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const c = y * (W / 2) + x;
      out[u0 + c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      out[v0 + c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  return out;
}
