import "server-only";
import { env } from "@/lib/core/env";
import { usesInngest } from "@/lib/jobs/mode";
import { preloadModelsInBackground } from "@/lib/jobs/preload-models";
import { createWorker, type Worker } from "@/lib/jobs/adapters/in-process";
import { onShutdown } from "@/lib/core/observability/core";
import { log } from "@/lib/core/observability/logger";

const globalForEngine = globalThis as unknown as { openkycWorker?: Worker };

/** Called once per server process (instrumentation.ts): runs the in-process adapter unless Inngest does the work. */
export function startEngine(): void {
  if (usesInngest()) {
    log("engine").info("background work runs on Inngest (INNGEST_* configured); functions served at /api/inngest");
    preloadModelsInBackground("engine"); // Inngest calls this process's functions, which run the checks
    return;
  }
  if (env().ENGINE_WORKER === "off" || globalForEngine.openkycWorker) return;
  const worker = createWorker();
  globalForEngine.openkycWorker = worker;
  worker.start();
  log("engine").info("in-process worker started (no Inngest configured)");
  preloadModelsInBackground("engine");
  // server/http-front.ts runs this on SIGTERM once it takes no more requests (graceful shutdown)
  onShutdown("engine", 10, (deadline) => worker.stop(deadline));
}
