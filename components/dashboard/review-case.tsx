import { ActionButton } from "@/components/dashboard/action-button";
import { DecisionForm, ReassignForm } from "@/components/dashboard/review-forms";
import { assignCaseAction, reassignCaseAction } from "@/lib/actions/review/case-actions";
import { decideReviewAction } from "@/lib/actions/review/verification-actions";
import type { ReviewCaseView } from "@/lib/domain/review/load-review-case";
import styles from "@/components/dashboard/dashboard.module.css";

const when = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 16) + " UTC" : "");

/**
 * The case view's review panel (a verification awaiting a decision): who holds the case (the lock), assign to me /
 * reassign / unassign / take over, and the decision form with the account's reasons and the keyboard shortcuts.
 * A member who does not hold a held case sees who does and no decision form. The page loads `view`
 * (lib/domain/review/load-review-case.ts).
 */
export function ReviewCase({
  userId,
  verificationId,
  view,
}: {
  /** the signed-in member */
  userId: string;
  verificationId: string;
  view: ReviewCaseView;
}) {
  const { holder, reviewers, reasons, mayForce } = view;
  const mine = holder?.userId === userId;
  const heldByOther = Boolean(holder && !mine);
  const others = reviewers.filter((r) => r.userId !== holder?.userId);
  const nextCaseHref = view.nextCaseId ? `/dashboard/verifications/${view.nextCaseId}` : null;
  return (
    <div data-testid="review-case">
      <p role="status" data-testid="case-holder">
        {holder
          ? mine
            ? `You hold this case (since ${when(holder.since)}).`
            : `${holder.name} holds this case (since ${when(holder.since)}): only they can decide it.`
          : "Nobody holds this case: assign it to yourself, or deciding takes it."}
      </p>
      <div className={styles.row}>
        {!holder ? (
          <ActionButton action={assignCaseAction.bind(null, verificationId, "me", false)} label="Assign to me" />
        ) : null}
        {mine ? (
          <ActionButton action={assignCaseAction.bind(null, verificationId, null, false)} label="Unassign" />
        ) : null}
        {heldByOther && mayForce ? (
          <ActionButton
            action={assignCaseAction.bind(null, verificationId, "me", true)}
            label="Take over"
            confirm={`Take this case over from ${holder!.name}? This is recorded in the audit log.`}
            variant="danger"
          />
        ) : null}
        {heldByOther && mayForce ? (
          <ActionButton action={assignCaseAction.bind(null, verificationId, null, true)} label="Release" />
        ) : null}
      </div>
      {!heldByOther || mayForce ? (
        <ReassignForm
          action={reassignCaseAction}
          verificationId={verificationId}
          members={others}
          force={heldByOther}
        />
      ) : null}
      {heldByOther ? (
        nextCaseHref ? (
          <p>
            <a href={nextCaseHref}>Next case →</a>
          </p>
        ) : null
      ) : (
        <DecisionForm
          action={decideReviewAction}
          verificationId={verificationId}
          reasons={reasons}
          nextCaseHref={nextCaseHref}
        />
      )}
    </div>
  );
}
