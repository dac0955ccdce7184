import "server-only";
import { log } from "@/lib/core/observability/logger";
import { runDueRescreens } from "@/lib/domain/watchlist/rescreen/run-rescreen";
import { defineJob } from "@/lib/jobs/define-job";

// Ongoing watchlist screening (lib/domain/watchlist/rescreen): runs the re-screening jobs list imports queued. A
// step works for at most the executor's step budget (on Inngest one request), committing batch by batch; what is
// left is resumed by the next run from the job's cursors. Jobs are claimed in PostgreSQL, so several instances
// share the work; one that dies mid-run loses its claim after ENGINE_LOCK_SECONDS and another resumes it.

export const rescreenWatchlistsJob = defineJob({
  name: "rescreen-watchlists",
  triggers: [{ cron: "* * * * *" }],
  retries: 2,
  concurrency: 1,
  async handler(_payload: unknown, step) {
    const summary = await step.run("rescreen", async () => {
      const done = await runDueRescreens({ budgetMs: step.stepBudgetMs });
      if (done.jobs) log("watchlist").info(done, "re-screening");
      return done;
    });
    if (summary.alerts) await step.sendEvent("announce-deliveries", [{ name: "deliveries.due" }]);
    return summary;
  },
  // in-process a look for due jobs every 5 s costs one indexed query; Inngest's cron has a one-minute grain
  inProcess: { every: { everyMs: () => 5_000, atStart: true } },
});
