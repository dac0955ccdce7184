import Link from "next/link";
import { notFound } from "next/navigation";
import { NotFoundError } from "@/lib/core/errors";
import { requireMember } from "@/lib/auth/current-member";
import { loadVerificationReport } from "@/lib/domain/verifications/load-verification-report";
import { Badge } from "@/components/dashboard/verification/badge";
import { when } from "@/components/dashboard/verification/format";
import { Inputs } from "@/components/dashboard/verification/inputs";
import { SideBySide } from "@/components/dashboard/verification/side-by-side";
import { Steps } from "@/components/dashboard/verification/steps";
import { Summary } from "@/components/dashboard/verification/summary";
import { Timeline } from "@/components/dashboard/verification/timeline";
import { PrintButton } from "@/components/dashboard/verification/print-button";
import styles from "@/components/dashboard/dashboard.module.css";
import report from "./report.module.css";

export const metadata = { title: "Auditor report" };

// GET /dashboard/verifications/:verificationId/report — a printable report for an auditor: inputs, steps and checks,
// the comparisons, the decision and who made it, the timeline. Print it (or "Save as PDF") from the browser.
// Each report is audit-logged; a member without the personal-data permission gets it masked.
export default async function VerificationReportPage({ params }: { params: Promise<{ verificationId: string }> }) {
  const member = await requireMember("review");
  const { verificationId } = await params;
  const {
    detail: v,
    decidedBy,
    engineResultAt,
    generatedAt,
    generatedBy,
  } = await loadVerificationReport(member, verificationId).catch((error) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  return (
    <article className={report.report} data-testid="auditor-report">
      <p className={`${styles.row} ${report.noPrint}`}>
        <Link href={`/dashboard/verifications/${v.id}`}>← Verification</Link>
        <PrintButton />
      </p>
      <h1>Verification report</h1>
      <p className={report.meta}>
        {member.accountName} · verification <span className={styles.code}>{v.id}</span> · generated {when(generatedAt)}{" "}
        by {generatedBy}
        {v.personalDataShown ? "" : " · personal data masked (no personal-data permission)"}
      </p>
      {v.redactedAt ? <p className={styles.notice}>Personal data deleted {when(v.redactedAt)}.</p> : null}
      <section className={styles.panel} aria-labelledby="decision-h">
        <h2 id="decision-h">Decision</h2>
        <dl className={styles.kv}>
          <dt>Result</dt>
          <dd>
            <Badge result={v.result} />
          </dd>
          <dt>Engine&apos;s result</dt>
          <dd>{engineResultAt ? `reported ${when(engineResultAt)}` : "not yet"}</dd>
          <dt>Decided by</dt>
          <dd data-testid="decided-by">
            {decidedBy ? (
              <>
                {decidedBy.actor}, {when(decidedBy.at)}: {decidedBy.from?.toLowerCase() ?? "—"} →{" "}
                {decidedBy.to?.toLowerCase() ?? "—"}
                {decidedBy.reason ? ` — reason: ${decidedBy.reason}` : ""}
              </>
            ) : (
              "the checks (no manual decision)"
            )}
          </dd>
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="summary-h">
        <h2 id="summary-h">Verification</h2>
        <Summary v={v} />
      </section>
      <h2>Inputs</h2>
      <section className={styles.panel}>
        <Inputs v={v} />
      </section>
      <h2>Steps and checks</h2>
      <Steps v={v} />
      <h2>Comparisons</h2>
      <SideBySide v={v} />
      <h2>Timeline</h2>
      <section className={styles.panel}>
        <Timeline v={v} payloads={false} />
      </section>
    </article>
  );
}
