import type { Check, ProcessResult } from "@/lib/checks/types";

type StepRow = {
  id: string;
  processType: string;
  status: string;
  result: ProcessResult | null;
  data: unknown;
  checks: unknown;
  error: string | null;
  startedAt: Date | null;
  completedAt: Date | null;
};

/** Fields of `step_completed` beyond the base: id (the process type), status (200 / 500), data, and `step`. */
export function stepCompletedFields(step: StepRow) {
  const failed = step.status === "FAILED";
  return {
    id: step.processType,
    status: failed ? 500 : 200,
    data: step.data ?? {},
    step: {
      id: step.id,
      processType: step.processType,
      status: step.status,
      result: step.result,
      startedAt: step.startedAt?.toISOString() ?? null,
      completedAt: step.completedAt?.toISOString() ?? null,
      durationMs: step.startedAt && step.completedAt ? step.completedAt.getTime() - step.startedAt.getTime() : null,
      checks: (step.checks ?? []) as Check[],
      ...(failed ? { error: step.error ?? "the step could not run" } : {}),
    },
  };
}

/** The webhook's `verificationStatus` for a final verification (decisions.md). */
export function webhookStatus(
  status: string,
  result: ProcessResult | null,
): "SUCCESS" | "REJECTED" | "NEEDS_REVIEW" | "ABANDONED" {
  if (status === "ABANDONED" || status === "EXPIRED") return "ABANDONED";
  if (status === "COMPLETED" && result === "APPROVED") return "SUCCESS";
  if (status === "COMPLETED" && result === "DECLINED") return "REJECTED";
  // MANUAL_REVIEW, and FAILED (a system failure someone must look at)
  return "NEEDS_REVIEW";
}
