import "server-only";
import { prisma } from "@/lib/core/db";
import { can, type Member } from "@/lib/auth/permissions";
import { caseHolder, listReviewers } from "@/lib/domain/review/case-lock";
import { listDecisionReasons } from "@/lib/domain/review/decision-reasons";
import { nextCaseId } from "@/lib/domain/review/list-review-queue";
import { ActionButton } from "@/components/dashboard/action-button";
import { DecisionForm, ReassignForm } from "@/components/dashboard/review-forms";
import { assignCaseAction, reassignCaseAction } from "@/app/dashboard/review/actions";
import { decideReviewAction } from "@/app/dashboard/verifications/[verificationId]/actions";
import styles from "@/components/dashboard/dashboard.module.css";

const when = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 16) + " UTC" : "");

/**
 * The case view's review panel (a verification awaiting a decision): who holds the case (the lock), assign to me /
 * reassign / unassign / take over, and the decision form with the account's reasons and the keyboard shortcuts.
 * A member who does not hold a held case sees who does and no decision form.
 */
export async function ReviewCase({ member, verificationId }: { member: Member; verificationId: string }) {
  const mode =
    (
      await prisma.verification.findFirst({
        where: { id: verificationId, accountId: member.accountId },
        select: { mode: true },
      })
    )?.mode ?? "live";
  const [holder, reviewers, reasons, nextId] = await Promise.all([
    caseHolder(prisma, verificationId),
    listReviewers(member),
    listDecisionReasons(member),
    nextCaseId(member, verificationId, mode),
  ]);
  const mine = holder?.userId === member.userId;
  const heldByOther = Boolean(holder && !mine);
  const mayForce = can(member, "manageReview");
  const others = reviewers.filter((r) => r.userId !== holder?.userId);
  const nextCaseHref = nextId ? `/dashboard/verifications/${nextId}` : null;
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
          reasons={reasons.map((r) => ({ decision: r.decision, label: r.label }))}
          nextCaseHref={nextCaseHref}
        />
      )}
    </div>
  );
}
