import { z } from "zod";
import { CHECK_KEYS, catalogueEntry, splitCheckKey, type CheckKey } from "@/lib/domain/flows/check-catalogue";
import { PROCESS_LABELS } from "@/lib/shared/process-labels";
import { PROCESS_TYPES } from "@/lib/shared/process-types";

// Decision rules of a workflow version (docs/decision-rules.md): the single schema of the builder's editor, the save
// action and the engine's reading of a pinned version. Three kinds, applied per check, in list order:
//   THRESHOLD    re-grades a scored check with its own PASSED / REVIEW thresholds, within the catalogue's bounds
//   OVERRIDE     a check's FAILED and/or REVIEW result counts as decline, review or ignore (passed)
//   APPROVE_WHEN a REVIEW of a check (a scored one: within a score band) counts as passed when named steps approved
// No rules: the fixed combination (any DECLINED → DECLINED, else any MANUAL_REVIEW → MANUAL_REVIEW, else APPROVED).

export const MAX_DECISION_RULES = 30;

export const OVERRIDE_WHEN = ["NOT_PASSED", "FAILED", "REVIEW"] as const;
export const OVERRIDE_OUTCOMES = ["DECLINE", "REVIEW", "IGNORE"] as const;

export const WHEN_LABELS: Record<(typeof OVERRIDE_WHEN)[number], string> = {
  NOT_PASSED: "failed or review",
  FAILED: "failed",
  REVIEW: "review",
};
export const OUTCOME_LABELS: Record<(typeof OVERRIDE_OUTCOMES)[number], string> = {
  DECLINE: "decline",
  REVIEW: "send to review",
  IGNORE: "ignore (counts as passed)",
};

const checkKey = z
  .string({ error: "Choose a check" })
  .refine((key) => (CHECK_KEYS as readonly string[]).includes(key), "Choose a check");

const score = z.number({ error: "Enter a number" }).finite("Enter a number");

export const OverrideRuleSchema = z
  .object({
    kind: z.literal("OVERRIDE"),
    check: checkKey,
    when: z.enum(OVERRIDE_WHEN, { error: "Choose which results" }),
    outcome: z.enum(OVERRIDE_OUTCOMES, { error: "Choose an outcome" }),
  })
  .superRefine((rule, ctx) => {
    if (rule.outcome === "IGNORE" && rule.when !== "REVIEW" && catalogueEntry(rule.check)?.failureIsEvidence)
      ctx.addIssue({
        code: "custom",
        path: ["when"],
        message: "A failure of this check is evidence: only its review result can be ignored",
      });
  });

export const ThresholdRuleSchema = z
  .object({ kind: z.literal("THRESHOLD"), check: checkKey, pass: score, review: score })
  .superRefine((rule, ctx) => {
    const bounds = catalogueEntry(rule.check)?.score;
    if (!bounds) {
      ctx.addIssue({ code: "custom", path: ["check"], message: "This check has no score to set thresholds for" });
      return;
    }
    if (rule.pass < bounds.minPass || rule.pass > bounds.maxPass)
      ctx.addIssue({
        code: "custom",
        path: ["pass"],
        message: `Between ${bounds.minPass} and ${bounds.maxPass} (shipped: ${bounds.defaults.pass})`,
      });
    if (rule.review < bounds.minReview || rule.review > rule.pass)
      ctx.addIssue({
        code: "custom",
        path: ["review"],
        message: `Between ${bounds.minReview} and the pass threshold (shipped: ${bounds.defaults.review})`,
      });
  });

export const ApproveWhenRuleSchema = z
  .object({
    kind: z.literal("APPROVE_WHEN"),
    check: checkKey,
    /** the score band, both ends included: required for a scored check, absent otherwise */
    min: score.optional(),
    max: score.optional(),
    requires: z
      .array(z.enum(PROCESS_TYPES))
      .min(1, "Choose at least one step that must be approved")
      .refine((p) => new Set(p).size === p.length, "Each step once"),
  })
  .superRefine((rule, ctx) => {
    const { process } = splitCheckKey(rule.check);
    if (rule.requires.includes(process))
      ctx.addIssue({
        code: "custom",
        path: ["requires"],
        message: "The check's own step cannot be approved while this check is in review",
      });
    const bounds = catalogueEntry(rule.check)?.score;
    if (!bounds) {
      if (rule.min !== undefined || rule.max !== undefined)
        ctx.addIssue({ code: "custom", path: ["min"], message: "This check has no score: leave the band empty" });
      return;
    }
    if (rule.min === undefined || rule.min < bounds.minApprove || rule.min > 1)
      ctx.addIssue({
        code: "custom",
        path: ["min"],
        message: `From ${bounds.minApprove} (nothing lower is ever approved) to 1`,
      });
    if (rule.max === undefined || rule.max > 1 || (rule.min !== undefined && rule.max < rule.min))
      ctx.addIssue({ code: "custom", path: ["max"], message: "At least the lower end, at most 1" });
  });

export const DecisionRuleSchema = z.discriminatedUnion("kind", [
  OverrideRuleSchema,
  ThresholdRuleSchema,
  ApproveWhenRuleSchema,
]);

export const DecisionRulesSchema = z
  .array(DecisionRuleSchema)
  .max(MAX_DECISION_RULES, `At most ${MAX_DECISION_RULES} rules`)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, index) => {
      if (rule.kind !== "THRESHOLD") return;
      if (seen.has(rule.check))
        ctx.addIssue({ code: "custom", path: [index, "check"], message: "This check already has thresholds" });
      seen.add(rule.check);
    });
  });

export type DecisionRule = z.output<typeof DecisionRuleSchema>;
export type DecisionRules = z.output<typeof DecisionRulesSchema>;
export type RuleKind = DecisionRule["kind"];

export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  OVERRIDE: "Override the check's result",
  THRESHOLD: "Set the check's score thresholds",
  APPROVE_WHEN: "Approve a review when other steps approved",
};

/** The check as people read it: "Location intelligence · Not a hosting-provider IP (VPN/proxy)". */
export function checkLabel(key: string): string {
  const { process, name } = splitCheckKey(key);
  return `${PROCESS_LABELS[process] ?? process} · ${catalogueEntry(key)?.label ?? name}`;
}

/** One line per rule, as the detail page and the audit show it. */
export function describeRule(rule: DecisionRule): string {
  const check = checkLabel(rule.check);
  switch (rule.kind) {
    case "OVERRIDE":
      return `${check}: ${WHEN_LABELS[rule.when]} → ${OUTCOME_LABELS[rule.outcome]}`;
    case "THRESHOLD":
      return `${check}: passed from ${rule.pass}, review from ${rule.review}, failed below`;
    case "APPROVE_WHEN": {
      const band = rule.min !== undefined ? ` ${rule.min}–${rule.max}` : "";
      const steps = rule.requires.map((p) => PROCESS_LABELS[p]).join(" and ");
      return `${check}${band} in review → approve when ${steps} approved`;
    }
  }
}

/** The process types the rules name (their checks and required steps), to hold them to the workflow's processes. */
export function processesOfRule(rule: DecisionRule): { check: string; requires: readonly string[] } {
  return { check: splitCheckKey(rule.check).process, requires: rule.kind === "APPROVE_WHEN" ? rule.requires : [] };
}

export type { CheckKey };

/** A version's stored rules; null when they no longer parse (the engine then never approves: apply-decision-rules). */
export function parseStoredRules(stored: unknown): DecisionRules | null {
  const parsed = DecisionRulesSchema.safeParse(stored ?? []);
  return parsed.success ? parsed.data : null;
}
