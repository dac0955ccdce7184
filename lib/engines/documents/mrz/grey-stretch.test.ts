import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seededRandom } from "@/test/document-people";
import { labOfGreys, luminanceRange, stretchGrey, stretchTable } from "./grey-stretch";
import type { RawImage } from "./mrz-variants";

// The table against sharp's own normalise: every pair of L* percentiles it can be made to use, and whole images whose
// percentiles sharp finds itself (its histogram's edge cases included).

const sharpStretch = async (image: RawImage, range?: { lower: number; upper: number }) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .normalise(range)
    .toColourspace("b-w")
    .raw()
    .toBuffer();

/** Noise: each pixel a seeded random number (the same image on every run) in [0, 1) passed through `level`. */
function noise(seed: number, level: (v: number) => number) {
  const next = seededRandom(seed);
  return () => level(next());
}

const image = (width: number, height: number, pixel: (x: number, y: number) => number): RawImage => {
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data[y * width + x] = Math.max(0, Math.min(255, Math.round(pixel(x, y))));
  return { data, width, height, channels: 1 };
};

describe("the grey stretch (sharp's normalise from a table)", () => {
  it("maps each grey as sharp does for the ranges of L* it can be made to stretch (every other pair)", async () => {
    const lab = await labOfGreys();
    const bin = (g: number) => Math.trunc(lab[3 * g]!);
    let pairs = 0;
    for (let min = 0; min <= 100; min++)
      for (let max = min + 2; max <= 100; max += 2) {
        // an image of just the greys whose L* lies in min … max: with lower 0 and upper 100, sharp's range is exactly
        // its darkest and brightest L*
        const greys = Array.from({ length: 256 }, (_, g) => g).filter((g) => bin(g) >= min && bin(g) <= max);
        if (bin(greys[0]!) !== min || bin(greys.at(-1)!) !== max) continue;
        const row: RawImage = { data: Buffer.from(greys), width: greys.length, height: 1, channels: 1 };
        const theirs = await sharpStretch(row, { lower: 0, upper: 100 });
        const table = stretchTable(min, max, lab);
        expect(Buffer.from(greys.map((g) => table[g]!)).toString("hex"), `L* ${min}–${max}`).toBe(
          theirs.toString("hex"),
        );
        pairs++;
      }
    expect(pairs).toBeGreaterThan(2000);
  }, 60_000);

  it.each([
    [
      "noise over every grey, 1200×700",
      image(
        1200,
        700,
        noise(1, (v) => v * 256),
      ),
    ],
    // no pure white: L* ends in bin 99, a histogram of 100 bins, whose percentile limits (1 and 99) are whole numbers
    [
      "noise over the greys 0–254, 1000×600",
      image(
        1000,
        600,
        noise(2, (v) => Math.floor(v * 255)),
      ),
    ],
    ["paper at 253 with print over 2 % of it", image(1000, 500, (x, y) => ((x * 13 + y * 7) % 50 === 0 ? 20 : 253))],
    [
      "print on paper with a few pure-white pixels",
      image(900, 300, (x, y) => ((x * 7 + y * 3) % 23 < 4 ? 40 : (x + y) % 997 === 0 ? 255 : 205)),
    ],
    ["a dim photo: greys 60–140 over a gradient", image(800, 250, (x, y) => 60 + (x / 800) * 50 + ((x ^ y) % 31))],
    ["a nearly flat page (left as it is)", image(300, 100, (x) => 200 + (x % 2))],
    ["dark text on a dark page", image(640, 200, (x, y) => ((x >> 3) % 3 === 0 && y % 40 < 30 ? 5 : 30))],
    [
      "one black and one white pixel in 2,000,000 greys of 128",
      image(2000, 1000, (x, y) => (x === 0 && y === 0 ? 0 : x === 1 && y === 0 ? 255 : 128)),
    ],
  ])("gives sharp's bytes for the whole image: %s", async (_, picture) => {
    const ours = await stretchGrey(picture);
    expect(ours.width).toBe(picture.width);
    expect(ours.height).toBe(picture.height);
    expect(ours.channels).toBe(1);
    expect(Buffer.compare(ours.data, await sharpStretch(picture))).toBe(0);
  });

  it("stretches a dim band across the greys and leaves a flat one alone", async () => {
    const lab = await labOfGreys();
    const dim = image(400, 100, (x) => 90 + (x % 60));
    const counts = new Uint32Array(256);
    for (const v of dim.data) counts[v]!++;
    const { min, max } = luminanceRange(counts, lab);
    expect(max - min).toBeGreaterThan(1);
    const out = await stretchGrey(dim);
    // 90–149 spread over nearly all the greys: the percentiles' bins of L* go to 0 and 100, the greys inside them a
    // little above and below
    expect(Math.min(...out.data)).toBeLessThanOrEqual(8);
    expect(Math.max(...out.data)).toBeGreaterThanOrEqual(250);
    const flat = image(50, 50, () => 128);
    expect((await stretchGrey(flat)).data).toBe(flat.data);
  });

  it("takes one channel only", async () => {
    await expect(stretchGrey({ data: Buffer.alloc(12), width: 2, height: 2, channels: 3 })).rejects.toThrow(
      /one channel/,
    );
  });
});
