import { loadDecision } from "@/lib/domain/verifications/load-decision";
import type { Member } from "@/lib/auth/permissions";
import styles from "@/components/dashboard/dashboard.module.css";

const words = (result: string | null) => (result ? result.replace("_", " ").toLowerCase() : "failed");

/**
 * "Decided by rule …": which decision rules of the verification's workflow version made its automatic outcome
 * (docs/decision-rules.md). A server component: loads its own data for the member's account.
 */
export async function DecisionSummary({ verificationId, member }: { verificationId: string; member: Member }) {
  const loaded = await loadDecision(member, verificationId);
  if (!loaded) return null;
  const { decision, version, ruleCount } = loaded;
  return (
    <section className={styles.panel} aria-labelledby="decision-h">
      <h2 id="decision-h">How it was decided</h2>
      {decision.status === "FAILED" ? (
        <p>A step could not run: the verification failed before any rule applied.</p>
      ) : decision.decidedBy.length ? (
        decision.decidedBy.map((d) => (
          <p key={d.rule}>
            Decided by rule {d.rule} of version {version}: {d.label} → {words(decision.result)}
          </p>
        ))
      ) : (
        <p>
          Decided by the fixed combination (any declined step → declined, else any review → manual review, else
          approved){ruleCount ? `; none of version ${version}'s ${ruleCount} rule(s) changed the outcome` : ""}.
        </p>
      )}
      {decision.decidedBy.length ? (
        <p className={styles.muted}>Without the rules: {words(decision.defaultResult)}.</p>
      ) : null}
      {decision.rulesUnreadable ? (
        <p className={styles.muted}>
          The rules of version {version} could not be read: the outcome was held at manual review at best.
        </p>
      ) : null}
      {decision.applied.length ? (
        <ul aria-label="Rules applied">
          {decision.applied.map((a, i) => (
            <li key={i}>
              Rule {a.rule} ({a.check}
              {a.score !== undefined ? `, score ${a.score}` : ""}): {a.from.toLowerCase()} → {a.to.toLowerCase()}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
