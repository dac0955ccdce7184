import "server-only";
import { defineJob } from "@/lib/jobs/define-job";
import { claimJobOfVerification, claimJobs, jobLease, releaseJob } from "@/lib/jobs/job-claims";
import { STEP_RETRIES } from "@/lib/jobs/run-verification";
import { verificationRun } from "@/lib/jobs/verification-run";

// A verification's processing (lib/jobs/verification-run.ts): one run per verification at a time, each step
// retried to MAX_STEP_ATTEMPTS attempts in all, in both modes.

export const runVerificationJob = defineJob({
  name: "run-verification",
  triggers: [{ event: "verification.ready" }],
  retries: STEP_RETRIES,
  concurrency: { limit: 1, key: "event.data.verificationId" },
  claimOnEvent: {
    claim: ({ verificationId }: { verificationId: string }) => claimJobOfVerification(verificationId),
    skipped: "another run holds this verification",
  },
  handler: ({ verificationId }: { verificationId: string }, step) => verificationRun(step, verificationId),
  inProcess: {
    poll: {
      concurrency: 4,
      async claim(limit) {
        return (await claimJobs(limit)).flatMap(({ id, verificationId, attempts }) =>
          verificationId
            ? [{ id, payload: { verificationId }, log: { jobId: id, verificationId, attempt: attempts } }]
            : [],
        );
      },
      release: (ids) => jobLease.release(ids),
      // the whole run failed (not one step: those are recorded): try again in 30 s, from where it stopped
      async onError(work, error) {
        await releaseJob(work.id, error, 30_000).catch(() => undefined);
        return { retryInSeconds: 30 };
      },
      report: {
        kind: "verification",
        ran: "job",
        failed: "job failed",
        outcome: (result) => (result === null ? "suspended" : result.finalized ? "finalized" : "open"),
      },
    },
  },
});
