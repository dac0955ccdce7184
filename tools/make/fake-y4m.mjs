#!/usr/bin/env node
// Writes e2e/fixtures/fake-camera.y4m: the frames Chromium streams as its camera under
// `--use-fake-device-for-media-stream --use-file-for-fake-video-capture=FILE` (the Playwright config passes it).
// 640x480, 15 fps, 3 s (45 frames, Chromium loops them), YUV 4:2:0 (C420jpeg). The content moves: a scrolling
// diagonal gradient, a light disc circling the centre and a bar sweeping down, so that anything sampling
// frames (preview, capture, frame differences) sees a live, non-uniform picture. About 21 MB, so it is
// generated (gitignored) rather than committed; an existing file of the expected size is kept.
//   node tools/make/fake-y4m.mjs [output.y4m]
import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_Y4M_PATH = path.join(ROOT, "e2e/fixtures/fake-camera.y4m");

const W = 640;
const H = 480;
const FPS = 15;
const FRAMES = FPS * 3;
const HEADER = `YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`;
const FRAME_HEADER = "FRAME\n";
const LUMA = W * H;
const CHROMA = (W / 2) * (H / 2);

/** Size in bytes of the file makeFakeY4m writes. */
export const FAKE_Y4M_BYTES = HEADER.length + FRAMES * (FRAME_HEADER.length + LUMA + 2 * CHROMA);

function frame(f) {
  const buffer = Buffer.alloc(LUMA + 2 * CHROMA);
  const t = f / FRAMES;
  const discX = W / 2 + Math.cos(2 * Math.PI * t) * W * 0.28;
  const discY = H / 2 + Math.sin(2 * Math.PI * t) * H * 0.25;
  const radius = 70;
  const barY = Math.floor(t * H);
  for (let y = 0; y < H; y++) {
    const row = y * W;
    const inBar = y >= barY && y < barY + 24;
    for (let x = 0; x < W; x++) {
      let luma = 40 + (((x + y + f * 12) >> 1) & 0x7f); // scrolling diagonal gradient, 40..167
      const dx = x - discX;
      const dy = y - discY;
      if (dx * dx + dy * dy < radius * radius) luma = 225;
      else if (inBar) luma = 16;
      else if (((x >> 5) + (y >> 5)) % 2 === 0) luma += 30; // checkerboard texture
      buffer[row + x] = luma;
    }
  }
  // chroma planes (half resolution): a slowly rotating tint, warmer inside the disc
  const u = LUMA;
  const v = LUMA + CHROMA;
  const tintU = 128 + Math.round(Math.cos(2 * Math.PI * t) * 40);
  const tintV = 128 + Math.round(Math.sin(2 * Math.PI * t) * 40);
  for (let y = 0; y < H / 2; y++) {
    for (let x = 0; x < W / 2; x++) {
      const dx = 2 * x - discX;
      const dy = 2 * y - discY;
      const inDisc = dx * dx + dy * dy < radius * radius;
      const i = y * (W / 2) + x;
      buffer[u + i] = inDisc ? 110 : tintU;
      buffer[v + i] = inDisc ? 160 : tintV;
    }
  }
  return buffer;
}

/** Writes the fake camera file to `file` unless one of the expected size is already there. Returns whether it wrote. */
export function makeFakeY4m(file = DEFAULT_Y4M_PATH) {
  try {
    if (statSync(file).size === FAKE_Y4M_BYTES) return false;
  } catch {
    // missing: write it
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  const fd = openSync(partial, "w");
  try {
    writeSync(fd, HEADER);
    for (let f = 0; f < FRAMES; f++) {
      writeSync(fd, FRAME_HEADER);
      writeSync(fd, frame(f));
    }
  } finally {
    closeSync(fd);
  }
  // a rename, so that a concurrent reader never sees half a file
  renameSync(partial, file);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = path.resolve(process.argv[2] ?? DEFAULT_Y4M_PATH);
  const started = Date.now();
  const wrote = makeFakeY4m(file);
  console.error(
    `[make/fake-y4m] ${path.relative(process.cwd(), file)} ${wrote ? `written (${FAKE_Y4M_BYTES} bytes, ${Date.now() - started} ms)` : "up to date"}`,
  );
}
