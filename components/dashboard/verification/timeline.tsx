import type { VerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import { json, when } from "./format";
import styles from "@/components/dashboard/dashboard.module.css";

/** Events with their webhook deliveries, then the audit entries (who decided, corrected, erased, exported). */
export function Timeline({ v, payloads = true }: { v: VerificationDetail; payloads?: boolean }) {
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
          {payloads ? (
            <details>
              <summary>Payload</summary>
              <pre className={styles.pre}>{json(e.payload)}</pre>
            </details>
          ) : null}
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
