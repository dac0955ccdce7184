import Link from "next/link";
import { requireMember } from "@/lib/auth/current-member";
import { listDecisionReasons } from "@/lib/domain/review/decision-reasons";
import { reviewSla } from "@/lib/domain/review/list-review-queue";
import { ActionButton } from "@/components/dashboard/action-button";
import { AddReasonForm, RenameReasonForm, SlaForm } from "@/components/dashboard/review-forms";
import {
  addReasonAction,
  archiveReasonAction,
  renameReasonAction,
  updateSlaAction,
} from "@/lib/actions/review/case-actions";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Review settings" };

// GET /dashboard/review/settings — owners and admins: the queue's SLA hours and the decision reasons
export default async function ReviewSettingsPage() {
  const member = await requireMember("manageReview");
  const [reasons, sla] = await Promise.all([
    listDecisionReasons(member, { includeArchived: true }),
    reviewSla(member.accountId),
  ]);
  return (
    <>
      <p>
        <Link href="/dashboard/review">← Review queue</Link>
      </p>
      <h1>Review settings</h1>
      <section className={styles.panel} aria-labelledby="sla-h">
        <h2 id="sla-h">SLA</h2>
        <SlaForm action={updateSlaAction} amberHours={sla.amberHours} redHours={sla.redHours} />
      </section>
      <section className={styles.panel} aria-labelledby="reasons-h">
        <h2 id="reasons-h">Decision reasons</h2>
        <p className={styles.muted}>
          A reviewer picks one when approving or declining. Archived reasons are hidden from the form; decided cases
          keep the label they were given.
        </p>
        {(["APPROVED", "DECLINED"] as const).map((decision) => (
          <div key={decision}>
            <h3>{decision === "APPROVED" ? "Approve" : "Decline"}</h3>
            <ul>
              {reasons
                .filter((r) => r.decision === decision)
                .map((r) => (
                  <li key={r.id} className={styles.row}>
                    <RenameReasonForm action={renameReasonAction} reasonId={r.id} label={r.label} />
                    {r.archived ? <span className={styles.muted}>archived</span> : null}
                    <ActionButton
                      action={archiveReasonAction.bind(null, r.id, !r.archived)}
                      label={r.archived ? "Restore" : "Archive"}
                      variant="small"
                    />
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <AddReasonForm action={addReasonAction} />
      </section>
    </>
  );
}
