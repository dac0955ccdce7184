import { inngest, verificationReady } from "@/inngest/client";
import { claimJobOfVerification } from "@/lib/engine/job-claims";
import { finalizeVerification, planVerification, runStep } from "@/lib/engine/run-verification";
import { notifyWork } from "@/lib/engine/dispatch";

// Runs a verification's processes: plan, each step in its wave (parallel within a wave), finalize. Each step
// is a step.run, so Inngest retries a process that throws and never re-runs one that finished; the domain code
// is idempotent besides, so a duplicate event or a replay changes nothing.
export const runVerificationFunction = inngest.createFunction(
  { id: "run-verification", retries: 3, concurrency: { limit: 1, key: "event.data.verificationId" }, triggers: [verificationReady] },
  async ({ event, step }) => {
    const { verificationId } = event.data;
    const claimed = await step.run("claim", () => claimJobOfVerification(verificationId));
    if (!claimed) return { skipped: "another run holds this verification" };
    const plan = await step.run("plan", () => planVerification(verificationId));
    if (plan) {
      for (const wave of plan.waves) {
        await Promise.all(wave.map((position) => step.run(`step-${position}`, () => runStep(verificationId, position))));
      }
    }
    const finalized = await step.run("finalize", () => finalizeVerification(verificationId));
    await step.run("announce-deliveries", () => notifyWork("deliveries"));
    return { finalized };
  },
);
