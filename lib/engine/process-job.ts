import "server-only";
import { finalizeVerification, planVerification, runStep } from "@/lib/engine/run-verification";
import { notifyWork } from "@/lib/engine/dispatch";

/** Delays before retrying a step whose process threw (in-process mode; Inngest applies its own backoff). */
export const STEP_RETRY_DELAYS_MS = [1_000, 5_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The whole of a verification's processing, as the in-process worker runs it. Idempotent; resumable. */
export async function processVerification(verificationId: string, retryDelaysMs: readonly number[] = STEP_RETRY_DELAYS_MS): Promise<void> {
  const plan = await planVerification(verificationId);
  if (plan) {
    for (const wave of plan.waves) {
      await Promise.all(wave.map((position) => runStepWithRetries(verificationId, position, retryDelaysMs)));
      notifyWork("deliveries");
    }
  }
  await finalizeVerification(verificationId);
  notifyWork("deliveries");
}

async function runStepWithRetries(verificationId: string, position: number, delays: readonly number[]) {
  for (let attempt = 0; ; attempt++) {
    try {
      await runStep(verificationId, position);
      return;
    } catch {
      // runStep marks the step FAILED itself at its last attempt, so this loop always ends
      await sleep(delays[Math.min(attempt, delays.length - 1)] ?? 1_000);
    }
  }
}
