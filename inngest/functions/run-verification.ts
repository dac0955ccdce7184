import { inngest, verificationReady } from "@/inngest/client";
import { inngestDurable } from "@/inngest/durable";
import { STEP_RETRIES } from "@/lib/jobs/run-verification";
import { claimJobOfVerification } from "@/lib/jobs/job-claims";
import { verificationWorkflow } from "@/lib/jobs/workflows";

// lib/jobs/workflows.ts's verificationWorkflow on Inngest: one run per verification at a time, each step retried
// to MAX_STEP_ATTEMPTS attempts in all (as in-process).
export const runVerificationFunction = inngest.createFunction(
  {
    id: "run-verification",
    retries: STEP_RETRIES,
    concurrency: { limit: 1, key: "event.data.verificationId" },
    triggers: [verificationReady],
  },
  async ({ event, step }) => {
    const claimed = await step.run("claim", () => claimJobOfVerification(event.data.verificationId));
    if (!claimed) return { skipped: "another run holds this verification" };
    return verificationWorkflow(inngestDurable(step), event.data.verificationId);
  },
);
