import { describe, expect, it } from "vitest";
import {
  focus,
  frameDifference,
  isRefused,
  judgeCapture,
  thumbnail,
  toLuma,
  type Rgba,
} from "@/components/verify/capture/quality/judge-capture";

// Pictures drawn here, pixel by pixel: a "document" (light paper, rows of dark strokes like print, a portrait
// block), then blurred, darkened, washed out or shrunk, as a camera would.

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function documentPicture(width = 800, height = 500, seed = 1): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  const random = rng(seed);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = 225;
    data[i * 4 + 1] = 222;
    data[i * 4 + 2] = 210;
    data[i * 4 + 3] = 255;
  }
  const fill = (x0: number, y0: number, w: number, h: number, v: number) => {
    for (let y = y0; y < Math.min(height, y0 + h); y++)
      for (let x = x0; x < Math.min(width, x0 + w); x++) {
        const i = (y * width + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = v;
      }
  };
  fill(Math.round(width * 0.05), Math.round(height * 0.15), Math.round(width * 0.25), Math.round(height * 0.55), 90);
  // print: rows of "characters" across the page
  for (let row = 0; row < 9; row++) {
    const y = Math.round(height * (0.1 + row * 0.095));
    for (let x = Math.round(width * 0.35); x < width * 0.95; x += 9 + Math.floor(random() * 6)) {
      fill(x, y, 2 + Math.floor(random() * 4), 12 + Math.floor(random() * 6), 30);
    }
  }
  return { data, width, height };
}

/** A Gaussian blur of radius sigma (three box passes per axis approximate it). */
function blurred(image: Rgba, sigma: number): Rgba {
  const { width, height } = image;
  const data = new Uint8ClampedArray(image.data);
  const radius = Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2));
  const pass = (horizontal: boolean) => {
    const copy = new Uint8ClampedArray(data);
    const [outer, inner] = horizontal ? [height, width] : [width, height];
    for (let o = 0; o < outer; o++)
      for (let k = 0; k < inner; k++)
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          let n = 0;
          for (let d = -radius; d <= radius; d++) {
            const kk = k + d;
            if (kk < 0 || kk >= inner) continue;
            const idx = horizontal ? (o * width + kk) * 4 + c : (kk * width + o) * 4 + c;
            sum += copy[idx]!;
            n++;
          }
          data[(horizontal ? o * width + k : k * width + o) * 4 + c] = sum / n;
        }
  };
  for (let i = 0; i < 3; i++) {
    pass(true);
    pass(false);
  }
  return { data, width, height };
}

function mapped(image: Rgba, f: (v: number, x: number, y: number) => number): Rgba {
  const data = new Uint8ClampedArray(image.data);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * image.width + x) * 4 + c;
        data[i] = f(data[i]!, x, y);
      }
  return { data, width: image.width, height: image.height };
}

/** The document at `share` of the frame's width, centred on a plain grey table. */
function farAway(share: number): Rgba {
  const frame = { width: 800, height: 500 };
  const doc = documentPicture(Math.round(800 * share), Math.round(500 * share));
  const data = new Uint8ClampedArray(frame.width * frame.height * 4).fill(110);
  const left = Math.round((frame.width - doc.width) / 2);
  const top = Math.round((frame.height - doc.height) / 2);
  for (let y = 0; y < doc.height; y++)
    data.set(doc.data.subarray(y * doc.width * 4, (y + 1) * doc.width * 4), ((top + y) * frame.width + left) * 4);
  return { data, ...frame };
}

const kinds = (image: Rgba, source: "camera" | "upload" = "camera") =>
  judgeCapture(image, { source }).issues.map((i) => `${i.kind}:${i.severity}`);

describe("judgeCapture", () => {
  it("passes a sharp, lit document that fills the frame", () => {
    const verdict = judgeCapture(documentPicture(), { source: "camera" });
    expect(verdict.issues).toEqual([]);
    expect(isRefused(verdict)).toBe(false);
  });

  it("refuses a heavily blurred capture, warns about a softer one", () => {
    expect(kinds(blurred(documentPicture(), 4))).toEqual(["blurry:block"]);
    expect(kinds(blurred(documentPicture(), 1))).toEqual(["blurry:warn"]);
  });

  it("refuses a frame too dark to hold a document, warns about a dim one", () => {
    expect(kinds(mapped(documentPicture(), (v) => v * 0.12))).toEqual(["dark:block"]);
    expect(kinds(mapped(documentPicture(), (v) => v * 0.35))).toEqual(["dark:warn"]);
  });

  it("warns about a washed-out hot spot on the document, not about a white border", () => {
    const hot = mapped(documentPicture(), (v, x, y) => ((x - 500) ** 2 + (y - 250) ** 2 < 70 ** 2 ? 255 : v));
    expect(kinds(hot)).toEqual(["glare:warn"]);
    const margin = mapped(documentPicture(), (v, x) => (x < 60 ? 255 : v));
    expect(kinds(margin)).toEqual([]);
  });

  it("warns when the document fills too little of the frame", () => {
    expect(kinds(farAway(0.4))).toEqual(["small:warn"]);
    expect(kinds(farAway(0.9))).toEqual([]);
  });

  it("only ever warns about an uploaded file, and never about its framing", () => {
    expect(kinds(blurred(documentPicture(), 4), "upload")).toEqual(["blurry:warn"]);
    expect(
      kinds(
        mapped(documentPicture(), (v) => v * 0.12),
        "upload",
      ),
    ).toEqual(["dark:warn"]);
    expect(kinds(farAway(0.4), "upload")).toEqual([]);
  });

  it("judges at the working width: a 2,000-px picture is reduced, not judged at full size", () => {
    const verdict = judgeCapture(documentPicture(2000, 1250), { source: "camera" });
    expect(verdict.metrics.width).toBe(640);
    expect(verdict.issues).toEqual([]);
  });

  it("refuses malformed input instead of reading past it", () => {
    expect(() => toLuma({ data: new Uint8ClampedArray(10), width: 10, height: 10 })).toThrow();
  });
});

describe("focus", () => {
  it("grows with the blur, whatever the print's contrast", () => {
    const sharp = documentPicture();
    const soft = blurred(sharp, 2);
    const faint = mapped(soft, (v) => 180 + (v - 180) * 0.5);
    const blur = (image: Rgba) => focus(toLuma(image)).edgeBlur;
    expect(blur(soft)).toBeGreaterThan(blur(sharp) * 2);
    expect(Math.abs(blur(faint) - blur(soft))).toBeLessThan(0.15 * blur(soft));
    // the variance of the Laplacian, by contrast, falls with the contrast alone
    expect(focus(toLuma(faint)).laplacianVariance).toBeLessThan(focus(toLuma(soft)).laplacianVariance * 0.3);
  });
});

describe("frameDifference", () => {
  it("is ~0 for a still frame and large for a moving one", () => {
    const original = documentPicture();
    const a = thumbnail(toLuma(original));
    const shifted = mapped(original, (_, x, y) => original.data[(y * 800 + Math.max(0, x - 40)) * 4]!);
    expect(frameDifference(a, thumbnail(toLuma(documentPicture())))).toBe(0);
    expect(frameDifference(a, thumbnail(toLuma(shifted)))).toBeGreaterThan(4);
  });
});
