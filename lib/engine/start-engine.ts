import "server-only";
import { env } from "@/lib/env";
import { usesInngest } from "@/lib/engine/mode";
import { preloadModelsInBackground } from "@/lib/engine/preload-models";
import { createWorker, type Worker } from "@/lib/engine/worker";

const globalForEngine = globalThis as unknown as { openkycWorker?: Worker };

/** Called once per server process (instrumentation.ts): runs the in-process worker unless Inngest does the work. */
export function startEngine(): void {
  if (usesInngest()) {
    console.log("[engine] background work runs on Inngest (INNGEST_* configured); functions served at /api/inngest");
    preloadModelsInBackground("engine"); // Inngest calls this process's functions, which run the checks
    return;
  }
  if (env().ENGINE_WORKER === "off" || globalForEngine.openkycWorker) return;
  const worker = createWorker();
  globalForEngine.openkycWorker = worker;
  worker.start();
  console.log("[engine] in-process worker started (no Inngest configured)");
  preloadModelsInBackground("engine");
  const stop = () => void worker.stop();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
