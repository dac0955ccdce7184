import Link from "next/link";
import { notFound } from "next/navigation";
import { can, NotFoundError } from "@/lib/dashboard/permissions";
import { requireMember } from "@/lib/dashboard/current-member";
import { loadVerificationDetail, type VerificationDetail } from "@/lib/dashboard/load-verification-detail";
import { CORRECTABLE_FIELDS } from "@/lib/review/correct-document-data";
import { awaitsDecision } from "@/lib/review/decide-review";
import { CorrectionForm, DeleteDataForm } from "@/components/dashboard/review-forms";
import { ReviewCase } from "@/components/dashboard/review-case";
import { ReviewNotes } from "@/components/dashboard/review-notes";
import { correctDocumentDataAction, deletePersonalDataAction } from "./actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Verification" };

const when = (d: Date | null | undefined) => (d ? d.toISOString().replace("T", " ").slice(0, 19) + " UTC" : "—");
const json = (value: unknown) => JSON.stringify(value, null, 2);

function Badge({ result }: { result: string | null }) {
  return result ? (
    <span className={`${styles.badge} ${styles[result] ?? ""}`}>{result.replace("_", " ").toLowerCase()}</span>
  ) : (
    <span className={styles.muted}>—</span>
  );
}

function Inputs({ v }: { v: VerificationDetail }) {
  if (!v.inputs.length) return <p className={styles.muted}>No inputs.</p>;
  return (
    <dl className={styles.kv}>
      {v.inputs.map((input) => {
        const src = input.file ? `/dashboard/verifications/${v.id}/files/${input.file.id}` : null;
        const type = input.file?.contentType ?? "";
        return (
          <div key={input.id} style={{ display: "contents" }}>
            <dt>{input.fieldName}</dt>
            <dd>
              {src && type.startsWith("image/") ? (
                <a href={src}>
                  <img className={styles.media} src={src} alt={input.fieldName} />
                </a>
              ) : null}
              {src && type.startsWith("video/") ? (
                <video className={styles.media} src={src} controls preload="metadata" aria-label={input.fieldName} />
              ) : null}
              {src && !type.startsWith("image/") && !type.startsWith("video/") ? (
                <a href={src}>Download ({type})</a>
              ) : null}
              {!src ? (input.value ?? <span className={styles.muted}>{v.redactedAt ? "redacted" : "—"}</span>) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function Steps({ v, canReview }: { v: VerificationDetail; canReview: boolean }) {
  if (!v.steps.length) return <p className={styles.muted}>No steps yet.</p>;
  return v.steps.map((step) => {
    const checks = (Array.isArray(step.checks) ? step.checks : []) as {
      name?: string;
      result?: string;
      detail?: string;
    }[];
    const data = (step.data ?? {}) as Record<string, unknown>;
    const correctable =
      canReview && step.processType === "DOCUMENT_VERIFICATION" && v.status === "COMPLETED" && !v.redactedAt;
    return (
      <section className={styles.panel} key={step.id}>
        <h3>
          {step.position + 1}. {step.processType} · {step.status.toLowerCase()} <Badge result={step.result} />
        </h3>
        <p className={styles.muted}>
          Started {when(step.startedAt)} · completed {when(step.completedAt)} · attempts {step.attempts}
          {step.error ? ` · error: ${step.error}` : ""}
        </p>
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
        <details>
          <summary>Data</summary>
          <pre className={styles.pre}>{json(data)}</pre>
        </details>
        {correctable ? (
          <details>
            <summary>Correct document data</summary>
            <CorrectionForm
              action={correctDocumentDataAction}
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

function Timeline({ v }: { v: VerificationDetail }) {
  return (
    <ol className={styles.timeline}>
      {v.events.map((e) => (
        <li key={e.id}>
          <strong>{e.name}</strong>{" "}
          <span className={styles.muted}>
            {when(e.createdAt)} · event {e.id}
          </span>
          {e.deliveries.map((d) => (
            <div key={d.id} className={styles.muted}>
              → {d.endpoint.url}: {d.status.toLowerCase()}, {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
              {d.deliveredAt
                ? `, delivered ${when(d.deliveredAt)}`
                : d.status === "PENDING"
                  ? `, next ${when(d.nextAttemptAt)}`
                  : ""}
              {d.attemptsLog.map((a) => (
                <div key={a.attempt}>
                  &nbsp;&nbsp;#{a.attempt} {a.statusCode ?? a.error ?? "no answer"} in {a.durationMs} ms (
                  {when(a.createdAt)})
                </div>
              ))}
            </div>
          ))}
          <details>
            <summary>Payload</summary>
            <pre className={styles.pre}>{json(e.payload)}</pre>
          </details>
        </li>
      ))}
      {v.audit.map((a) => (
        <li key={a.id}>
          <strong>{a.action}</strong>{" "}
          <span className={styles.muted}>
            {when(a.createdAt)} · by {a.actor}
          </span>
          <pre className={styles.pre}>{json(a.data)}</pre>
        </li>
      ))}
    </ol>
  );
}

/** The end user's answer on the hosted page's consent screen (none: inputs came with an API key, or nothing yet). */
function Consent({ v }: { v: VerificationDetail }) {
  const c = v.consent;
  if (!c)
    return (
      <p className={styles.muted}>
        None recorded: the end user has not answered on the hosted page (inputs sent with an API key are the
        integrator&apos;s own responsibility).
      </p>
    );
  return (
    <dl className={styles.kv} data-testid="consent-record">
      <dt>Decision</dt>
      <dd>{c.decision === "GIVEN" ? "given" : "declined"}</dd>
      <dt>When</dt>
      <dd>{when(c.decidedAt)}</dd>
      <dt>Text version</dt>
      <dd>
        {c.textVersion} ({c.language})
      </dd>
      <dt>Biometric processing</dt>
      <dd>{c.biometric ? "agreed (explicit tick)" : "not asked"}</dd>
      <dt>Address</dt>
      <dd>{c.ipAddress ?? "—"}</dd>
      <dt>Terms shown</dt>
      <dd>
        <pre className={styles.pre}>{json(c.terms)}</pre>
      </dd>
    </dl>
  );
}

// GET /dashboard/verifications/:verificationId — inputs, steps, events, deliveries; review and erasure
export default async function VerificationPage({ params }: { params: Promise<{ verificationId: string }> }) {
  const member = await requireMember("review");
  const { verificationId } = await params;
  const v = await loadVerificationDetail(member, verificationId).catch((error) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const awaitingReview = awaitsDecision(v);
  return (
    <>
      <p>
        <Link href="/dashboard/verifications">← Verifications</Link>
      </p>
      <h1>
        Verification <span className={styles.code}>{v.id}</span>
      </h1>
      {v.redactedAt ? (
        <p className={styles.notice}>Personal data deleted {when(v.redactedAt)}. Only this stub remains.</p>
      ) : null}
      <section className={styles.panel}>
        <dl className={styles.kv}>
          <dt>Status</dt>
          <dd>{v.status.toLowerCase()}</dd>
          <dt>Result</dt>
          <dd>
            <Badge result={v.result} />
          </dd>
          <dt>Workflow</dt>
          <dd>
            {v.workflow.name} (version {v.workflowVersion.version}: {v.workflowVersion.processes.join(", ")})
          </dd>
          <dt>Created</dt>
          <dd>{when(v.createdAt)}</dd>
          <dt>Inputs completed</dt>
          <dd>{when(v.inputsCompletedAt)}</dd>
          <dt>Completed</dt>
          <dd>{when(v.completedAt)}</dd>
          <dt>Identity</dt>
          <dd className={styles.code}>{v.identityId}</dd>
          <dt>IP address</dt>
          <dd>{v.ipAddress ?? "—"}</dd>
          <dt>Metadata</dt>
          <dd>
            <pre className={styles.pre}>{json(v.metadata)}</pre>
          </dd>
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="consent-h">
        <h2 id="consent-h">Consent</h2>
        <Consent v={v} />
      </section>
      {awaitingReview ? (
        <section className={styles.panel} aria-labelledby="review-h">
          <h2 id="review-h">Review</h2>
          {v.status === "FAILED" ? (
            <p>Processing failed (the integrator was told NEEDS_REVIEW): decide it from the inputs below.</p>
          ) : null}
          <ReviewCase member={member} verificationId={v.id} />
        </section>
      ) : null}
      <h2>Inputs</h2>
      <section className={styles.panel}>
        <Inputs v={v} />
      </section>
      <h2>Steps</h2>
      <Steps v={v} canReview={can(member, "review")} />
      <h2>Timeline</h2>
      <section className={styles.panel}>
        <Timeline v={v} />
      </section>
      <ReviewNotes member={member} verificationId={v.id} canAdd={!v.redactedAt} />
      {can(member, "deletePersonalData") && !v.redactedAt ? (
        <section className={styles.panel} aria-labelledby="privacy-h">
          <h2 id="privacy-h">Delete personal data</h2>
          <DeleteDataForm action={deletePersonalDataAction} verificationId={v.id} />
        </section>
      ) : null}
    </>
  );
}
