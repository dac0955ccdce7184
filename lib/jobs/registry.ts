import "server-only";
import type { Job } from "@/lib/jobs/define-job";
import { deliverWebhookJob } from "@/lib/jobs/definitions/deliver-webhook";
import { relayWebhookDeliveriesJob } from "@/lib/jobs/definitions/relay-webhook-deliveries";
import { rescreenWatchlistsJob } from "@/lib/jobs/definitions/rescreen-watchlists";
import { runVerificationJob } from "@/lib/jobs/definitions/run-verification";
import { sweepStaleVerificationsJob } from "@/lib/jobs/definitions/sweep-stale-verifications";

// Every background job of the app, once. The Inngest functions (inngest/functions/index.ts) and the in-process
// worker (lib/jobs/adapters/in-process.ts) are both built from this list; a job added here runs in both modes.
// The order is the in-process poll's: verification jobs are claimed before deliveries.

export const jobs: readonly Job[] = [
  runVerificationJob,
  deliverWebhookJob,
  relayWebhookDeliveriesJob,
  sweepStaleVerificationsJob,
  rescreenWatchlistsJob,
] as readonly Job[];
