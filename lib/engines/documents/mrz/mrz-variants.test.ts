import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { greyBand, MRZ_VARIANTS, thresholdLevel, toPgm, upperMedian, type RawImage } from "./mrz-variants";

describe("the band's paper level", () => {
  it("is the byte a sorted copy has at index ⌊n / 2⌋, for odd, even, one and no bytes", () => {
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (const n of [1, 2, 3, 10, 11, 1000, 4097]) {
      for (const spread of [256, 7]) {
        const bytes = Uint8Array.from({ length: n }, () => (next() % spread) + (spread === 7 ? 120 : 0));
        const sorted = Uint8Array.from(bytes).sort();
        expect(upperMedian(bytes)).toBe(sorted[n >> 1]);
      }
    }
    expect(upperMedian(new Uint8Array(0))).toBeNull();
  });

  it("binarises at 128 on bright paper and at Otsu's level on a dim band", () => {
    const width = 40;
    const height = 10;
    // bright paper with dark print: median ≥ 170
    const bright = Uint8Array.from({ length: width * height }, (_, i) => (i % 5 === 0 ? 30 : 230));
    expect(thresholdLevel({ data: bright, width, height })).toBe(128);
    // dim paper (median 100) with darker print: Otsu's level falls between the two
    const dim = Uint8Array.from({ length: width * height }, (_, i) => (i % 5 === 0 ? 20 : 100));
    const level = thresholdLevel({ data: dim, width, height });
    expect(level).toBeGreaterThanOrEqual(20);
    expect(level).toBeLessThan(100);
  });

  it("keeps the paper white when the band also holds something brighter than it (the white around a card)", () => {
    const width = 40;
    const height = 20;
    // ink 40 (10 %), a grey card at 150 (60 %), white paper beyond the card at 250 (30 %): over all pixels Otsu
    // splits the card from the white and would blacken the card; the level must fall between ink and card
    const band = Uint8Array.from({ length: width * height }, (_, i) =>
      i % 10 === 0 ? 40 : i >= width * height * 0.7 ? 250 : 150,
    );
    const level = thresholdLevel({ data: band, width, height });
    expect(level).toBeGreaterThanOrEqual(40);
    expect(level).toBeLessThan(150);
  });
});

describe("the variants' pixels", () => {
  // a band-like picture: dark strokes on light paper with a gradient, as RGB and as RGBA (uploaded PNGs keep alpha)
  const band = async (alpha: boolean) => {
    const width = 180;
    const height = 40;
    const channels = alpha ? 4 : 3;
    const data = Buffer.alloc(width * height * channels);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const ink = (x % 12 < 3 && y > 8 && y < 30) || (y === 20 && x % 24 < 10);
        const v = ink ? 30 + (x % 7) : 200 + Math.round((x / width) * 40);
        const at = (y * width + x) * channels;
        data.fill(v, at, at + 3);
        if (alpha) data[at + 3] = 255;
      }
    return sharp(data, { raw: { width, height, channels } }).png().toBuffer();
  };
  // how every variant was made before: each step encoded as PNG and decoded by the next, tesseract reading the PNG
  const viaPng = (input: Buffer, op: (s: Sharp) => Sharp) => op(sharp(input)).png().toBuffer();
  const before: Record<string, (b: Buffer, base: Buffer, w: number, t: number) => Promise<Buffer>> = {
    binarise: (_, base, __, t) => viaPng(base, (s) => s.threshold(t)),
    "sharpen-binarise": async (_, base, __, t) =>
      viaPng(await viaPng(base, (s) => s.sharpen({ sigma: 2 })), (s) => s.threshold(t)),
    "local-contrast-binarise": async (b, _, w, t) =>
      viaPng(
        await viaPng(b, (s) =>
          s
            .grayscale()
            .clahe({ width: 64, height: 64 })
            .resize({ width: Math.round(w * 2) }),
        ),
        (s) => s.threshold(t),
      ),
    grey: async (_, base) => base,
    "binarise-level-minus-28": (_, base, __, t) => viaPng(base, (s) => s.threshold(t - 28)),
    "upscale-3x-binarise": async (b, _, w, t) =>
      viaPng(
        await viaPng(b, (s) =>
          s
            .grayscale()
            .normalise()
            .resize({ width: Math.round(w * 3) }),
        ),
        (s) => s.threshold(t),
      ),
    "binarise-level-plus-32": (_, base, __, t) => viaPng(base, (s) => s.threshold(t + 32)),
  };
  // the grey tesseract read from such a PNG: its channels are equal, so any one of them
  const greyOf = async (png: Buffer) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const grey = Buffer.alloc(info.width * info.height);
    for (let i = 0; i < grey.length; i++) {
      const at = i * info.channels;
      if (info.channels >= 3) expect(data[at + 1]).toBe(data[at]);
      grey[i] = data[at]!;
    }
    return grey.toString("hex");
  };

  it.each([false, true])("are the pixels the PNG steps gave, one channel each (alpha: %s)", async (alpha) => {
    const input = await band(alpha);
    const width = 300;
    const base = await greyBand(input, width);
    const oldBase = await viaPng(input, (s) =>
      s
        .grayscale()
        .normalise()
        .resize({ width: width * 2 }),
    );
    expect(base.channels).toBe(1);
    expect(base.data.toString("hex")).toBe(await greyOf(oldBase));
    expect(Object.keys(before)).toEqual(MRZ_VARIANTS.map((v) => v.name));
    for (const { name, prep } of MRZ_VARIANTS) {
      const pixels = await prep(input, base, width, 128);
      expect(pixels.channels, name).toBe(1);
      expect(pixels.data.toString("hex"), name).toBe(await greyOf(await before[name]!(input, oldBase, width, 128)));
    }
  });

  it("reach tesseract as a PGM of those pixels, and only a grey image is handed on as one", () => {
    const image: RawImage = { data: Buffer.from([0, 255, 17, 200, 3, 4]), width: 3, height: 2, channels: 1 };
    expect([...toPgm(image).subarray(-6)]).toEqual([0, 255, 17, 200, 3, 4]);
    expect(() => toPgm({ ...image, data: Buffer.alloc(18), channels: 3 })).toThrow(/one channel/);
  });
});
