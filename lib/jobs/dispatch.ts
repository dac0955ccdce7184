import "server-only";
import { usesInngest } from "@/lib/jobs/mode";
import { log } from "@/lib/core/observability/logger";

// After a commit that created work (a verification ready to process, webhook deliveries), tell whoever runs it.
// Losing this signal loses nothing: the work is in PostgreSQL, the in-process worker polls it and the Inngest
// relay cron re-announces it. The signal only makes it fast.

type Nudge = () => void;
// On globalThis, not in module state: Next bundles instrumentation.ts (which starts the worker) and the route
// handlers (which call notifyWork) separately, each with its own copy of this module.
const registry = globalThis as unknown as { openkycWorkerNudge?: Nudge };

/** The in-process worker registers itself here. */
export function setLocalWorker(nudge: Nudge | undefined) {
  registry.openkycWorkerNudge = nudge;
}

export function notifyWork(kind: "verification" | "deliveries", verificationId?: string): void {
  if (!usesInngest()) {
    registry.openkycWorkerNudge?.();
    return;
  }
  void import("@/inngest/client")
    .then(({ inngest, verificationReady, deliveriesDue }) =>
      inngest.send(
        kind === "verification" && verificationId
          ? verificationReady.create({ verificationId })
          : deliveriesDue.create({}),
      ),
    )
    .catch((error: unknown) =>
      log("engine").error({ err: error }, "could not notify Inngest; the relay cron will pick the work up"),
    );
}
