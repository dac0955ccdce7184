import type { RawImage } from "@/lib/engines/documents/ocr/netpbm";

// Speckle in a binarised MRZ band (issues 32 and 35). A band over a guilloche, a grainy scan or a photo's noise can
// binarise into hundreds of dark dots; tesseract's legacy engine then spends seconds per variant taking them for
// characters, and often reads the zone worse for them. Measured on the development halves of
// ../shared/data/mrz-specimens and ../shared/data/documents (every variant of every image at the files' size,
// 2026-12-04, docs/accuracy.md "Specks in the band"): the six variants that took tesseract 1.6–5.9 s held 233–2,714
// dark components under SPECK_AREA pixels; of the others (0.04–1.1 s) all but two held at most 130 (those two, 375 and
// 758, read the same lines without them). Taking the specks out of every variant lost four exact zones; taking them
// out only where there are more than SPECKLED lost none, and read the slow variants 2–9× faster.

/** Dark components smaller than this (pixels, at the band's base scale: 40-px characters where measured) are specks:
 * an OCR-B character at that height is one component of several hundred pixels (a '<' ~150). */
export const SPECK_AREA = 30;
/** More specks than this in a variant and they are taken out: twice the characters of the longest zone (TD1, 90). */
export const SPECKLED = 180;

/**
 * The binary variant without its specks where it is speckled (more than SPECKLED specks); otherwise, or where it is
 * not binary (the grey variant), the variant itself. `baseWidth` is the width of the band's base (greyBand): a
 * variant drawn larger (upscale-3x) counts larger specks.
 */
export function withoutSpecks(image: RawImage, baseWidth: number): RawImage {
  const found = specks(image, SPECK_AREA * (image.width / baseWidth) ** 2);
  return found && found.count > SPECKLED ? found.removed() : image;
}

export type Specks = {
  /** dark connected components (8 neighbours) under the area */
  count: number;
  /** the image with those components turned white (a copy; the image itself is left as it is) */
  removed: () => RawImage;
};

/**
 * The specks of a binary image (every pixel 0 or 255, one channel): its dark components under `minArea` pixels; null
 * when the image is not binary. Components are labelled by their runs of dark pixels, row by row (a run joins every
 * run of the row above that it touches, diagonals included; union-find over the runs), so the cost is one pass over
 * the pixels and one over the runs — not a visit of every dark pixel's eight neighbours (~25 ms a 1.7-megapixel band
 * that way, measured 2026-12-04; this way ~5–14 ms).
 */
export function specks(image: RawImage, minArea: number): Specks | null {
  const { data, width, height, channels } = image;
  if (channels !== 1) return null;
  const runs = new Runs();
  let above = 0; // the first run of the row above
  for (let y = 0; y < height; y++) {
    const row = runs.length;
    const line = y * width;
    let x = 0;
    while (x < width) {
      const v = data[line + x];
      if (v !== 0) {
        if (v !== 255) return null;
        x++;
        continue;
      }
      const start = x;
      while (x < width && data[line + x] === 0) x++;
      const r = runs.add(y, start, x - 1);
      // runs of the row above that touch [start - 1, x]: they are in x order, so a pointer walks them once
      while (above < row && runs.end[above]! < start - 1) above++;
      for (let a = above; a < row && runs.start[a]! <= x; a++) runs.union(a, r);
    }
    above = row;
  }
  const area = new Map<number, number>();
  for (let r = 0; r < runs.length; r++) {
    const root = runs.find(r);
    area.set(root, (area.get(root) ?? 0) + runs.end[r]! - runs.start[r]! + 1);
  }
  let count = 0;
  for (const size of area.values()) if (size < minArea) count++;
  return {
    count,
    removed: () => {
      const out = Buffer.from(data);
      for (let r = 0; r < runs.length; r++)
        if (area.get(runs.find(r))! < minArea)
          out.fill(255, runs.y[r]! * width + runs.start[r]!, runs.y[r]! * width + runs.end[r]! + 1);
      return { data: out, width, height, channels };
    },
  };
}

/** Runs of dark pixels (row, first and last column), with a union-find forest over them. */
class Runs {
  length = 0;
  y = new Int32Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);
  parent = new Int32Array(1024);

  add(y: number, start: number, end: number): number {
    if (this.length === this.y.length) {
      for (const key of ["y", "start", "end", "parent"] as const) {
        const grown = new Int32Array(this.length * 2);
        grown.set(this[key]);
        this[key] = grown;
      }
    }
    const r = this.length++;
    this.y[r] = y;
    this.start[r] = start;
    this.end[r] = end;
    this.parent[r] = r;
    return r;
  }

  find(r: number): number {
    let root = r;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[r] !== root) {
      const next = this.parent[r]!;
      this.parent[r] = root;
      r = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}
