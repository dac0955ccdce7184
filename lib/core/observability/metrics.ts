import "server-only";
import type * as client from "prom-client";
import { metric, promClient } from "@/lib/core/observability/core";

// The domain's metrics, counted where things happen in THIS process ("[process]" in their help): Prometheus adds
// the instances up. What must be the same whichever instance is asked (queue depth, the oldest waiting job) is read
// from PostgreSQL at scrape time instead ("[database]", lib/core/observability/database-metrics.ts).

const STEP_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 21, 34, 60];

export const metrics = {
  verificationsStarted: metric(promClient.Counter, {
    name: "openkyc_verifications_started_total",
    help: "[process] verifications started through this instance",
  }) as client.Counter,
  verificationsCompleted: metric(promClient.Counter, {
    name: "openkyc_verifications_completed_total",
    help: "[process] verifications decided by this instance's engine, by result (FAILED: a step could not run)",
    labelNames: ["result"],
  }) as client.Counter<"result">,
  verificationsAbandoned: metric(promClient.Counter, {
    name: "openkyc_verifications_abandoned_total",
    help: "[process] verifications the stale sweep of this instance closed, by reason (ABANDONED, EXPIRED)",
    labelNames: ["reason"],
  }) as client.Counter<"reason">,
  stepDuration: metric(promClient.Histogram, {
    name: "openkyc_step_duration_seconds",
    help: "[process] time of one step attempt (a process's checks), by process type and outcome",
    labelNames: ["process_type", "outcome"],
    buckets: STEP_BUCKETS,
  }) as client.Histogram<"process_type" | "outcome">,
  jobs: metric(promClient.Counter, {
    name: "openkyc_jobs_total",
    help: "[process] background job runs of this instance, by kind and outcome",
    labelNames: ["kind", "outcome"],
  }) as client.Counter<"kind" | "outcome">,
  webhookAttempts: metric(promClient.Counter, {
    name: "openkyc_webhook_attempts_total",
    help: "[process] webhook delivery attempts made by this instance, by outcome (delivered, retry, failed) and attempt number",
    labelNames: ["outcome", "attempt"],
  }) as client.Counter<"outcome" | "attempt">,
  webhookLatency: metric(promClient.Histogram, {
    name: "openkyc_webhook_attempt_duration_seconds",
    help: "[process] time from sending a webhook to its answer (or failure), by outcome",
    labelNames: ["outcome"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  }) as client.Histogram<"outcome">,
  modelLoad: metric(promClient.Gauge, {
    name: "openkyc_model_load_seconds",
    help: "[process] how long each check model took to load in this process (absent until loaded)",
    labelNames: ["model"],
  }) as client.Gauge<"model">,
  sweeps: metric(promClient.Counter, {
    name: "openkyc_stale_sweeps_total",
    help: "[process] stale sweeps this instance ran (ran), left to another instance sweeping now (skipped) or that another instance ran this period already (not-due)",
    labelNames: ["outcome"],
  }) as client.Counter<"outcome">,
  shuttingDown: metric(promClient.Gauge, {
    name: "openkyc_shutting_down",
    help: "[process] 1 while this instance drains after SIGTERM",
  }) as client.Gauge,
};

/** Process metrics (CPU, memory, event-loop lag as nodejs_eventloop_lag_*), once per process. */
export function collectProcessMetrics(): void {
  const shared = globalThis as unknown as { openkycDefaultMetrics?: boolean };
  if (shared.openkycDefaultMetrics || promClient.register.getSingleMetric("nodejs_eventloop_lag_seconds")) return;
  shared.openkycDefaultMetrics = true;
  promClient.collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
}
