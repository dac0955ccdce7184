import type { ProcessType } from "@/lib/workflows/process-types";
import type { VerificationProcess } from "@/lib/processes/types";

/**
 * DOCUMENT_VERIFICATION, LIVENESS and VIDEO_AGREEMENT until their checks land: a person must look. Never a
 * fake APPROVED: the step goes to MANUAL_REVIEW and says so.
 */
export function notAutomated(type: ProcessType, dependsOn: readonly ProcessType[] = []): VerificationProcess {
  return {
    type,
    dependsOn,
    async run({ inputs }) {
      const received = [...inputs.entries()].filter(([, v]) => v.type === "FILE").map(([name]) => name);
      return {
        result: "MANUAL_REVIEW",
        data: { automated: false, inputs_received: received },
        checks: [{ name: "AUTOMATED_CHECKS", result: "REVIEW", detail: `${type} is not automated in this version: a reviewer must inspect the submitted files.` }],
      };
    },
  };
}
