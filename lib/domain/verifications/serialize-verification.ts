import type { LoadedVerification } from "@/lib/domain/verifications/find-verification";

const FINISHED_STEP_CODE = { COMPLETED: 200, FAILED: 500 } as const;

/** GET /verifications/{id}: the spec's record, plus additive fields integrators asked for. */
export function toVerificationRecord(v: LoadedVerification) {
  return {
    id: v.id,
    flowId: v.workflowId,
    identityId: v.identityId,
    status: v.status,
    ...(v.result ? { result: v.result } : {}),
    metadata: v.metadata,
    // started from a shareable link: false when unsigned, so its metadata may be anyone's (issue 33)
    ...(v.linkSigned === null ? {} : { linkSigned: v.linkSigned }),
    ipAddress: v.ipAddress,
    createdAt: v.createdAt.toISOString(),
    ...(v.completedAt ? { completedAt: v.completedAt.toISOString() } : {}),
    // finished steps only: 200 when the step ran, 500 when it failed to run
    steps: v.steps
      .filter((s) => s.status === "COMPLETED" || s.status === "FAILED")
      .map((s) => ({
        stepId: s.processType,
        status: FINISHED_STEP_CODE[s.status as "COMPLETED" | "FAILED"],
        data: s.data,
      })),
  };
}
