// Test-only: the hard set's conditions, what a phone meets outside a well-lit desk (tools/eval/make-documents.ts,
// documents drawn with style "hard"). Every function is deterministic for a given PRNG.
import { createCanvas, loadImage, type SKRSContext2D } from "@napi-rs/canvas";
import sharp, { type Sharp } from "sharp";

/** A number drawn between a and b. */
export const between = (rng: () => number, a: number, b: number) => a + (b - a) * rng();

export type HardCondition =
  | "security-print"
  | "glare"
  | "hologram"
  | "curvature"
  | "perspective-25"
  | "motion-blur"
  | "low-light"
  | "phone-jpeg"
  | "screen-moire";
export const HARD_CONDITIONS: readonly HardCondition[] = [
  "security-print",
  "glare",
  "hologram",
  "curvature",
  "perspective-25",
  "motion-blur",
  "low-light",
  "phone-jpeg",
  "screen-moire",
];
const BACKDROP = { r: 0x6f, g: 0x6a, b: 0x60 };

/**
 * A page under one hard condition, always ending as a lossy JPEG:
 *  - security-print  the security background alone (drawn by the generator), a camera JPEG
 *  - glare           1–3 washed-out hot spots, one of them over the printed fields or the MRZ
 *  - hologram        a translucent rainbow band (a hologram's sheen) across the fields and the MRZ
 *  - curvature       the page bowed (a passport that does not lie flat): rows bent by 2.5–4.5 % of the height
 *  - perspective-25  a true projective view, tilted 12–25° about a random axis
 *  - motion-blur     a 9–15 px linear smear at a random angle (hand shake)
 *  - low-light       dark (35–50 % brightness), sensor noise, soft
 *  - phone-jpeg      downscaled, over-sharpened, JPEG quality 35–50 with 4:2:0 chroma, twice
 *  - screen-moire    the page shown on a screen (RGB sub-pixel grid) photographed: moiré, gamma, softness
 */
export async function hardCondition(png: Buffer, kind: HardCondition, rng: () => number): Promise<Buffer> {
  const jpeg = (s: Sharp, quality = 80) => s.jpeg({ quality: Math.round(quality) }).toBuffer();
  switch (kind) {
    case "security-print":
      return jpeg(sharp(png), between(rng, 75, 85));
    case "glare":
      return jpeg(sharp(await overlay(png, (g, w, h) => glare(g, w, h, rng))), between(rng, 70, 85));
    case "hologram":
      return jpeg(sharp(await overlay(png, (g, w, h) => hologram(g, w, h, rng))), between(rng, 70, 85));
    case "curvature":
      return jpeg(sharp(await warp(png, curve(between(rng, 0.025, 0.045), rng() < 0.5 ? 1 : -1))), 80);
    case "perspective-25":
      return jpeg(
        sharp(await warp(png, tilt(between(rng, 12, 25), between(rng, 0, Math.PI * 2)))),
        between(rng, 70, 85),
      );
    case "motion-blur":
      return jpeg(sharp(await motionKernel(png, Math.round(between(rng, 9, 15)), between(rng, -0.5, 0.5))), 80);
    case "low-light": {
      const dark = await sharp(png)
        .modulate({ brightness: between(rng, 0.35, 0.5) })
        .blur(0.7)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const sigma = between(rng, 8, 14);
      for (let i = 0; i < dark.data.length; i++) dark.data[i] = clamp(dark.data[i]! + sigma * gauss(rng));
      return jpeg(sharp(dark.data, { raw: dark.info }), between(rng, 65, 75));
    }
    case "phone-jpeg": {
      const { width = 0 } = await sharp(png).metadata();
      const once = await sharp(png)
        .resize({ width: Math.round(width * between(rng, 0.7, 0.85)) })
        .sharpen({ sigma: 1.5, m1: 2, m2: 4 })
        .jpeg({ quality: Math.round(between(rng, 35, 50)), chromaSubsampling: "4:2:0" })
        .toBuffer();
      return sharp(once)
        .jpeg({ quality: Math.round(between(rng, 40, 55)), chromaSubsampling: "4:2:0" })
        .toBuffer();
    }
    case "screen-moire":
      return screenPhoto(png, rng);
  }
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
function gauss(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(Math.max(rng(), 1e-9))) * Math.cos(2 * Math.PI * rng());
}

async function overlay(png: Buffer, paint: (g: SKRSContext2D, w: number, h: number) => void): Promise<Buffer> {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const g = canvas.getContext("2d");
  g.drawImage(img, 0, 0);
  paint(g, img.width, img.height);
  return canvas.toBuffer("image/png");
}

function glare(g: SKRSContext2D, w: number, h: number, rng: () => number): void {
  const spots = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < spots; i++) {
    // the first spot lands on the text: the fields (upper middle) or the MRZ (bottom)
    const cx = i === 0 ? between(rng, 0.35, 0.8) * w : rng() * w;
    const cy = i === 0 ? (rng() < 0.5 ? between(rng, 0.25, 0.6) : between(rng, 0.78, 0.92)) * h : rng() * h;
    const r = between(rng, 0.05, 0.12) * w;
    const grad = g.createRadialGradient(cx, cy, 0, cx, cy, r);
    grad.addColorStop(0, "rgba(255,255,255,0.97)");
    grad.addColorStop(0.35, "rgba(255,255,250,0.85)");
    grad.addColorStop(1, "rgba(255,255,255,0)");
    g.fillStyle = grad;
    g.beginPath();
    g.ellipse(cx, cy, r, r * between(rng, 0.5, 1), rng() * Math.PI, 0, Math.PI * 2);
    g.fill();
  }
}

function hologram(g: SKRSContext2D, w: number, h: number, rng: () => number): void {
  const x0 = between(rng, 0.25, 0.55) * w;
  const band = between(rng, 0.18, 0.3) * w;
  const grad = g.createLinearGradient(x0, 0, x0 + band, h * 0.3);
  const alpha = between(rng, 0.35, 0.55);
  for (let k = 0; k <= 6; k++) grad.addColorStop(k / 6, `hsla(${(k * 60 + rng() * 30) % 360}, 90%, 65%, ${alpha})`);
  g.save();
  g.globalCompositeOperation = "screen";
  g.fillStyle = grad;
  g.beginPath();
  g.moveTo(x0, 0);
  g.lineTo(x0 + band, 0);
  g.lineTo(x0 + band + 0.25 * w, h);
  g.lineTo(x0 + 0.25 * w, h);
  g.closePath();
  g.fill();
  g.restore();
}

type Mapping = { width: number; height: number; source: (x: number, y: number) => [number, number] | null };

/** Resamples the page through a mapping from output to source pixels (bilinear), the backdrop where it has none. */
async function warp(png: Buffer, mapping: (w: number, h: number) => Mapping): Promise<Buffer> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const m = mapping(w, h);
  const out = Buffer.alloc(m.width * m.height * 3);
  for (let y = 0; y < m.height; y++) {
    for (let x = 0; x < m.width; x++) {
      const o = (y * m.width + x) * 3;
      const s = m.source(x, y);
      if (!s || s[0] < 0 || s[1] < 0 || s[0] > w - 1 || s[1] > h - 1) {
        out[o] = BACKDROP.r;
        out[o + 1] = BACKDROP.g;
        out[o + 2] = BACKDROP.b;
        continue;
      }
      const x0 = Math.floor(s[0]);
      const y0 = Math.floor(s[1]);
      const x1 = Math.min(x0 + 1, w - 1);
      const y1 = Math.min(y0 + 1, h - 1);
      const fx = s[0] - x0;
      const fy = s[1] - y0;
      for (let c = 0; c < 3; c++) {
        const p = (yy: number, xx: number) => data[(yy * w + xx) * 3 + c]!;
        out[o + c] = Math.round(
          (p(y0, x0) * (1 - fx) + p(y0, x1) * fx) * (1 - fy) + (p(y1, x0) * (1 - fx) + p(y1, x1) * fx) * fy,
        );
      }
    }
  }
  return sharp(out, { raw: { width: m.width, height: m.height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A bowed page: each column shifted down by a half sine (the middle highest), the sides foreshortened. */
const curve =
  (amount: number, sign: number) =>
  (w: number, h: number): Mapping => {
    const margin = Math.round(amount * h * 2 + 20);
    return {
      width: w + 2 * margin,
      height: h + 2 * margin,
      source: (x, y) => {
        const u = (x - margin) / w; // 0..1 across the page
        const sx = w * (0.5 + (Math.sin((u - 0.5) * Math.PI * 0.9) / Math.sin(Math.PI * 0.45)) * 0.5);
        return [sx, y - margin - sign * amount * h * Math.sin(Math.PI * Math.min(1, Math.max(0, u)))];
      },
    };
  };

/** A pinhole view of the page tilted by `degrees` about an axis in the page plane at angle `axis`. */
const tilt =
  (degrees: number, axis: number) =>
  (w: number, h: number): Mapping => {
    const t = (degrees * Math.PI) / 180;
    const f = 1.2 * Math.max(w, h); // a phone's normal lens: ~50° across the long side
    const [ax, ay] = [Math.cos(axis), Math.sin(axis)];
    // rotation about the axis (ax, ay, 0) by t (Rodrigues)
    const c = Math.cos(t),
      s = Math.sin(t),
      k = 1 - c;
    const R = [
      [c + ax * ax * k, ax * ay * k, ay * s],
      [ax * ay * k, c + ay * ay * k, -ax * s],
      [-ay * s, ax * s, c],
    ];
    const project = (px: number, py: number): [number, number] => {
      const X = px - w / 2,
        Y = py - h / 2;
      const x3 = R[0]![0]! * X + R[0]![1]! * Y,
        y3 = R[1]![0]! * X + R[1]![1]! * Y,
        z3 = R[2]![0]! * X + R[2]![1]! * Y + f;
      return [(f * x3) / z3, (f * y3) / z3];
    };
    const corners = [project(0, 0), project(w, 0), project(w, h), project(0, h)];
    const minX = Math.min(...corners.map((p) => p[0])),
      minY = Math.min(...corners.map((p) => p[1]));
    const maxX = Math.max(...corners.map((p) => p[0])),
      maxY = Math.max(...corners.map((p) => p[1]));
    const margin = 30;
    // inverse: a ray through the output pixel meets the rotated page plane
    const n = [R[0]![2]!, R[1]![2]!, R[2]![2]!]; // the page normal after rotation
    const e1 = [R[0]![0]!, R[1]![0]!, R[2]![0]!],
      e2 = [R[0]![1]!, R[1]![1]!, R[2]![1]!];
    return {
      width: Math.ceil(maxX - minX) + 2 * margin,
      height: Math.ceil(maxY - minY) + 2 * margin,
      source: (x, y) => {
        const d = [x - margin + minX, y - margin + minY, f];
        const denom = n[0]! * d[0]! + n[1]! * d[1]! + n[2]! * d[2]!;
        if (Math.abs(denom) < 1e-9) return null;
        const lambda = (n[2]! * f) / denom; // plane through (0, 0, f) with normal n
        const p = [lambda * d[0]!, lambda * d[1]!, lambda * d[2]! - f];
        return [
          p[0]! * e1[0]! + p[1]! * e1[1]! + p[2]! * e1[2]! + w / 2,
          p[0]! * e2[0]! + p[1]! * e2[1]! + p[2]! * e2[2]! + h / 2,
        ];
      },
    };
  };

/** A linear motion-blur kernel `length` px long at `angle` radians. */
async function motionKernel(png: Buffer, length: number, angle: number): Promise<Buffer> {
  const size = length % 2 ? length : length + 1;
  const kernel = new Array<number>(size * size).fill(0);
  const mid = (size - 1) / 2;
  for (let i = 0; i < length * 4; i++) {
    const r = (i / (length * 4 - 1) - 0.5) * (length - 1);
    kernel[Math.round(mid + r * Math.sin(angle)) * size + Math.round(mid + r * Math.cos(angle))] = 1;
  }
  const scale = kernel.reduce((a, b) => a + b, 0);
  return sharp(png).removeAlpha().convolve({ width: size, height: size, kernel, scale }).png().toBuffer();
}

/** The page on a screen (an RGB stripe grid at ~3 px per screen pixel), photographed slightly askew and soft. */
async function screenPhoto(png: Buffer, rng: () => number): Promise<Buffer> {
  const { width = 0 } = await sharp(png).metadata();
  const screenWidth = Math.round(width * between(rng, 0.5, 0.6));
  const small = await sharp(png)
    .resize({ width: screenWidth })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cell = 3;
  const W = small.info.width * cell,
    H = small.info.height * cell;
  const out = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const s = (Math.floor(y / cell) * small.info.width + Math.floor(x / cell)) * 3;
      const sub = x % cell; // the sub-pixel lit at this column
      const gap = y % cell === cell - 1 ? 0.55 : 1; // the dark row between screen pixels
      const o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = clamp(small.data[s + c]! * (c === sub ? 1 : 0.35) * gap * 1.5);
    }
  }
  const angle = between(rng, 1, 4) * (rng() < 0.5 ? -1 : 1);
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .rotate(angle, { background: "#202020" })
    .blur(between(rng, 0.8, 1.2))
    .resize({ width: Math.round(width * between(rng, 0.95, 1.1)) })
    .gamma(between(rng, 1.8, 2.4))
    .modulate({ brightness: between(rng, 1.0, 1.2) })
    .jpeg({ quality: Math.round(between(rng, 70, 80)) })
    .toBuffer();
}
