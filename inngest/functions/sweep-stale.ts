import { deliveriesDue, inngest, verificationReady } from "@/inngest/client";
import { unannouncedVerificationJobs } from "@/lib/jobs/job-claims";
import { sweepStaleVerifications } from "@/lib/domain/verifications/sweep-stale";

// Every 5 minutes: verifications inactive for more than 24 h → ABANDONED, expired links → EXPIRED, retention
// redaction; then re-announces verification jobs whose event was lost (the app died between commit and send).
export const sweepStaleFunction = inngest.createFunction(
  { id: "sweep-stale-verifications", retries: 2, triggers: [{ cron: "*/5 * * * *" }] },
  async ({ step }) => {
    const swept = await step.run("sweep", () => sweepStaleVerifications());
    await step.sendEvent("announce-deliveries", [deliveriesDue.create({})]);
    const stuck = await step.run("find-unannounced-jobs", () => unannouncedVerificationJobs());
    if (stuck.length)
      await step.sendEvent(
        "re-announce",
        stuck.map((verificationId) => verificationReady.create({ verificationId })),
      );
    return { ...swept, reannounced: stuck.length };
  },
);
