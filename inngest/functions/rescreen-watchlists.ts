import { deliveriesDue, inngest } from "@/inngest/client";
import { runDueRescreens } from "@/lib/domain/watchlist/rescreen/run-rescreen";

// Every minute: ongoing watchlist screening (lib/domain/watchlist/rescreen). A run works for at most 45 s (one request),
// committing batch by batch; what is left is resumed by the next run from the job's cursors.
export const rescreenWatchlistsFunction = inngest.createFunction(
  { id: "rescreen-watchlists", retries: 2, concurrency: 1, triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    const summary = await step.run("rescreen", () => runDueRescreens({ budgetMs: 45_000 }));
    if (summary.alerts) await step.sendEvent("announce-deliveries", [deliveriesDue.create({})]);
    return summary;
  },
);
