import type { Check, CheckResult, ProcessResult } from "@/lib/checks/types";
import { combineResults, resultOfChecks } from "@/lib/checks/types";
import { catalogueEntry } from "@/lib/domain/flows/check-catalogue";
import { describeRule, type DecisionRule } from "@/lib/domain/flows/decision-rules";

// The verification's outcome from its finished steps and the decision rules of the workflow version it started on
// (docs/decision-rules.md). Pure: finalizeVerification reads the rows, this decides, the caller writes. Without
// rules the outcome is exactly the fixed combination (any FAILED step → FAILED; else any DECLINED → DECLINED, else
// any MANUAL_REVIEW → MANUAL_REVIEW, else APPROVED): each step's own result is used as the process decided it.

export type FinishedStep = {
  processType: string;
  status: "COMPLETED" | "FAILED";
  result: ProcessResult | null;
  checks: readonly Check[];
  data: Record<string, unknown>;
};

/** A rule that changed a check: 1-based position in the version's list, its text, the check and the change. */
export type AppliedRule = {
  rule: number;
  label: string;
  check: string;
  from: CheckResult;
  to: CheckResult;
  score?: number;
};

export type Decision = {
  status: "COMPLETED" | "FAILED";
  result: ProcessResult | null;
  /** what the fixed combination gives for the same steps */
  defaultResult: ProcessResult | null;
  /** the rules that made the result differ from the fixed combination's; empty: the fixed combination decided */
  decidedBy: { rule: number; label: string }[];
  /** every rule that changed a check, in the order applied */
  applied: AppliedRule[];
  /** the version's rules could not be read (never written by this code): at best MANUAL_REVIEW */
  rulesUnreadable?: true;
};

const OUTCOME_RESULT = { DECLINE: "FAILED", REVIEW: "REVIEW", IGNORE: "PASSED" } as const;
const DRIVING_CHECK: Record<ProcessResult, CheckResult> = {
  DECLINED: "FAILED",
  MANUAL_REVIEW: "REVIEW",
  APPROVED: "PASSED",
};

function grade(score: number, pass: number, review: number): CheckResult {
  return score >= pass ? "PASSED" : score >= review ? "REVIEW" : "FAILED";
}

export function applyDecisionRules(steps: readonly FinishedStep[], rules: readonly DecisionRule[] | null): Decision {
  if (steps.some((s) => s.status === "FAILED"))
    return { status: "FAILED", result: null, defaultResult: null, decidedBy: [], applied: [] };
  const stepResult = (s: FinishedStep): ProcessResult => s.result ?? "MANUAL_REVIEW";
  const defaultResult = combineResults(steps.map(stepResult));
  if (rules === null) {
    // rules that no longer parse are never trusted to approve
    const result = defaultResult === "APPROVED" ? "MANUAL_REVIEW" : defaultResult;
    return { status: "COMPLETED", result, defaultResult, decidedBy: [], applied: [], rulesUnreadable: true };
  }
  if (rules.length === 0)
    return { status: "COMPLETED", result: defaultResult, defaultResult, decidedBy: [], applied: [] };

  // "approved" for an APPROVE_WHEN condition: the required step's own result, before any rule (no rule chains)
  const approvedSteps = new Set(steps.filter((s) => s.result === "APPROVED").map((s) => s.processType));
  const applied: AppliedRule[] = [];

  const evaluate = (step: FinishedStep, check: Check): CheckResult => {
    const key = `${step.processType}.${check.name}`;
    const bounds = catalogueEntry(key)?.score;
    const score = bounds && check.result !== "SKIPPED" ? bounds.score(step.data) : null;
    const note = (index: number, from: CheckResult, to: CheckResult) =>
      applied.push({
        rule: index + 1,
        label: describeRule(rules[index]!),
        check: key,
        from,
        to,
        ...(score !== null ? { score } : {}),
      });
    let result = check.result;

    const thresholdIndex = rules.findIndex((r) => r.kind === "THRESHOLD" && r.check === key);
    const threshold = rules[thresholdIndex];
    if (threshold?.kind === "THRESHOLD" && score !== null) {
      const graded = grade(score, threshold.pass, threshold.review);
      if (graded !== result) note(thresholdIndex, result, graded);
      result = graded;
    }

    // the first OVERRIDE / APPROVE_WHEN of this check whose condition holds decides it
    for (const [index, rule] of rules.entries()) {
      if (rule.check !== key || rule.kind === "THRESHOLD") continue;
      let next: CheckResult | null = null;
      if (rule.kind === "OVERRIDE") {
        const matches = rule.when === "NOT_PASSED" ? result === "FAILED" || result === "REVIEW" : result === rule.when;
        if (matches) next = OUTCOME_RESULT[rule.outcome];
      } else {
        const inBand = rule.min === undefined || (score !== null && score >= rule.min && score <= rule.max!);
        if (result === "REVIEW" && inBand && rule.requires.every((p) => approvedSteps.has(p))) next = "PASSED";
      }
      if (next === null) continue;
      if (next !== result) note(index, result, next);
      result = next;
      break;
    }
    return result;
  };

  const results = steps.map((step) => {
    const before = applied.length;
    const checks = step.checks.map((check) => ({ ...check, result: evaluate(step, check) }));
    // a step no rule touched keeps the result its process gave it
    return applied.length === before ? stepResult(step) : resultOfChecks(checks);
  });
  const result = combineResults(results);

  // a rule decided only when the outcome differs from the fixed combination's; else the rules that fired agreed
  const driving = result === defaultResult ? [] : applied.filter((a) => a.to === DRIVING_CHECK[result]);
  const decidedBy = [...new Map(driving.map((a) => [a.rule, { rule: a.rule, label: a.label }])).values()];
  return { status: "COMPLETED", result, defaultResult, decidedBy, applied };
}
