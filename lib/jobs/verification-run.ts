import "server-only";
import type { Durable } from "@/lib/jobs/durable";
import { keepJobClaimed } from "@/lib/jobs/job-claims";
import { finalizeVerification, planVerification, runStep } from "@/lib/jobs/run-verification";

// A verification's processing as a durable run, written ONCE against the Durable interface (lib/jobs/durable.ts)
// and run by both executors (the run-verification job, lib/jobs/definitions/run-verification.ts). Every step is
// idempotent domain code; the run only orders the steps, and says when deliveries are due.

/**
 * Plan, each wave of steps (in parallel within a wave), finalize. Each step keeps the verification's job claimed
 * while it runs (a heartbeat, in both modes); deliveries are announced after every wave (step_completed events) and
 * after the decision (verification_completed).
 */
export async function verificationRun(d: Durable, verificationId: string) {
  const plan = await d.run("plan", () => planVerification(verificationId));
  if (plan) {
    for (const [index, wave] of plan.waves.entries()) {
      await Promise.all(
        wave.map((position) =>
          d.run(`step-${position}`, () => keepJobClaimed(verificationId, () => runStep(verificationId, position))),
        ),
      );
      await d.sendEvent(`announce-deliveries-${index}`, [{ name: "deliveries.due" }]);
    }
  }
  const finalized = await d.run("finalize", () => finalizeVerification(verificationId));
  await d.sendEvent("announce-deliveries", [{ name: "deliveries.due" }]);
  return { finalized };
}
