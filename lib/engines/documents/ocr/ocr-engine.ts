import "server-only";
import path from "node:path";
import { createWorker, OEM, PSM, type Page } from "tesseract.js";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { warmUpImage } from "@/lib/engines/documents/ocr/warm-up-image";

// The two tesseract.js workers of this process, created on first use and kept warm for the life of the process
// (loading the language data costs ~0.3–0.7 s each; a recognition 0.2–1 s).
//  - MRZ: the legacy engine with the 4.0.0 model and an A–Z0–9< whitelist. The LSTM models read the '<'
//    fillers as K/L and break the line lengths; the legacy one reads them (measured when the reader was first built).
//  - Page (the visual zone): the LSTM engine with 4.0.0_best_int, which reads the printed fields best.
// Language data comes from the installed @tesseract.js-data/eng package (cacheMethod "none": nothing is fetched
// or written to disk). Concurrency: a worker runs one job at a time and queues the rest, so two steps running at
// once share the pair — their MRZ and page jobs still overlap each other on the two cores. More workers would
// cost ~100 MB each for little gain on a 2-core host. The legacy engine's adaptive classifier is off: it learns
// from every page a worker reads, so a document's reading would depend on the documents read before it (other
// customers' among them); measured without it, the MRZ accuracy on the evaluation set is the same. A fixed DPI: uploads carry none (stripped), and tesseract
// would otherwise estimate one per image and log it.

export type OcrEngine = {
  readMrz(image: Buffer): Promise<Page>;
  readPage(image: Buffer): Promise<Page>;
  stop(): Promise<void>;
};

const MRZ_WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";

let engine: Promise<OcrEngine> | null = null;

async function startEngine(): Promise<OcrEngine> {
  const dataDir = packageDir("@tesseract.js-data/eng");
  const common = { gzip: true, cacheMethod: "none" };
  const [mrzWorker, pageWorker] = await Promise.all([
    createWorker("eng", OEM.TESSERACT_ONLY, { ...common, langPath: path.join(dataDir, "4.0.0") }),
    createWorker("eng", OEM.LSTM_ONLY, { ...common, langPath: path.join(dataDir, "4.0.0_best_int") }),
  ]);
  await mrzWorker.setParameters({
    classify_enable_learning: "0",
    tessedit_char_whitelist: MRZ_WHITELIST,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    user_defined_dpi: "300",
  });
  await pageWorker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: "300" });
  return {
    readMrz: async (image) => (await mrzWorker.recognize(image, {}, { text: true, blocks: true })).data,
    readPage: async (image) => (await pageWorker.recognize(image, {}, { text: true, blocks: true })).data,
    stop: async () => {
      await Promise.all([mrzWorker.terminate(), pageWorker.terminate()]);
    },
  };
}

/** The warm engine; a failed start is not cached, so the engine's retry of the step starts it again. */
export function ocrEngine(): Promise<OcrEngine> {
  if (!engine) {
    engine = startEngine().catch((error: unknown) => {
      engine = null;
      throw error;
    });
  }
  return engine;
}

/**
 * Starts the engine and has each worker read one line (preload-models.ts): a worker's first recognition costs
 * ~0.2–0.3 s more CPU than its next ones, which would otherwise fall in the first document's reading budget.
 */
export async function warmOcrEngine(): Promise<void> {
  const started = await ocrEngine();
  const line = await warmUpImage();
  await Promise.all([started.readMrz(line), started.readPage(line)]);
}

/** Ends the workers (scripts and tests; a server keeps them for its lifetime). */
export async function stopOcrEngine(): Promise<void> {
  const running = engine;
  engine = null;
  if (running) await (await running).stop();
}
