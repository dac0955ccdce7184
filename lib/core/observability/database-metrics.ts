import "server-only";
import { pgPool } from "@/lib/core/db";
import type * as client from "prom-client";
import { metric, promClient } from "@/lib/core/observability/core";

// Queue depth is the same whichever instance is scraped: read from PostgreSQL when /api/metrics is asked, in one
// statement, through the two partial scans the queue's own indexes serve ((doneAt, runAt) and (status, nextAttemptAt)).
const QUEUE_SQL = `
SELECT
  (SELECT count(*) FROM "Job" WHERE "doneAt" IS NULL AND "runAt" <= now() AT TIME ZONE 'UTC'
     AND ("lockedUntil" IS NULL OR "lockedUntil" < now() AT TIME ZONE 'UTC'))::int AS "jobsWaiting",
  (SELECT count(*) FROM "Job" WHERE "doneAt" IS NULL
     AND "lockedUntil" >= now() AT TIME ZONE 'UTC')::int AS "jobsRunning",
  (SELECT extract(epoch FROM now() AT TIME ZONE 'UTC' - min("runAt")) FROM "Job" WHERE "doneAt" IS NULL
     AND "runAt" <= now() AT TIME ZONE 'UTC'
     AND ("lockedUntil" IS NULL OR "lockedUntil" < now() AT TIME ZONE 'UTC'))::float8 AS "oldestJobAge",
  (SELECT count(*) FROM "WebhookDelivery" WHERE "status" = 'PENDING'
     AND "nextAttemptAt" <= now() AT TIME ZONE 'UTC')::int AS "deliveriesDue",
  (SELECT count(*) FROM "WebhookDelivery" WHERE "status" = 'PENDING')::int AS "deliveriesPending"`;

type QueueRow = {
  jobsWaiting: number;
  jobsRunning: number;
  oldestJobAge: number | null;
  deliveriesDue: number;
  deliveriesPending: number;
};

let inFlight: Promise<QueueRow> | null = null;

/** One read per scrape: prom-client starts every gauge's collect() at once, and they share the statement in flight. */
function readQueue(): Promise<QueueRow> {
  inFlight ??= pgPool()
    .query<QueueRow>(QUEUE_SQL)
    .then((r) => r.rows[0]!)
    .finally(() => (inFlight = null));
  return inFlight;
}

function databaseGauge(name: string, help: string, read: (row: QueueRow) => number | null, labels?: string[]) {
  return metric(promClient.Gauge, {
    name,
    help: `[database] ${help}`,
    ...(labels ? { labelNames: labels } : {}),
    async collect(this: client.Gauge) {
      const value = read(await readQueue());
      this.set(value ?? 0);
    },
  });
}

/** Registers the database gauges (once per process). */
export function registerDatabaseMetrics(): void {
  databaseGauge("openkyc_jobs_waiting", "verification jobs due and not claimed by any instance", (r) => r.jobsWaiting);
  databaseGauge("openkyc_jobs_running", "verification jobs claimed by some instance right now", (r) => r.jobsRunning);
  databaseGauge(
    "openkyc_jobs_oldest_waiting_age_seconds",
    "age of the oldest job due and not claimed (0 when none waits)",
    (r) => r.oldestJobAge,
  );
  databaseGauge(
    "openkyc_webhook_deliveries_due",
    "webhook deliveries due now and not delivered",
    (r) => r.deliveriesDue,
  );
  databaseGauge(
    "openkyc_webhook_deliveries_pending",
    "webhook deliveries not yet delivered or failed (due now or waiting for a retry)",
    (r) => r.deliveriesPending,
  );
}
