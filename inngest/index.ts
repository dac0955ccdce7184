import { deliverWebhookFunction } from "@/inngest/functions/deliver-webhook";
import { relayDeliveriesFunction } from "@/inngest/functions/relay-webhook-deliveries";
import { rescreenWatchlistsFunction } from "@/inngest/functions/rescreen-watchlists";
import { runVerificationFunction } from "@/inngest/functions/run-verification";
import { sweepStaleFunction } from "@/inngest/functions/sweep-stale";

// Every Inngest function of the app, served at /api/inngest.
export const functions = [
  runVerificationFunction,
  deliverWebhookFunction,
  relayDeliveriesFunction,
  sweepStaleFunction,
  rescreenWatchlistsFunction,
];
