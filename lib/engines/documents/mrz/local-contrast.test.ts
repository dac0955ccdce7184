import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seededRandom } from "@/test/document-people";
import { localContrast } from "./local-contrast";

// The SIMD equalisation against sharp's own clahe (libvips' hist_local), byte for byte: on noise, on print-like
// strokes over a gradient (a band after its enlargement), at the window's own size and at odd sizes, where the
// mirrored edges decide most pixels.

type Picture = { data: Buffer; width: number; height: number };

function picture(width: number, height: number, seed: number, kind: "noise" | "print"): Picture {
  const rng = seededRandom(seed);
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const ink = (x % 13 < 4 && y % 29 > 6 && y % 29 < 22) || (y % 29 === 14 && x % 31 < 12);
      data[y * width + x] =
        kind === "noise"
          ? Math.floor(rng() * 256)
          : (ink ? 25 : 150 + Math.round((x / width) * 90)) + Math.floor(rng() * 12);
    }
  return { data, width, height };
}

async function sharpClahe(p: Picture, size: number, slope: number): Promise<Buffer> {
  return sharp(p.data, { raw: { width: p.width, height: p.height, channels: 1 } })
    .clahe({ width: size, height: size, maxSlope: slope })
    .toColourspace("b-w")
    .raw()
    .toBuffer();
}

describe("localContrast", () => {
  it.each([
    [64, 64, "noise", 64, 3],
    [301, 97, "print", 64, 3],
    [1250, 70, "print", 64, 3],
    [200, 150, "noise", 31, 3],
    [257, 80, "print", 64, 1],
    [180, 120, "print", 15, 100],
  ] as const)("gives sharp's clahe bytes (%i×%i %s, window %i, slope %i)", async (width, height, kind, size, slope) => {
    const p = picture(width, height, width * 7 + height, kind);
    const mine = localContrast({ ...p, channels: 1 }, size, slope);
    expect(mine).toMatchObject({ width, height, channels: 1 });
    expect(Buffer.compare(mine.data, await sharpClahe(p, size, slope))).toBe(0);
  });

  it("caps each bin at the slope: a two-grey page keeps its greys (255 × (3 + 191 × 4090 / 256) / 4096 = 190)", () => {
    // 4096 pixels per window, two bins above the cap of 3: 4090 spread evenly over the 256 bins, so each grey maps
    // to about itself — the cap is what keeps CLAHE from blowing a flat page's noise up into specks
    const width = 96;
    const height = 96;
    const data = Buffer.alloc(width * height, 200);
    for (let y = 40; y < 56; y++) data.fill(190, y * width + 20, y * width + 76);
    const out = localContrast({ data, width, height, channels: 1 }).data;
    expect(out[48 * width + 48]).toBe(190);
    expect(out[10 * width + 48]).toBe(200);
  });

  it("refuses a window larger than the image, as libvips does, and a slope it does not compute", async () => {
    const small = picture(100, 40, 1, "print");
    await expect(sharpClahe(small, 64, 3)).rejects.toThrow(/window too large/);
    expect(() => localContrast({ ...small, channels: 1 })).toThrow(/window too large/);
    expect(() => localContrast({ ...picture(64, 64, 2, "noise"), channels: 1 }, 64, 0)).toThrow(/slope/);
    expect(() => localContrast({ ...small, data: Buffer.alloc(100 * 40 * 3), channels: 3 })).toThrow(/one channel/);
  });
});
