import type { VerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { Badge } from "./badge";
import { json, when } from "./format";
import styles from "@/components/dashboard/dashboard.module.css";

/** Status, result, workflow, dates, identity, IP address and metadata of one verification. */
export function Summary({ v }: { v: VerificationDetail }) {
  return (
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
  );
}
