import "server-only";
import { log } from "@/lib/core/observability/logger";
import { runDueRescreens } from "@/lib/domain/watchlist/rescreen/run-rescreen";

// The in-process worker's hook (lib/jobs/worker.ts calls this on every poll): at most one re-screening run per
// process at a time, and a look for due jobs at most every CHECK_EVERY_MS, so an idle poll costs nothing. Jobs are
// claimed in PostgreSQL, so several instances share the work; one that dies mid-run loses its claim after
// ENGINE_LOCK_SECONDS and another resumes from the last committed batch.

const CHECK_EVERY_MS = 5_000;
const state = globalThis as unknown as { openkycRescreen?: { running: boolean; lastCheck: number } };

export function rescreenInBackground(): void {
  const s = (state.openkycRescreen ??= { running: false, lastCheck: 0 });
  if (s.running || Date.now() - s.lastCheck < CHECK_EVERY_MS) return;
  s.running = true;
  s.lastCheck = Date.now();
  const logger = log("watchlist");
  void runDueRescreens()
    .then((summary) => {
      if (summary.jobs) logger.info(summary, "re-screening");
    })
    .catch((error: unknown) => logger.error({ err: error }, "re-screening failed; it resumes at a later poll"))
    .finally(() => {
      s.running = false;
    });
}
