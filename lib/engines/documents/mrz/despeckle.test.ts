import { describe, expect, it } from "vitest";
import { SPECK_AREA, SPECKLED, specks, withoutSpecks } from "./despeckle";
import type { RawImage } from "./mrz-variants";

const WHITE = 255;

/** A white binary image with a 12×20 dark block (a character's size at the base scale) at each (x, y). */
function page(width: number, height: number, blocks: [number, number][] = [[4, 4]]): RawImage {
  const data = Buffer.alloc(width * height, WHITE);
  for (const [bx, by] of blocks)
    for (let y = by; y < by + 20; y++) for (let x = bx; x < bx + 12; x++) data[y * width + x] = 0;
  return { data, width, height, channels: 1 };
}

/** `count` dark dots of 2×2 pixels, spread over the image's right part on a grid. */
function withDots(image: RawImage, count: number): RawImage {
  const data = Buffer.from(image.data);
  let placed = 0;
  for (let y = 1; y + 2 < image.height && placed < count; y += 4)
    for (let x = 30; x + 2 < image.width && placed < count; x += 4, placed++)
      for (const at of [0, 1, image.width, image.width + 1]) data[y * image.width + x + at] = 0;
  if (placed < count) throw new Error(`room for ${placed} dots, not ${count}`);
  return { ...image, data };
}

const darkPixels = (image: RawImage) => image.data.filter((v) => v === 0).length;

/** The plain way, for comparison: a flood fill from every dark pixel over its eight neighbours. */
function componentSizes(image: RawImage): number[] {
  const { data, width, height } = image;
  const seen = new Uint8Array(data.length);
  const sizes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    if (data[i] !== 0 || seen[i]) continue;
    const stack = [i];
    seen[i] = 1;
    let size = 0;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const [x, y] = [p % width, Math.floor(p / width)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const q = ny * width + nx;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height || data[q] !== 0 || seen[q]) continue;
          seen[q] = 1;
          stack.push(q);
        }
    }
    sizes.push(size);
  }
  return sizes;
}

describe("specks in a binarised band", () => {
  it("counts dark components under the area and turns them white, keeping a character-sized one whole", () => {
    const dotted = withDots(page(200, 100), 50);
    const found = specks(dotted, SPECK_AREA);
    expect(found?.count).toBe(50);
    const cleaned = found!.removed();
    expect(darkPixels(cleaned)).toBe(12 * 20);
    expect(cleaned.data).toEqual(page(200, 100).data);
    // the input is left as it was
    expect(darkPixels(dotted)).toBe(12 * 20 + 50 * 4);
  });

  it("joins runs that touch only at a corner: a thin diagonal stroke, either way, is one component", () => {
    for (const slope of [1, -1]) {
      const image = page(60, 60, []);
      for (let i = 0; i < 40; i++) image.data[(10 + i) * 60 + 30 + slope * (i - 20)] = 0;
      expect(specks(image, SPECK_AREA)?.count).toBe(0);
      expect(specks(image, 41)?.count).toBe(1);
    }
  });

  it("finds the components a flood fill finds, on random binary images (a U that meets only at its bottom too)", () => {
    let seed = 9;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const density of [0.1, 0.3, 0.5]) {
      const [width, height] = [73, 41];
      const data = Buffer.from(Array.from({ length: width * height }, () => (random() < density ? 0 : WHITE)));
      const image: RawImage = { data, width, height, channels: 1 };
      const sizes = componentSizes(image);
      for (const minArea of [2, 5, 30]) {
        const found = specks(image, minArea)!;
        expect(found.count).toBe(sizes.filter((s) => s < minArea).length);
        expect(darkPixels(found.removed())).toBe(sizes.filter((s) => s >= minArea).reduce((a, b) => a + b, 0));
      }
    }
    const u = page(20, 20, []);
    for (let y = 2; y < 12; y++) u.data[y * 20 + 3] = u.data[y * 20 + 12] = 0;
    u.data.fill(0, 12 * 20 + 3, 12 * 20 + 13);
    expect(componentSizes(u)).toEqual([30]);
    expect(specks(u, 30)?.count).toBe(0);
    expect(specks(u, 31)?.count).toBe(1);
  });

  it("leaves a grey image alone (the grey variant is not binary)", () => {
    const image = page(50, 40);
    image.data[0] = 128;
    expect(specks(image, SPECK_AREA)).toBeNull();
    expect(withoutSpecks(image, 50)).toBe(image);
  });

  it("takes specks out only of a speckled variant", () => {
    const few = withDots(page(400, 200), SPECKLED);
    expect(withoutSpecks(few, 400)).toBe(few);
    const many = withDots(page(400, 200), SPECKLED + 1);
    expect(darkPixels(withoutSpecks(many, 400))).toBe(12 * 20);
  });

  it("counts larger specks on a variant drawn larger than the base (upscale-3x)", () => {
    // a 12×20 block is a character at the base scale and a speck at 3× its width (30 × 9 = 270 pixels)
    const image = withDots(page(400, 200), SPECKLED + 1);
    expect(darkPixels(withoutSpecks(image, 400))).toBe(12 * 20);
    expect(darkPixels(withoutSpecks(image, 400 / 3))).toBe(0);
  });
});
