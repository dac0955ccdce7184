// `npm run worker`: the in-process engine without the web server, to run background work (processes, webhook
// deliveries, the sweep) on processes of its own. Any number may run beside the web servers: they share the
// work through PostgreSQL. Stops cleanly on SIGINT/SIGTERM (work in hand is finished first).
import { preloadModelsInBackground } from "@/lib/engine/preload-models";
import { createWorker } from "@/lib/engine/worker";
import { usesInngest } from "@/lib/engine/mode";

if (usesInngest()) {
  console.error("[worker] INNGEST_* is configured: Inngest runs the background work, not this worker.");
  process.exit(1);
}
const worker = createWorker();
worker.start();
console.log(`[worker] started (pid ${process.pid})`);
preloadModelsInBackground("worker");
const stop = async () => {
  await worker.stop();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
