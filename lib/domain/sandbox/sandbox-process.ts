import type { ProcessInput, ProcessResult, VerificationProcess } from "@/lib/checks/types";
import { processFor } from "@/lib/checks/registry";

// The sandbox (docs/sandbox.md): a verification started with a test key never runs the real checks. Each step's
// outcome follows documented magic values instead, so an integrator can drive every branch on demand. Looked up
// in this order, the first that matches decides:
//   1. metadata.sandbox.<PROCESS_TYPE>  — one step: "APPROVED" | "DECLINED" | "REVIEW" | "FAILED"
//   2. metadata.sandbox.outcome, the surname (last word of FULL_NAME) or ADDRESS_LINE — every step, same words
//   3. APPROVED
// DIGITAL_CREDENTIAL is the exception to 3: without a magic value (1 or 2) its real check runs, with the sandbox's
// test issuer trusted (lib/domain/credentials/trust-anchors.ts), so the test wallet's answer is really verified.
// FAILED makes the step throw on every attempt, so the engine's own retries run and the step ends FAILED.

export const SANDBOX_OUTCOMES = ["APPROVED", "DECLINED", "REVIEW", "FAILED"] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

const RESULT: Record<Exclude<SandboxOutcome, "FAILED">, ProcessResult> = {
  APPROVED: "APPROVED",
  DECLINED: "DECLINED",
  REVIEW: "MANUAL_REVIEW",
};
const CHECK: Record<Exclude<SandboxOutcome, "FAILED">, "PASSED" | "FAILED" | "REVIEW"> = {
  APPROVED: "PASSED",
  DECLINED: "FAILED",
  REVIEW: "REVIEW",
};

function asOutcome(value: unknown): SandboxOutcome | null {
  const word = typeof value === "string" ? value.trim().toUpperCase() : "";
  return (SANDBOX_OUTCOMES as readonly string[]).includes(word) ? (word as SandboxOutcome) : null;
}

/** The outcome of one step of a test verification, and what decided it. */
export function sandboxOutcome(input: ProcessInput, type: string): { outcome: SandboxOutcome; source: string } {
  const sandbox = input.verification.metadata.sandbox;
  const perStep = sandbox && typeof sandbox === "object" ? (sandbox as Record<string, unknown>) : {};
  const text = (field: string) => {
    const stored = input.inputs.get(field);
    return stored?.type === "TEXT" ? stored.value : null;
  };
  const candidates: [string, unknown][] = [
    [`metadata.sandbox.${type}`, perStep[type]],
    ["metadata.sandbox.outcome", perStep.outcome],
    ["surname (FULL_NAME)", text("FULL_NAME")?.trim().split(/\s+/).at(-1)],
    ["ADDRESS_LINE", text("ADDRESS_LINE")],
  ];
  for (const [source, value] of candidates) {
    const outcome = asOutcome(value);
    if (outcome) return { outcome, source };
  }
  return { outcome: "APPROVED", source: "default" };
}

export class SandboxStepFailure extends Error {
  constructor() {
    super("sandbox: this step fails on every attempt (magic value FAILED)");
    this.name = "SandboxStepFailure";
  }
}

/** The process of a test verification's step: the real one's type and dependencies, a magic outcome. */
export function sandboxProcess(type: string): VerificationProcess {
  const real = processFor(type);
  return {
    type: real.type,
    dependsOn: real.dependsOn,
    async run(input) {
      const { outcome, source } = sandboxOutcome(input, type);
      if (type === "DIGITAL_CREDENTIAL" && source === "default") return real.run(input);
      if (outcome === "FAILED") throw new SandboxStepFailure();
      return {
        result: RESULT[outcome],
        data: { sandbox: true, validation_result: CHECK[outcome] },
        checks: [
          {
            name: "SANDBOX",
            result: CHECK[outcome],
            detail: `test mode: no real check ran; ${outcome} from ${source}`,
          },
        ],
      };
    },
  };
}
