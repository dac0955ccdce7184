import "server-only";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/observability/logger";
import { metrics } from "@/lib/core/observability/metrics";

// The checks' models load in a few seconds of CPU (measured by bench:pipeline's cold phase, docs/benchmarks.md).
// Loaded on first use, that time lands on the first verification after a start; a process that runs checks loads
// them as it starts instead, in the background: it serves requests meanwhile, and a check that needs a model
// before it is ready waits for the same load (each loader is a shared promise), never starts a second one.

export type PreloadReport = { ms: number; models: Record<string, number | string> };

async function timed(models: Record<string, number | string>, name: string, load: () => Promise<unknown>) {
  const t = performance.now();
  try {
    await load();
    models[name] = Math.round(performance.now() - t);
    metrics.modelLoad.set({ model: name }, (performance.now() - t) / 1000);
  } catch (error) {
    // not fatal: the check that needs it loads it again on first use, and fails its step if it cannot
    models[name] = `failed (${(error as Error).name})`;
  }
}

/**
 * Loads every model the checks use: face detection and mesh (human), face descriptors (face-api), tesseract and
 * PaddleOCR, each run once: a document's reading budget (document-budget.ts) counts CPU time, and the engines' first
 * runs (~2.6 s of CPU, most of it PaddleOCR's) would otherwise leave the first document after a start fewer readings.
 */
export async function preloadModels(): Promise<PreloadReport> {
  const t = performance.now();
  const models: Record<string, number | string> = {};
  const [{ warmFaceEngine, warmIdentityDescriptor }, { warmOcrEngine }, { warmPaddle }] = await Promise.all([
    import("@/lib/engines/faces/human-engine"),
    import("@/lib/engines/documents/ocr/ocr-engine"),
    import("@/lib/engines/documents/ocr/paddle-engine"),
  ]);
  // one after the other: on a small machine, parallel loads only contend for the same cores
  await timed(models, "face-detection", warmFaceEngine);
  await timed(models, "face-descriptor", warmIdentityDescriptor);
  await timed(models, "ocr", warmOcrEngine);
  await timed(models, "paddleocr", warmPaddle);
  return { ms: Math.round(performance.now() - t), models };
}

/** Starts the preload in the background when PRELOAD_MODELS allows it (a process that runs checks calls this). */
export function preloadModelsInBackground(who: string): void {
  if (!env().PRELOAD_MODELS) return;
  const logger = log(who);
  preloadModels().then(
    (report) => logger.info({ ms: report.ms, models: report.models }, "models loaded"),
    (error) => logger.error({ err: error }, "preloading models failed; they load on first use"),
  );
}
