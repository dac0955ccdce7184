// `npm run worker`: the in-process adapter of the job registry (lib/jobs/registry.ts: processes, webhook
// deliveries, the sweep, re-screening) without the web server, on processes of its own. Any number may run beside
// the web servers: they share the work through PostgreSQL. SIGTERM/SIGINT: stops claiming, lets the steps and deliveries in hand finish within
// SHUTDOWN_GRACE_SECONDS, releases what did not, closes the pool. WORKER_METRICS_PORT: its own /metrics.
import http from "node:http";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { preloadModelsInBackground } from "@/lib/jobs/preload-models";
import { createWorker } from "@/lib/jobs/adapters/in-process";
import { usesInngest } from "@/lib/jobs/mode";
import { markShuttingDown, promClient, shutdownGraceMs } from "@/lib/core/observability/core";
import { registerDatabaseMetrics } from "@/lib/core/observability/database-metrics";
import { log } from "@/lib/core/observability/logger";
import { collectProcessMetrics } from "@/lib/core/observability/metrics";

const logger = log("worker");
if (usesInngest()) {
  logger.error("INNGEST_* is configured: Inngest runs the background work, not this worker");
  process.exit(1);
}
collectProcessMetrics();
// its poll is what keeps this process running: with the models not preloaded (PRELOAD_MODELS=false) nothing else
// did, and an idle worker exited with 0 as soon as its work ran out
const worker = createWorker({ keepsProcessAlive: true });
worker.start();
logger.info("worker started");
preloadModelsInBackground("worker");

// Prometheus scrapes this process's counters here (step durations, deliveries...): it has no web server of its own.
let metricsServer: http.Server | undefined;
const metricsPort = env().WORKER_METRICS_PORT;
if (metricsPort) {
  registerDatabaseMetrics();
  metricsServer = http.createServer(async (req, res) => {
    if (req.url !== "/metrics") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": promClient.register.contentType }).end(await promClient.register.metrics());
  });
  metricsServer.listen(metricsPort, env().WORKER_METRICS_HOST);
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  markShuttingDown();
  logger.info({ graceSeconds: shutdownGraceMs() / 1000 }, "stopping: finishing the work in hand");
  await worker.stop(Date.now() + shutdownGraceMs());
  metricsServer?.close();
  // a connection still held by abandoned work (a step waiting on a lock) would keep the pool from closing: bounded
  await Promise.race([prisma.$disconnect().catch(() => undefined), new Promise((r) => setTimeout(r, 2_000))]);
  logger.info("stopped");
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
