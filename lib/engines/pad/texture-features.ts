import { resizeLinearU8, type U8Image } from "./opencv-resize";

// Classical print-attack cues on the face box (docs/accuracy.md, "A second signal: texture cues"). A recaptured
// print loses fine detail and dynamic range and its colours are the printer's: Tan et al. (NUAA, ECCV 2010) used
// DoG-filtered images, Määttä et al. (IJCB 2011) LBP histograms, others high-frequency energy, chroma and specular
// statistics. Every figure is computed on the face box resized to TEXTURE_SIZE² so that it does not depend on the
// capture's resolution. Deterministic, about 2 ms a face (tools/bench/checks-pad.ts).

export const TEXTURE_SIZE = 64;

export type TextureFeatures = {
  /** log of the variance of (I − G_σ1) over the variance of I: the finest detail left */
  highFreq: number;
  /** log of the variance of the DoG (G_σ1 − G_σ2) band over the variance of I: Tan et al.'s band */
  dogBand: number;
  /** log of the variance of the 4-neighbour Laplacian over the mean intensity */
  laplacian: number;
  /** standard deviation of the grey level over its mean: prints compress the dynamic range */
  contrast: number;
  /** mean HSV saturation (0–1) */
  saturation: number;
  /** standard deviation of HSV saturation */
  saturationSd: number;
  /** standard deviations of YCbCr Cb and Cr (colour variety of the skin) */
  cbSd: number;
  crSd: number;
  /** share of pixels bright and colourless (V > 0.9, S < 0.15): glossy print or screen highlights */
  specular: number;
  /** share of LBP(8,1) codes that are uniform (≤ 2 transitions) */
  lbpUniform: number;
  /** share of LBP(8,1) flat codes (all neighbours ≥ centre, or all below) */
  lbpFlat: number;
  /** entropy (bits) of the rotation-invariant uniform LBP histogram (10 bins) */
  lbpEntropy: number;
};

/** The cues in the order the combined model and the evaluation read them. */
export const TEXTURE_KEYS = [
  "highFreq",
  "dogBand",
  "laplacian",
  "contrast",
  "saturation",
  "saturationSd",
  "cbSd",
  "crSd",
  "specular",
  "lbpUniform",
  "lbpFlat",
  "lbpEntropy",
] as const satisfies readonly (keyof TextureFeatures)[];

function blur(src: Float64Array, size: number, sigma: number): Float64Array {
  const radius = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const k = kernel.map((v) => v / total);
  const clamp = (i: number) => Math.min(size - 1, Math.max(0, i));
  const tmp = new Float64Array(size * size);
  const out = new Float64Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let s = 0;
      for (let i = -radius; i <= radius; i++) s += k[i + radius]! * src[y * size + clamp(x + i)]!;
      tmp[y * size + x] = s;
    }
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let s = 0;
      for (let i = -radius; i <= radius; i++) s += k[i + radius]! * tmp[clamp(y + i) * size + x]!;
      out[y * size + x] = s;
    }
  return out;
}

function variance(xs: ArrayLike<number>): number {
  let mean = 0;
  for (let i = 0; i < xs.length; i++) mean += xs[i]!;
  mean /= xs.length;
  let v = 0;
  for (let i = 0; i < xs.length; i++) v += (xs[i]! - mean) ** 2;
  return v / xs.length;
}

/** The face box (pixels, clipped to the image) as a SIZE×SIZE RGB patch. */
export function facePatch(image: U8Image, [x, y, w, h]: readonly number[]): U8Image {
  // at least one pixel, inside the image, even for a box at or past an edge
  const x0 = Math.min(image.width - 1, Math.max(0, Math.floor(x!)));
  const y0 = Math.min(image.height - 1, Math.max(0, Math.floor(y!)));
  const x1 = Math.max(x0 + 1, Math.min(image.width, Math.ceil(x! + w!)));
  const y1 = Math.max(y0 + 1, Math.min(image.height, Math.ceil(y! + h!)));
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8Array(width * height * 3);
  for (let row = 0; row < height; row++) {
    const from = ((y0 + row) * image.width + x0) * 3;
    data.set(image.data.subarray(from, from + width * 3), row * width * 3);
  }
  return resizeLinearU8({ data, width, height, channels: 3 }, TEXTURE_SIZE, TEXTURE_SIZE);
}

function lbpFeatures(grey: Float64Array, size: number) {
  const offsets = [
    [-1, -1],
    [0, -1],
    [1, -1],
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
  ] as const;
  const riu2 = new Array<number>(10).fill(0);
  let n = 0;
  let flat = 0;
  for (let y = 1; y < size - 1; y++)
    for (let x = 1; x < size - 1; x++) {
      const c = grey[y * size + x]!;
      const bits = offsets.map(([dx, dy]) => (grey[(y + dy) * size + x + dx]! >= c ? 1 : 0));
      let transitions = 0;
      for (let i = 0; i < 8; i++) transitions += bits[i] !== bits[(i + 1) % 8] ? 1 : 0;
      const ones = bits.reduce<number>((a, b) => a + b, 0);
      riu2[transitions <= 2 ? ones : 9]!++;
      if (ones === 0 || ones === 8) flat++;
      n++;
    }
  const entropy = -riu2.reduce((s, c) => (c ? s + (c / n) * Math.log2(c / n) : s), 0);
  return { lbpUniform: 1 - riu2[9]! / n, lbpFlat: flat / n, lbpEntropy: entropy };
}

export function textureFeatures(image: U8Image, box: readonly number[]): TextureFeatures {
  const patch = facePatch(image, box);
  const size = TEXTURE_SIZE;
  const n = size * size;
  const grey = new Float64Array(n);
  const sat = new Float64Array(n);
  const cb = new Float64Array(n);
  const cr = new Float64Array(n);
  let specular = 0;
  for (let i = 0; i < n; i++) {
    const r = patch.data[i * 3]!;
    const g = patch.data[i * 3 + 1]!;
    const b = patch.data[i * 3 + 2]!;
    grey[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    sat[i] = max ? (max - min) / max : 0;
    cb[i] = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    cr[i] = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    if (max / 255 > 0.9 && sat[i]! < 0.15) specular++;
  }
  const g1 = blur(grey, size, 1);
  const g2 = blur(grey, size, 2);
  const high = grey.map((v, i) => v - g1[i]!);
  const dog = g1.map((v, i) => v - g2[i]!);
  const lap = new Float64Array((size - 2) * (size - 2));
  for (let y = 1; y < size - 1; y++)
    for (let x = 1; x < size - 1; x++)
      lap[(y - 1) * (size - 2) + x - 1] =
        grey[(y - 1) * size + x]! +
        grey[(y + 1) * size + x]! +
        grey[y * size + x - 1]! +
        grey[y * size + x + 1]! -
        4 * grey[y * size + x]!;
  const total = variance(grey) + 1e-6;
  const mean = grey.reduce((a, b) => a + b, 0) / n;
  const satMean = sat.reduce((a, b) => a + b, 0) / n;
  return {
    highFreq: Math.log(variance(high) / total + 1e-9),
    dogBand: Math.log(variance(dog) / total + 1e-9),
    laplacian: Math.log(variance(lap) / (mean + 1) + 1e-9),
    contrast: Math.sqrt(total) / (mean + 1),
    saturation: satMean,
    saturationSd: Math.sqrt(variance(sat)),
    cbSd: Math.sqrt(variance(cb)),
    crSd: Math.sqrt(variance(cr)),
    specular: specular / n,
    ...lbpFeatures(grey, size),
  };
}
