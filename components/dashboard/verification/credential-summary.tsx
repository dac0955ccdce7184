import { credentialView } from "./credential-view";
import styles from "@/components/dashboard/dashboard.module.css";

/** A DIGITAL_CREDENTIAL step at a glance: signed and verified (or why not), issuer, kind, claims disclosed. */
export function CredentialSummary({
  processType,
  result,
  data,
}: {
  processType: string;
  result: string | null;
  data: Record<string, unknown>;
}) {
  const view = credentialView(processType, result, data);
  if (!view) return null;
  return (
    <div data-testid="credential-summary">
      <p>
        <strong>{view.headline}</strong>
      </p>
      <dl className={styles.kv}>
        {view.issuer ? (
          <>
            <dt>Issuer</dt>
            <dd>{view.issuer}</dd>
          </>
        ) : null}
        {view.kind ? (
          <>
            <dt>Credential</dt>
            <dd>
              {view.kind}
              {view.format ? ` (${view.format})` : ""}
            </dd>
          </>
        ) : null}
        {view.validity ? (
          <>
            <dt>Valid</dt>
            <dd>{view.validity}</dd>
          </>
        ) : null}
        <dt>Claims disclosed</dt>
        <dd>{view.disclosed.length ? view.disclosed.join(", ") : "none"}</dd>
      </dl>
    </div>
  );
}
