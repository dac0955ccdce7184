// The capture quality judgement: pure functions over RGBA pixels, so that the page's Web Worker
// (quality.worker.ts), the unit tests and the calibration script (tools/eval/capture-quality.ts) run the very same
// code. Nothing here uploads or stores anything. Thresholds are in QUALITY_THRESHOLDS, with where each came from.

export type Rgba = { data: Uint8ClampedArray | Uint8Array; width: number; height: number };

/** The grey picture the judgements read: luma (BT.601) at the working width, never enlarged. */
export type Luma = { data: Float32Array; width: number; height: number };

export type IssueKind = "dark" | "blurry" | "glare" | "small";
/** "block": the page refuses the photo (retake); "warn": it says what to fix and lets the end user continue. */
export type Severity = "block" | "warn";
export type Issue = { kind: IssueKind; severity: Severity };

export type QualityMetrics = {
  /** width × height actually judged */
  width: number;
  height: number;
  /** mean luma and its 95th percentile (the document's white), 0–255 */
  meanLuma: number;
  brightLuma: number;
  /** variance of the Laplacian over the picture (the classic focus measure; depends on how much there is to see) */
  laplacianVariance: number;
  /** the edges' blur radius in pixels at half the working width: √(Σ|∇|² / 2Σ(∇²)²), content-independent (see edgeBlur) */
  edgeBlur: number;
  /** share of the picture in washed-out patches inside the document (not touching its border), 0–1 */
  glareShare: number;
  /** share of the frame covered by the textured extent of what is in it, 0–1 */
  fillShare: number;
};

export type Verdict = { issues: Issue[]; metrics: QualityMetrics };

/**
 * Calibrated with tools/eval/capture-quality.ts on the generated documents (tools/eval/make-documents.ts: the
 * degraded and hard sets, plus the severe set it draws) and the 17 real specimens; figures in docs/accuracy.md.
 * A block is reserved for pictures far outside anything the server reads (a heavy blur, a frame too dark to hold a
 * document at all); everything else only warns, and a third refusal in a row lets the end user send it anyway.
 */
export const QUALITY_THRESHOLDS = {
  /** long side of the working picture: a document's MRZ stays legible at this size, and it bounds the work */
  workingWidth: 640,
  /**
   * edge blur radius (px at HALF the working width, where focus() is measured). Sharp and mildly degraded
   * documents, real specimens, photos of screens: 0.25–0.48. Motion blur (the reader: 0/16 MRZs): 0.49–0.64, too
   * close to read as a refusal, so a warning. A Gaussian blur of σ ≥ 4 px on a 1,350-px page: 0.8 and above.
   */
  blockBlur: 0.75,
  warnBlur: 0.45,
  /** the document's white (95th percentile luma) below this: nothing readable was lit */
  blockDarkBright: 45,
  warnDarkBright: 95,
  warnDarkMean: 55,
  /** a washed-out patch: cells of GLARE_CELL px almost all at or above GLARE_LUMA */
  glareLuma: 252,
  /** a picture whose paper (median luma) is this white already is a scan or over-exposed: no glare judgement */
  glarePaperMax: 245,
  warnGlareShare: 0.004,
  /** the textured extent of the frame's content below this share of the frame */
  warnFillShare: 0.3,
} as const;

const GLARE_CELL = 8;
const TEXTURE_CELL = 16;

/** Luma at most `maxWidth` wide: each output pixel the mean of the source pixels it covers (area average). */
export function toLuma(image: Rgba, maxWidth: number = QUALITY_THRESHOLDS.workingWidth): Luma {
  const { data, width, height } = image;
  if (width < 1 || height < 1 || data.length < width * height * 4) throw new Error("bad RGBA picture");
  const factor = Math.max(1, Math.max(width, height) / maxWidth);
  const outW = Math.max(1, Math.round(width / factor));
  const outH = Math.max(1, Math.round(height / factor));
  const sum = new Float32Array(outW * outH);
  const count = new Float32Array(outW * outH);
  for (let y = 0; y < height; y++) {
    const oy = Math.min(outH - 1, Math.floor((y * outH) / height));
    for (let x = 0; x < width; x++) {
      const ox = Math.min(outW - 1, Math.floor((x * outW) / width));
      const i = (y * width + x) * 4;
      const o = oy * outW + ox;
      sum[o]! += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      count[o]! += 1;
    }
  }
  for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! / count[i]!;
  return { data: sum, width: outW, height: outH };
}

/** Mean, median (the paper, mostly) and 95th percentile (the document's white) of the luma. */
export function brightness(luma: Luma): { mean: number; median: number; bright: number } {
  const histogram = new Uint32Array(256);
  let total = 0;
  for (const value of luma.data) {
    histogram[Math.min(255, Math.max(0, Math.round(value)))]! += 1;
    total += value;
  }
  const percentile = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen >= share * luma.data.length) return v;
    }
    return 255;
  };
  return { mean: total / luma.data.length, median: percentile(0.5), bright: percentile(0.95) };
}

/**
 * Focus, two ways. The variance of the Laplacian is the textbook measure, but it grows with how much print is in
 * the frame and its contrast, so one threshold cannot serve a plain card and a dense passport page. Dividing the
 * Laplacian's energy by the gradient's cancels both: for an edge blurred by a Gaussian of radius σ,
 * Σ|∇|² / Σ(∇²)² = 2σ², so `edgeBlur` estimates σ in pixels whatever the edge's contrast (noise and JPEG blocks
 * lower it: they pass as sharp, the lenient side).
 */
export function focus(luma: Luma): { laplacianVariance: number; edgeBlur: number } {
  const { data, width: w, height: h } = luma;
  // per axis: a shaking hand smears one direction and leaves the other sharp, which a sum over both would hide
  let gxEnergy = 0;
  let gyEnergy = 0;
  let dxxEnergy = 0;
  let dyyEnergy = 0;
  let lapEnergy = 0;
  let lapSum = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const c = data[i]!;
      const l = data[i - 1]!;
      const r = data[i + 1]!;
      const u = data[i - w]!;
      const d = data[i + w]!;
      const dxx = l + r - 2 * c;
      const dyy = u + d - 2 * c;
      const lap = dxx + dyy;
      const gx = (r - l) / 2;
      const gy = (d - u) / 2;
      gxEnergy += gx * gx;
      gyEnergy += gy * gy;
      dxxEnergy += dxx * dxx;
      dyyEnergy += dyy * dyy;
      lapEnergy += lap * lap;
      lapSum += lap;
      n++;
    }
  }
  if (n === 0) return { laplacianVariance: 0, edgeBlur: Infinity };
  const mean = lapSum / n;
  const laplacianVariance = lapEnergy / n - mean * mean;
  // a flat picture (or axis) has no edge to judge: infinitely blurred, which the other judgements also see as empty
  const sigma = (g: number, dd: number) => (dd > 0 && g / n > 0.25 ? Math.sqrt(g / (2 * dd)) : Infinity);
  const edgeBlur = Math.max(sigma(gxEnergy, dxxEnergy), sigma(gyEnergy, dyyEnergy));
  return { laplacianVariance, edgeBlur };
}

/**
 * Washed-out patches: cells of GLARE_CELL px with ≥ 90 % of pixels at or above the glare luma, grouped
 * (4-connected); a group touching the picture's border is a white margin or the background, not a reflection.
 */
export function glareShare(luma: Luma, threshold: number = QUALITY_THRESHOLDS.glareLuma): number {
  const cols = Math.floor(luma.width / GLARE_CELL);
  const rows = Math.floor(luma.height / GLARE_CELL);
  if (cols < 3 || rows < 3) return 0;
  const hot = new Uint8Array(cols * rows);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      let bright = 0;
      for (let y = cy * GLARE_CELL; y < (cy + 1) * GLARE_CELL; y++)
        for (let x = cx * GLARE_CELL; x < (cx + 1) * GLARE_CELL; x++)
          if (luma.data[y * luma.width + x]! >= threshold) bright++;
      hot[cy * cols + cx] = bright >= 0.9 * GLARE_CELL * GLARE_CELL ? 1 : 0;
    }
  }
  const seen = new Uint8Array(cols * rows);
  let glareCells = 0;
  for (let start = 0; start < hot.length; start++) {
    if (!hot[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let size = 0;
    let touchesBorder = false;
    while (stack.length) {
      const cell = stack.pop()!;
      size++;
      const cx = cell % cols;
      const cy = (cell - cx) / cols;
      if (cx === 0 || cy === 0 || cx === cols - 1 || cy === rows - 1) touchesBorder = true;
      for (const [nx, ny] of [
        [cx - 1, cy],
        [cx + 1, cy],
        [cx, cy - 1],
        [cx, cy + 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
        const next = ny * cols + nx;
        if (hot[next] && !seen[next]) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    if (!touchesBorder) glareCells += size;
  }
  return glareCells / (cols * rows);
}

/**
 * How much of the frame the document fills: cells of TEXTURE_CELL px whose luma varies (print, portrait, edges)
 * are "content"; the share of the frame inside the content's extent (its 2nd to 98th percentile on each axis, so
 * that a speck of background does not stretch it). A document smaller than the frame leaves a plain border.
 */
export function fillShare(luma: Luma): number {
  const cols = Math.floor(luma.width / TEXTURE_CELL);
  const rows = Math.floor(luma.height / TEXTURE_CELL);
  if (cols < 2 || rows < 2) return 1;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      let sum = 0;
      let sq = 0;
      for (let y = cy * TEXTURE_CELL; y < (cy + 1) * TEXTURE_CELL; y++)
        for (let x = cx * TEXTURE_CELL; x < (cx + 1) * TEXTURE_CELL; x++) {
          const v = luma.data[y * luma.width + x]!;
          sum += v;
          sq += v * v;
        }
      const n = TEXTURE_CELL * TEXTURE_CELL;
      const sd = Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2));
      if (sd >= 6) {
        xs.push(cx);
        ys.push(cy);
      }
    }
  }
  if (xs.length < 4) return 0;
  const extent = (values: number[], cells: number) => {
    values.sort((a, b) => a - b);
    const lo = values[Math.floor(0.02 * (values.length - 1))]!;
    const hi = values[Math.ceil(0.98 * (values.length - 1))]!;
    return (hi - lo + 1) / cells;
  };
  return extent(xs, cols) * extent(ys, rows);
}

/** The picture at half its size (2×2 means). */
export function halve(luma: Luma): Luma {
  const width = Math.max(1, Math.floor(luma.width / 2));
  const height = Math.max(1, Math.floor(luma.height / 2));
  const data = new Float32Array(width * height);
  const w = luma.width;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = 2 * y * w + 2 * x;
      data[y * width + x] = (luma.data[i]! + luma.data[i + 1]! + luma.data[i + w]! + luma.data[i + w + 1]!) / 4;
    }
  return { data, width, height };
}

/** Mean absolute luma difference between two frames' thumbnails of the same size (∞ when they differ in size). */
export function frameDifference(a: Luma, b: Luma): number {
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  let total = 0;
  for (let i = 0; i < a.data.length; i++) total += Math.abs(a.data[i]! - b.data[i]!);
  return total / a.data.length;
}

/** A small thumbnail (64 px wide) for frameDifference: cheap, and blind to sensor noise. */
export function thumbnail(luma: Luma): Luma {
  const width = Math.min(64, luma.width);
  const height = Math.max(1, Math.round((luma.height * width) / luma.width));
  const rgba = new Uint8ClampedArray(luma.width * luma.height * 4);
  for (let i = 0; i < luma.data.length; i++) {
    const v = luma.data[i]!;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
  }
  return toLuma({ data: rgba, width: luma.width, height: luma.height }, Math.max(width, height));
}

export type JudgeOptions = {
  /** "camera": the picture is the frame's guide area, the document should fill it; "upload": a chosen file */
  source: "camera" | "upload";
};

/** Every judgement of one picture, and the issues it raises. An upload only ever warns (see docs/accuracy.md). */
export function judgeCapture(image: Rgba, options: JudgeOptions): Verdict {
  const T = QUALITY_THRESHOLDS;
  const luma = toLuma(image);
  const { mean, median, bright } = brightness(luma);
  // focus at half the working width: sensor noise and JPEG blocks average out, a smear of a few pixels stays
  const { laplacianVariance, edgeBlur } = focus(halve(luma));
  const metrics: QualityMetrics = {
    width: luma.width,
    height: luma.height,
    meanLuma: round(mean),
    brightLuma: bright,
    laplacianVariance: round(laplacianVariance),
    edgeBlur: round(edgeBlur),
    glareShare: median < T.glarePaperMax ? round(glareShare(luma), 4) : 0,
    fillShare: round(fillShare(luma), 3),
  };
  const issues: Issue[] = [];
  const blockOr = (severity: Severity): Severity => (options.source === "upload" ? "warn" : severity);
  const dark =
    bright < T.blockDarkBright ? "block" : bright < T.warnDarkBright || mean < T.warnDarkMean ? "warn" : null;
  if (dark) issues.push({ kind: "dark", severity: blockOr(dark) });
  // a frame too dark has no edges worth judging: say "too dark", not "blurry" as well
  if (dark !== "block") {
    const blur = edgeBlur > T.blockBlur ? "block" : edgeBlur > T.warnBlur ? "warn" : null;
    if (blur) issues.push({ kind: "blurry", severity: blockOr(blur) });
  }
  if (metrics.glareShare >= T.warnGlareShare) issues.push({ kind: "glare", severity: "warn" });
  if (options.source === "camera" && metrics.fillShare < T.warnFillShare)
    issues.push({ kind: "small", severity: "warn" });
  return { issues, metrics };
}

export const isRefused = (verdict: Pick<Verdict, "issues">) => verdict.issues.some((i) => i.severity === "block");

function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
