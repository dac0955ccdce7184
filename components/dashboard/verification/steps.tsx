import type { VerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { CORRECTABLE_FIELDS } from "@/lib/domain/review/correct-document-data";
import { CorrectionForm } from "@/components/dashboard/review-forms";
import type { FormAction } from "@/lib/actions/action-state";
import { Badge } from "./badge";
import { json, when } from "./format";
import { PresentationAttackScores } from "./presentation-attack";
import { CredentialSummary } from "./credential-summary";
import styles from "@/components/dashboard/dashboard.module.css";

type Check = { name?: string; result?: string; detail?: string };

/** Each step: its status, result, checks and data; with `correctAction`, the document's correction form. */
export function Steps({ v, correctAction }: { v: VerificationDetail; correctAction?: FormAction }) {
  if (!v.steps.length) return <p className={styles.muted}>No steps yet.</p>;
  return v.steps.map((step) => {
    const checks = (Array.isArray(step.checks) ? step.checks : []) as Check[];
    const data = (step.data ?? {}) as Record<string, unknown>;
    const correctable =
      correctAction &&
      v.personalDataShown &&
      step.processType === "DOCUMENT_VERIFICATION" &&
      v.status === "COMPLETED" &&
      !v.redactedAt;
    return (
      <section className={styles.panel} key={step.id}>
        <h3>
          {step.position + 1}. {step.processType} · {step.status.toLowerCase()} <Badge result={step.result} />
        </h3>
        <p className={styles.muted}>
          Started {when(step.startedAt)} · completed {when(step.completedAt)} · attempts {step.attempts}
          {step.error ? ` · error: ${step.error}` : ""}
        </p>
        <CredentialSummary processType={step.processType} result={step.result} data={data} />
        {checks.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Check</th>
                <th>Result</th>
                <th>Detail</th>
              </tr>
            </thead>
            <tbody>
              {checks.map((c, i) => (
                <tr key={`${c.name}-${i}`}>
                  <td>{c.name}</td>
                  <td>{c.result}</td>
                  <td>{c.detail ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <PresentationAttackScores data={data} />
        <details>
          <summary>Data</summary>
          <pre className={styles.pre}>{json(data)}</pre>
        </details>
        {correctable ? (
          <details>
            <summary>Correct document data</summary>
            <CorrectionForm
              action={correctAction}
              verificationId={v.id}
              stepId={step.id}
              fields={CORRECTABLE_FIELDS.map((name) => ({
                name,
                value: typeof data[name] === "string" ? (data[name] as string) : "",
              }))}
            />
          </details>
        ) : null}
      </section>
    );
  });
}
