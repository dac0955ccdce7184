import { describe, expect, it } from "vitest";
import { thresholdLevel, upperMedian } from "./mrz-variants";

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
