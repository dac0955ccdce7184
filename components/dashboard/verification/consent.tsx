import type { VerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { json, when } from "./format";
import styles from "@/components/dashboard/dashboard.module.css";

/** The end user's answer on the hosted page's consent screen (none: inputs came with an API key, or nothing yet). */
export function Consent({ v }: { v: VerificationDetail }) {
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
