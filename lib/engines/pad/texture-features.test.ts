import { describe, expect, it } from "vitest";
import type { U8Image } from "./opencv-resize";
import { textureFeatures } from "./texture-features";

// The texture cues respond to what a recaptured print does to a face: fine detail lost, colour washed out,
// contrast compressed. A deterministic pseudo-random "skin" texture stands in for a face.

function skin(width: number, height: number, seed = 7): U8Image {
  const data = new Uint8Array(width * height * 3);
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < width * height; i++) {
    const y = Math.floor(i / width);
    const shade = 60 * Math.sin(y / 9) + 40 * (rand() - 0.5);
    data[i * 3] = Math.max(0, Math.min(255, 190 + shade));
    data[i * 3 + 1] = Math.max(0, Math.min(255, 140 + shade));
    data[i * 3 + 2] = Math.max(0, Math.min(255, 110 + shade));
  }
  return { data, width, height, channels: 3 };
}

function boxBlur(image: U8Image): U8Image {
  const { width, height } = image;
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++) {
            const yy = Math.min(height - 1, Math.max(0, y + dy));
            const xx = Math.min(width - 1, Math.max(0, x + dx));
            sum += image.data[(yy * width + xx) * 3 + c]!;
            n++;
          }
        data[(y * width + x) * 3 + c] = Math.round(sum / n);
      }
  return { ...image, data };
}

describe("textureFeatures", () => {
  const face = skin(200, 200);
  const box = [20, 20, 160, 160] as const;

  it("gives finite figures for a box at or past the image's edge", () => {
    const edge = textureFeatures(face, [190, 190, 40, 40]);
    for (const value of Object.values(edge)) expect(Number.isFinite(value)).toBe(true);
  });

  it("is deterministic", () => {
    expect(textureFeatures(face, box)).toEqual(textureFeatures(skin(200, 200), box));
  });

  it("sees lost fine detail: a blurred face has less high-frequency and Laplacian energy", () => {
    const sharp = textureFeatures(face, box);
    const blurred = textureFeatures(boxBlur(face), box);
    expect(blurred.highFreq).toBeLessThan(sharp.highFreq - 0.5);
    expect(blurred.laplacian).toBeLessThan(sharp.laplacian - 0.5);
  });

  it("sees washed-out colour: a desaturated face has lower saturation and chroma spread", () => {
    const grey = { ...face, data: face.data.map((v, i) => Math.round((v + face.data[i - (i % 3) + 1]!) / 2)) };
    const colour = textureFeatures(face, box);
    const washed = textureFeatures(grey, box);
    expect(washed.saturation).toBeLessThan(colour.saturation / 1.5);
  });

  it("does not depend much on the capture's resolution (the box is resized to a fixed size first)", () => {
    const small = textureFeatures(face, box);
    const wide = skin(400, 400);
    const large = textureFeatures(wide, [40, 40, 320, 320]);
    expect(Math.abs(large.saturation - small.saturation)).toBeLessThan(0.05);
    expect(Math.abs(large.contrast - small.contrast)).toBeLessThan(0.1);
  });
});
