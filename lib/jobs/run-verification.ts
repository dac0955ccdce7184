import "server-only";
import { storedChallenge } from "@/lib/domain/flows/draw-challenge";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { recordEvent } from "@/lib/domain/events/record-event";
import { readFile } from "@/lib/engines/storage/file-store";
import type { Check, EarlierStep, ProcessResult } from "@/lib/checks/types";
import { applyDecisionRules } from "@/lib/jobs/apply-decision-rules";
import { parseStoredRules } from "@/lib/domain/flows/decision-rules";
import { processFor } from "@/lib/checks/registry";
import { sandboxProcess } from "@/lib/domain/sandbox/sandbox-process";
import { checkPortsFor } from "@/lib/domain/verifications/check-ports";
import { toWorkflowShape, versionSelect } from "@/lib/domain/flows/workflow-shape";
import type { ProcessType } from "@/lib/shared/process-types";
import { alternativeNotTaken } from "@/lib/domain/flows/inputs";
import { stepCompletedFields, webhookStatus } from "@/lib/jobs/step-payload";
import { log } from "@/lib/core/observability/logger";
import { metrics } from "@/lib/core/observability/metrics";

// A verification's processing, in three idempotent parts that both execution modes call (Inngest functions
// inside step.run, the in-process worker directly): plan the steps, run each step, finalize. Running any part
// twice changes nothing: every write is conditional on the state it expects.

/** Retries of a step whose process throws (both modes), and so its attempts in all. */
export const STEP_RETRIES = 2 as const;
export const MAX_STEP_ATTEMPTS = STEP_RETRIES + 1;

/** Step positions grouped in waves: a step runs after the steps it depends on; a wave's steps run in parallel. */
export function planWaves(processes: readonly string[]): number[][] {
  const wave = new Map<number, number>();
  const waveOf = (position: number, seen = new Set<number>()): number => {
    if (wave.has(position)) return wave.get(position)!;
    seen.add(position);
    const deps = processFor(processes[position]!)
      .dependsOn.map((type) => processes.indexOf(type))
      .filter((i) => i >= 0 && !seen.has(i));
    const value = deps.length ? Math.max(...deps.map((d) => waveOf(d, seen))) + 1 : 0;
    wave.set(position, value);
    return value;
  };
  processes.forEach((_, i) => waveOf(i));
  const waves: number[][] = [];
  for (const [position, index] of [...wave].sort((a, b) => a[0] - b[0])) (waves[index] ??= []).push(position);
  return waves.filter(Boolean);
}

/** Creates the step rows of a PROCESSING verification; null when there is nothing (left) to do. */
export async function planVerification(verificationId: string): Promise<{ waves: number[][] } | null> {
  const verification = await prisma.verification.findUnique({
    where: { id: verificationId },
    select: {
      status: true,
      workflowVersion: { select: { processes: true } },
      inputs: { select: { fieldName: true } },
    },
  });
  if (verification?.status !== "PROCESSING") return null;
  // the version's process types were validated on publish; the column stays text[] (prisma/schema.prisma, processes)
  const processes = verification.workflowVersion.processes as ProcessType[];
  // a wallet credential beside a document: the alternative the end user did not take is not run (issue 34)
  const notTaken = alternativeNotTaken(processes, new Set(verification.inputs.map((i) => i.fieldName)));
  const skipped = notTaken ? processes.indexOf(notTaken) : -1;
  await prisma.verificationStep.createMany({
    data: processes.flatMap((processType, position) =>
      position === skipped ? [] : [{ verificationId, position, processType }],
    ),
    skipDuplicates: true,
  });
  const waves = planWaves(processes).map((wave) => wave.filter((position) => position !== skipped));
  return { waves: waves.filter((wave) => wave.length) };
}

/**
 * Runs one step. A process that throws counts an attempt and rethrows (the caller retries, with a delay); at the
 * third attempt the step is FAILED instead. Finished steps are skipped.
 */
export async function runStep(verificationId: string, position: number): Promise<"completed" | "failed" | "skipped"> {
  const started = clock.now();
  const claimed = await prisma.verificationStep.updateManyAndReturn({
    where: { verificationId, position, status: { in: ["PENDING", "RUNNING"] }, verification: { status: "PROCESSING" } },
    data: { status: "RUNNING", attempts: { increment: 1 } },
    select: { id: true, attempts: true, startedAt: true, processType: true },
  });
  const step = claimed[0];
  if (!step) return "skipped";
  if (!step.startedAt) await prisma.verificationStep.update({ where: { id: step.id }, data: { startedAt: started } });

  const context = await loadContext(verificationId, step.processType as ProcessType);
  const timer = metrics.stepDuration.startTimer({ process_type: step.processType });
  try {
    // a test verification never runs the real checks: its outcome follows magic values (docs/sandbox.md)
    const process = context.mode === "test" ? sandboxProcess(step.processType) : processFor(step.processType);
    const output = await process.run(context);
    timer({ outcome: "completed" });
    await finishStep(step.id, verificationId, {
      status: "COMPLETED",
      result: output.result,
      data: output.data,
      checks: output.checks,
      error: null,
    });
    return "completed";
  } catch (error) {
    timer({ outcome: "error" });
    const fields = { verificationId, processType: step.processType, attempt: step.attempts, err: error };
    if (step.attempts < MAX_STEP_ATTEMPTS) {
      log("engine").warn(fields, "step attempt failed; retrying");
      throw error;
    }
    // no message text: it may carry personal data; the name and code are enough to start looking
    const reason = `${(error as Error)?.name ?? "Error"} after ${step.attempts} attempts`;
    log("engine").error(fields, "step failed");
    await finishStep(step.id, verificationId, { status: "FAILED", result: null, data: {}, checks: [], error: reason });
    return "failed";
  }
}

async function finishStep(
  stepId: string,
  verificationId: string,
  outcome: {
    status: "COMPLETED" | "FAILED";
    result: ProcessResult | null;
    data: object;
    checks: object[];
    error: string | null;
  },
) {
  const now = clock.now();
  await prisma.$transaction(async (tx) => {
    const [step] = await tx.verificationStep.updateManyAndReturn({
      where: { id: stepId, status: "RUNNING" },
      data: {
        status: outcome.status,
        result: outcome.result,
        data: outcome.data,
        checks: outcome.checks,
        error: outcome.error,
        completedAt: now,
      },
    });
    if (!step) return;
    const verification = await tx.verification.update({
      where: { id: verificationId },
      data: { lastActivityAt: now },
      select: { id: true, accountId: true, workflowId: true, metadata: true, linkSigned: true },
    });
    await recordEvent(tx, verification, "step_completed", stepCompletedFields(step), now);
  });
}

/** What a process of this verification reads (also for re-running one after a correction: lib/domain/review). */
export async function loadContext(verificationId: string, type: ProcessType) {
  const verification = await prisma.verification.findUniqueOrThrow({
    where: { id: verificationId },
    select: {
      id: true,
      accountId: true,
      identityId: true,
      workflowId: true,
      ipAddress: true,
      metadata: true,
      createdAt: true,
      mode: true,
      livenessChallenge: true,
      workflowVersion: { select: versionSelect },
      inputs: { select: { fieldName: true, type: true, value: true, fileId: true } },
      steps: {
        where: { status: "COMPLETED" },
        select: { processType: true, result: true, data: true },
        orderBy: { position: "asc" },
      },
    },
  });
  const dependsOn = processFor(type).dependsOn as readonly string[];
  return {
    mode: verification.mode,
    verification: {
      ...verification,
      metadata: (verification.metadata ?? {}) as Record<string, unknown>,
      livenessChallenge: storedChallenge(verification.livenessChallenge),
    },
    workflow: toWorkflowShape(verification.workflowVersion),
    inputs: new Map(verification.inputs.map((i) => [i.fieldName, { type: i.type, value: i.value, fileId: i.fileId }])),
    readFile: async (fileId: string) =>
      verification.inputs.some((i) => i.fileId === fileId) ? readFile(verification.accountId, fileId) : null,
    earlierSteps: verification.steps
      .filter((s) => dependsOn.includes(s.processType))
      .map((s) => ({
        processType: s.processType as ProcessType,
        result: s.result,
        data: (s.data ?? {}) as Record<string, unknown>,
      })) satisfies EarlierStep[],
    now: clock.now(),
    ports: checkPortsFor(verification),
  };
}

/**
 * When every step is finished: COMPLETED with the result the pinned version's decision rules give (none: any
 * DECLINED → DECLINED, else any MANUAL_REVIEW → MANUAL_REVIEW, else APPROVED; lib/jobs/apply-decision-rules.ts),
 * or FAILED when a step could not run; `verification_completed`. How it was decided is kept on the verification
 * (`decision`, internal). Returns false while steps are still open. Marks the verification's job done.
 */
export async function finalizeVerification(verificationId: string): Promise<boolean> {
  const now = clock.now();
  // the rules of the version the verification started on: a rule published later never changes it
  const row = await prisma.verification.findUnique({
    where: { id: verificationId },
    select: {
      workflowVersion: { select: { decisionRules: true } },
      steps: {
        select: { status: true, result: true, processType: true, checks: true, data: true },
        orderBy: { position: "asc" },
      },
    },
  });
  const steps = row?.steps ?? [];
  if (steps.some((s) => s.status !== "COMPLETED" && s.status !== "FAILED")) return false;
  const decision = applyDecisionRules(
    steps.map((s) => ({
      processType: s.processType,
      status: s.status as "COMPLETED" | "FAILED",
      result: s.result,
      checks: (Array.isArray(s.checks) ? s.checks : []) as Check[],
      data: (s.data ?? {}) as Record<string, unknown>,
    })),
    parseStoredRules(row?.workflowVersion.decisionRules),
  );
  const { status, result } = decision;
  await prisma.$transaction(async (tx) => {
    const [verification] = await tx.verification.updateManyAndReturn({
      where: { id: verificationId, status: "PROCESSING" },
      data: { status, result, completedAt: now, lastActivityAt: now, decision },
      select: { id: true, accountId: true, workflowId: true, metadata: true, linkSigned: true },
    });
    if (verification) {
      metrics.verificationsCompleted.inc({ result: result ?? "FAILED" });
      await recordEvent(
        tx,
        verification,
        "verification_completed",
        { verificationStatus: webhookStatus(status, result), status, ...(result ? { result } : {}) },
        now,
      );
    }
    await tx.job.updateMany({
      where: { verificationId, type: "RUN_VERIFICATION", doneAt: null },
      data: { doneAt: now, lockedUntil: null },
    });
  });
  return true;
}
