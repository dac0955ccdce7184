/** Whether a reviewer can decide this verification: it awaits manual review, or processing FAILED (announced as NEEDS_REVIEW). */
export function awaitsDecision(v: { status: string; result: string | null; redactedAt: Date | null }): boolean {
  return !v.redactedAt && ((v.status === "COMPLETED" && v.result === "MANUAL_REVIEW") || v.status === "FAILED");
}
