import Link from "next/link";
import { notFound } from "next/navigation";
import { can } from "@/lib/auth/permissions";
import { NotFoundError } from "@/lib/core/errors";
import { requireMember } from "@/lib/auth/current-member";
import { loadVerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { awaitsDecision } from "@/lib/domain/review/decide-review";
import { DeleteDataForm } from "@/components/dashboard/review-forms";
import { DecisionSummary } from "@/components/dashboard/decision-summary";
import { ReviewCase } from "@/components/dashboard/review-case";
import { loadReviewCase } from "@/lib/domain/review/load-review-case";
import { ReviewNotes } from "@/components/dashboard/review-notes";
import { Consent } from "@/components/dashboard/verification/consent";
import { when } from "@/components/dashboard/verification/format";
import { Inputs } from "@/components/dashboard/verification/inputs";
import { SideBySide } from "@/components/dashboard/verification/side-by-side";
import { Steps } from "@/components/dashboard/verification/steps";
import { Summary } from "@/components/dashboard/verification/summary";
import { Timeline } from "@/components/dashboard/verification/timeline";
import { deletePersonalDataAction } from "@/lib/actions/privacy/privacy-actions";
import { correctDocumentDataAction } from "@/lib/actions/review/verification-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Verification" };

// GET /dashboard/verifications/:verificationId — summary, side-by-side comparisons, inputs, steps, timeline; review
// and erasure. The sections live in components/dashboard/verification/; other parts of the desk add their own
// self-contained section with one line near the end (before "Delete personal data").
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
      <p className={styles.row}>
        <Link href="/dashboard/verifications">← Verifications</Link>
        <Link href={`/dashboard/verifications/${v.id}/report`}>Auditor report</Link>
      </p>
      <h1>
        Verification <span className={styles.code}>{v.id}</span>
      </h1>
      {v.redactedAt ? (
        <p className={styles.notice}>Personal data deleted {when(v.redactedAt)}. Only this stub remains.</p>
      ) : null}
      {!v.personalDataShown ? (
        <p className={styles.notice} data-testid="personal-data-hidden">
          Personal data is hidden: your membership does not include the personal-data permission (the account&apos;s
          owner can grant it on the Members page).
        </p>
      ) : null}
      <section className={styles.panel}>
        <Summary v={v} />
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
          <ReviewCase userId={member.userId} verificationId={v.id} view={await loadReviewCase(member, v.id)} />
        </section>
      ) : null}
      <h2>Side by side</h2>
      <SideBySide v={v} />
      <h2>Inputs</h2>
      <section className={styles.panel}>
        <Inputs v={v} />
      </section>
      <h2>Steps</h2>
      <Steps v={v} correctAction={can(member, "review") ? correctDocumentDataAction : undefined} />
      <h2>Timeline</h2>
      <section className={styles.panel}>
        <Timeline v={v} />
      </section>
      <DecisionSummary verificationId={v.id} member={member} />
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
