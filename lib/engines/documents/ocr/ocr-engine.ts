import "server-only";
import path from "node:path";
import { createWorker, OEM, PSM, type Page, type Worker } from "tesseract.js";
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
//
// A recognition cannot be interrupted inside tesseract.js (its bindings expose no deadline), and one MRZ variant on
// a band of noise takes ~10 s (a visa page's background, docs/benchmarks.md). So an MRZ read can be given a
// `stopWhen` (the document's reading budget, read-mrz.ts): polled while the recognition runs, and once it answers
// true the MRZ worker's thread is terminated, the read rejects with RecognitionStopped, and a fresh worker starts
// loading for the reads queued behind it. The queue is this module's, one job at a time, so a stop never takes
// another document's read with it.

export type ReadOptions = {
  /** asked when the read's turn comes and every STOP_POLL_MS while it runs; true stops it (RecognitionStopped) */
  stopWhen?: () => boolean;
};

export type OcrEngine = {
  readMrz(image: Buffer, options?: ReadOptions): Promise<Page>;
  readPage(image: Buffer): Promise<Page>;
  stop(): Promise<void>;
};

/** A read given up because its `stopWhen` answered true (the worker that ran it was terminated). */
export class RecognitionStopped extends Error {
  constructor() {
    super("the recognition was stopped: the document's reading budget ran out");
    this.name = "RecognitionStopped";
  }
}

const MRZ_WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";
const STOP_POLL_MS = 50;
const OUTPUT = { text: true, blocks: true } as const;

const dataDir = () => packageDir("@tesseract.js-data/eng");
const common = { gzip: true, cacheMethod: "none" };

async function mrzWorker(): Promise<Worker> {
  const worker = await createWorker("eng", OEM.TESSERACT_ONLY, { ...common, langPath: path.join(dataDir(), "4.0.0") });
  await worker.setParameters({
    classify_enable_learning: "0",
    tessedit_char_whitelist: MRZ_WHITELIST,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    user_defined_dpi: "300",
  });
  return worker;
}

async function pageWorker(): Promise<Worker> {
  const worker = await createWorker("eng", OEM.LSTM_ONLY, {
    ...common,
    langPath: path.join(dataDir(), "4.0.0_best_int"),
  });
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: "300" });
  return worker;
}

/** The MRZ worker behind a queue of one job at a time, replaced when a read is stopped. */
function stoppableLane(create: () => Promise<Worker>, first: Worker) {
  let worker: Promise<Worker> = Promise.resolve(first);
  let queue: Promise<unknown> = Promise.resolve();

  const replace = () => {
    worker = create().then(async (fresh) => {
      // a worker's first recognition costs ~0.2–0.3 s more CPU than its next ones: not the next document's
      await fresh.recognize(await warmUpImage());
      return fresh;
    });
    worker.catch(() => undefined); // a failed start surfaces in the read that awaits it
  };

  const run = async (image: Buffer, stopWhen?: () => boolean): Promise<Page> => {
    if (stopWhen?.()) throw new RecognitionStopped();
    let current: Worker;
    try {
      current = await worker;
    } catch (error) {
      replace(); // the next read tries a fresh start (the engine's retry of the step does the same)
      throw error;
    }
    const job = current.recognize(image, {}, OUTPUT).then((r) => r.data);
    if (!stopWhen) return job;
    return new Promise<Page>((resolve, reject) => {
      const poll = setInterval(() => {
        if (!stopWhen()) return;
        clearInterval(poll);
        void current.terminate(); // the job's own promise never settles: tesseract.js drops it with the thread
        replace();
        reject(new RecognitionStopped());
      }, STOP_POLL_MS);
      job.then(
        (page) => {
          clearInterval(poll);
          resolve(page);
        },
        (error: unknown) => {
          clearInterval(poll);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  };

  return {
    read(image: Buffer, options: ReadOptions = {}): Promise<Page> {
      const result = queue.then(() => run(image, options.stopWhen));
      queue = result.catch(() => undefined);
      return result;
    },
    async stop(): Promise<void> {
      await queue;
      // a replacement that failed to start has nothing to end
      await (await worker.catch(() => null))?.terminate();
    },
  };
}

let engine: Promise<OcrEngine> | null = null;

async function startEngine(): Promise<OcrEngine> {
  const [mrz, page] = await Promise.all([mrzWorker(), pageWorker()]);
  const mrzLane = stoppableLane(mrzWorker, mrz);
  return {
    readMrz: (image, options) => mrzLane.read(image, options),
    readPage: async (image) => (await page.recognize(image, {}, OUTPUT)).data,
    stop: async () => {
      await Promise.all([mrzLane.stop(), page.terminate()]);
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
