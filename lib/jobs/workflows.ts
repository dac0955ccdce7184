import "server-only";
import type { Durable } from "@/lib/jobs/durable";
import { keepJobClaimed } from "@/lib/jobs/job-claims";
import { finalizeVerification, planVerification, runStep } from "@/lib/jobs/run-verification";
import { attemptDelivery } from "@/lib/domain/webhooks/attempt-delivery";
import { MAX_DELIVERY_ATTEMPTS } from "@/lib/domain/webhooks/retry-schedule";

// The background workflows, each written ONCE against the Durable interface (lib/jobs/durable.ts) and run by
// both executors: the in-process worker (lib/jobs/worker.ts) and the Inngest functions (inngest/functions/*).
// Every step is idempotent domain code; the workflow only orders the steps, and says when deliveries are due.

/**
 * A verification's processing: plan, each wave of steps (in parallel within a wave), finalize. Each step keeps the
 * verification's job claimed while it runs (a heartbeat, in both modes); deliveries are announced after every
 * wave (step_completed events) and after the decision (verification_completed).
 */
export async function verificationWorkflow(d: Durable, verificationId: string) {
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

/**
 * One webhook delivery: attempt, and while it is pending wait until its next attempt time (1 min, 5 min, 15 min,
 * 1 h, 6 h). The attempt count and schedule live in PostgreSQL (attemptDelivery), so a replayed or resumed run
 * repeats nothing recorded. In-process the run ends at the wait and the poller claims the delivery when it is due.
 */
export async function deliveryWorkflow(d: Durable, deliveryId: string) {
  for (let i = 1; i <= MAX_DELIVERY_ATTEMPTS; i++) {
    const state = await d.run(`attempt-${i}`, () =>
      attemptDelivery(deliveryId, { force: i > 1, holdForRetry: d.sleepsDurably }),
    );
    if (state.status !== "PENDING" || !state.nextAttemptAt) return state;
    await d.sleepUntil(`wait-${i}`, new Date(state.nextAttemptAt));
  }
  return { status: "FAILED" as const };
}
