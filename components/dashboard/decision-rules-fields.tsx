"use client";
import { Controller, useFieldArray, type FieldError, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { CHECK_CATALOGUE, catalogueEntry, splitCheckKey } from "@/lib/domain/flows/check-catalogue";
import {
  MAX_DECISION_RULES,
  OUTCOME_LABELS,
  OVERRIDE_OUTCOMES,
  OVERRIDE_WHEN,
  RULE_KIND_LABELS,
  WHEN_LABELS,
  type RuleKind,
} from "@/lib/domain/flows/decision-rules";
import { PROCESS_LABELS } from "@/lib/shared/process-labels";
import type { ProcessType } from "@/lib/shared/process-types";
import type { WorkflowDefinitionSchema } from "@/lib/domain/flows/workflow-definition";
import styles from "@/components/dashboard/dashboard.module.css";

// The rule editor of the workflow builder (docs/decision-rules.md). The rules are fields of the builder's own form:
// the builder's zod schema (the server's) validates them, and its messages are shown by field.

type Form = UseFormReturn<z.input<typeof WorkflowDefinitionSchema>, unknown, z.output<typeof WorkflowDefinitionSchema>>;
type RuleInput = NonNullable<z.input<typeof WorkflowDefinitionSchema>["rules"]>[number];
type RuleErrors = Partial<
  Record<"kind" | "check" | "when" | "outcome" | "pass" | "review" | "min" | "max" | "requires", FieldError>
>;

const KINDS = Object.keys(RULE_KIND_LABELS) as RuleKind[];
const toNumber = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : Number(v));

function blankRule(kind: RuleKind, check = ""): RuleInput {
  const bounds = catalogueEntry(check)?.score;
  if (kind === "THRESHOLD")
    return { kind, check: bounds ? check : "", pass: bounds?.defaults.pass ?? 0, review: bounds?.defaults.review ?? 0 };
  if (kind === "APPROVE_WHEN")
    return { kind, check, requires: [], ...(bounds ? { min: bounds.minApprove, max: bounds.defaults.pass } : {}) };
  return { kind, check, when: "REVIEW", outcome: "IGNORE" };
}

export function DecisionRulesFields({ form, processes }: { form: Form; processes: readonly string[] }) {
  const { control, register, watch, formState } = form;
  const { fields, append, remove, update } = useFieldArray({ control, name: "rules" });
  const rules = (watch("rules") ?? []) as RuleInput[];
  const listError = formState.errors.rules?.message ?? formState.errors.rules?.root?.message;
  const chosen = processes.filter((p): p is ProcessType => p in CHECK_CATALOGUE);

  return (
    <section className={styles.panel} aria-labelledby="wf-rules">
      <h2 id="wf-rules">Decision rules</h2>
      <p className={styles.muted}>
        None: any declined step declines, else any review sends to manual review, else approved. Rules apply per check,
        top to bottom; they decide verifications started on the version you publish, never earlier ones.
      </p>
      {fields.map((field, index) => {
        const rule = rules[index] ?? (field as unknown as RuleInput);
        const errors = ((formState.errors.rules as unknown as RuleErrors[] | undefined)?.[index] ?? {}) as RuleErrors;
        const id = `wf-rule-${index}`;
        const bounds = rule.check ? catalogueEntry(rule.check)?.score : undefined;
        const ownProcess = rule.check ? splitCheckKey(rule.check).process : null;
        const fieldOf = (name: keyof RuleErrors, label: string, control_: React.ReactNode, help?: string) => (
          <div className={styles.field}>
            <label htmlFor={`${id}-${name}`}>{label}</label>
            {control_}
            {help ? (
              <span id={`${id}-${name}-help`} className={styles.muted}>
                {help}
              </span>
            ) : null}
            {errors[name] ? (
              <p id={`${id}-${name}-error`} className={styles.fieldError}>
                {errors[name]!.message}
              </p>
            ) : null}
          </div>
        );
        const described = (name: keyof RuleErrors, help?: boolean) =>
          [help ? `${id}-${name}-help` : null, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(" ") ||
          undefined;
        const number = (name: "pass" | "review" | "min" | "max", label: string, help?: string) =>
          fieldOf(
            name,
            label,
            <input
              id={`${id}-${name}`}
              type="number"
              step="0.001"
              inputMode="decimal"
              {...register(`rules.${index}.${name}` as never, { setValueAs: toNumber })}
              aria-invalid={Boolean(errors[name])}
              aria-describedby={described(name, Boolean(help))}
            />,
            help,
          );
        return (
          <fieldset key={field.id} className={styles.fieldset} aria-describedby={`${id}-summary`}>
            <legend>Rule {index + 1}</legend>
            {fieldOf(
              "kind",
              "Kind",
              <select
                id={`${id}-kind`}
                value={rule.kind}
                onChange={(e) => update(index, blankRule(e.target.value as RuleKind, rule.check))}
              >
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {RULE_KIND_LABELS[k]}
                  </option>
                ))}
              </select>,
            )}
            {fieldOf(
              "check",
              "Check",
              <select
                id={`${id}-check`}
                {...register(`rules.${index}.check`)}
                aria-invalid={Boolean(errors.check)}
                aria-describedby={described("check")}
              >
                <option value="">Choose a check</option>
                {chosen.map((process) => (
                  <optgroup key={process} label={PROCESS_LABELS[process]}>
                    {Object.entries(CHECK_CATALOGUE[process])
                      .filter(([, entry]) => rule.kind !== "THRESHOLD" || entry.score)
                      .map(([name, entry]) => (
                        <option key={name} value={`${process}.${name}`}>
                          {entry.label} ({name})
                        </option>
                      ))}
                  </optgroup>
                ))}
                {rule.check && ownProcess && !chosen.includes(ownProcess) ? (
                  <option value={rule.check}>{rule.check} (its step is not in the workflow)</option>
                ) : null}
              </select>,
            )}
            {rule.kind === "OVERRIDE" ? (
              <>
                {fieldOf(
                  "when",
                  "When the check's result is",
                  <select
                    id={`${id}-when`}
                    {...register(`rules.${index}.when`)}
                    aria-invalid={Boolean(errors.when)}
                    aria-describedby={described("when")}
                  >
                    {OVERRIDE_WHEN.map((w) => (
                      <option key={w} value={w}>
                        {WHEN_LABELS[w]}
                      </option>
                    ))}
                  </select>,
                )}
                {fieldOf(
                  "outcome",
                  "Outcome",
                  <select
                    id={`${id}-outcome`}
                    {...register(`rules.${index}.outcome`)}
                    aria-invalid={Boolean(errors.outcome)}
                    aria-describedby={described("outcome")}
                  >
                    {OVERRIDE_OUTCOMES.map((o) => (
                      <option key={o} value={o}>
                        {OUTCOME_LABELS[o]}
                      </option>
                    ))}
                  </select>,
                )}
              </>
            ) : null}
            {rule.kind === "THRESHOLD" ? (
              <>
                {number(
                  "pass",
                  "Passed from score",
                  bounds ? `${bounds.minPass}–${bounds.maxPass}; shipped ${bounds.defaults.pass}` : undefined,
                )}
                {number(
                  "review",
                  "Review from score (below: failed)",
                  bounds ? `${bounds.minReview} up to the pass score; shipped ${bounds.defaults.review}` : undefined,
                )}
              </>
            ) : null}
            {rule.kind === "APPROVE_WHEN" ? (
              <>
                {bounds ? (
                  <>
                    {number("min", "Score from", `${bounds.minApprove} or more (${bounds.unit})`)}
                    {number("max", "Score to", "At most 1, both ends included")}
                  </>
                ) : null}
                <Controller
                  control={control}
                  name={`rules.${index}.requires` as never}
                  render={({ field: requires }) => {
                    const value = (requires.value as string[] | undefined) ?? [];
                    return (
                      <fieldset
                        className={styles.fieldset}
                        aria-invalid={Boolean(errors.requires)}
                        aria-describedby={errors.requires ? `${id}-requires-error` : undefined}
                      >
                        <legend>Approve when these steps approved</legend>
                        {chosen
                          .filter((p) => p !== ownProcess)
                          .map((p) => (
                            <label key={p} className={styles.check}>
                              <input
                                type="checkbox"
                                checked={value.includes(p)}
                                onChange={(e) =>
                                  requires.onChange(e.target.checked ? [...value, p] : value.filter((v) => v !== p))
                                }
                              />{" "}
                              {PROCESS_LABELS[p]}
                            </label>
                          ))}
                        {errors.requires ? (
                          <p id={`${id}-requires-error`} className={styles.fieldError}>
                            {errors.requires.message}
                          </p>
                        ) : null}
                      </fieldset>
                    );
                  }}
                />
              </>
            ) : null}
            <p id={`${id}-summary`} className={styles.muted}>
              {rule.kind === "APPROVE_WHEN"
                ? "Only a review result is approved, never a failure; the required steps' own results count."
                : rule.kind === "THRESHOLD"
                  ? "Re-grades the check from its score; a check that ran without a score keeps its result."
                  : "Applies to the results chosen; a passed or skipped check is never changed."}
            </p>
            <button type="button" className={styles.secondary} onClick={() => remove(index)}>
              Remove rule {index + 1}
            </button>
          </fieldset>
        );
      })}
      {listError ? (
        <p role="alert" className={styles.fieldError}>
          {listError}
        </p>
      ) : null}
      <div className={styles.row}>
        <button
          type="button"
          className={styles.secondary}
          disabled={fields.length >= MAX_DECISION_RULES}
          onClick={() => append(blankRule("OVERRIDE"))}
        >
          Add rule
        </button>
      </div>
    </section>
  );
}
