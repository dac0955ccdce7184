import "server-only";
import Link from "next/link";
import { ActionButton } from "@/components/dashboard/action-button";
import { decideAlertAction } from "@/lib/actions/watchlist/alert-actions";
import type { Member } from "@/lib/auth/permissions";
import { listOpenAlerts } from "@/lib/domain/watchlist/rescreen/watchlist-alerts";
import styles from "@/components/dashboard/dashboard.module.css";

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16) + " UTC";
const FIELD_LABELS: Record<string, string> = { name: "name", date_of_birth: "date of birth" };
const DOB_LABELS: Record<string, string> = {
  EXACT: "same date of birth",
  SAME_YEAR: "same birth year",
  NEAR_YEAR: "birth year ±1",
  UNKNOWN: "no date of birth to compare",
  CONFLICT: "different date of birth",
};

/**
 * Open alerts of ongoing screening (lib/domain/watchlist/rescreen): which approved verification matched which list entry,
 * how closely and on which fields, with dismiss / confirm. Loads its own data for the member (permission `review`).
 */
export async function WatchlistAlerts({ member }: { member: Member }) {
  const { alerts, total } = await listOpenAlerts(member);
  return (
    <section className={styles.panel} aria-labelledby="watchlist-alerts-h">
      <h2 id="watchlist-alerts-h">Watchlist alerts ({total} open)</h2>
      {alerts.length === 0 ? (
        <p className={styles.muted}>
          No open alert. Alerts appear when ongoing screening (Settings) finds a new match after a list import.
        </p>
      ) : (
        <div style={{ overflowX: "auto" }}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Verification</th>
                <th scope="col">List entry</th>
                <th scope="col">Score</th>
                <th scope="col">Fields matched</th>
                <th scope="col">Raised</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((alert) => (
                <tr key={alert.id}>
                  <td>
                    <Link href={`/dashboard/verifications/${alert.verificationId}`}>
                      {alert.verificationId.slice(0, 8)}…
                    </Link>
                  </td>
                  <td>
                    <strong>{alert.entryName}</strong>
                    {alert.matchedName !== alert.entryName ? <> (as “{alert.matchedName}”)</> : null}
                    <br />
                    <span className={styles.muted}>
                      {alert.listName} · {alert.externalId}
                      {alert.programs.length ? ` · ${alert.programs.join(", ")}` : ""}
                    </span>
                  </td>
                  <td>{alert.score.toFixed(3)}</td>
                  <td>
                    {alert.details.matchedFields.map((f) => FIELD_LABELS[f] ?? f).join(", ")}
                    <br />
                    <span className={styles.muted}>
                      {alert.details.listTokens.map((t) => `${t.token} ${t.similarity}`).join(", ")} ·{" "}
                      {DOB_LABELS[alert.details.dob] ?? alert.details.dob}
                    </span>
                  </td>
                  <td>{when(alert.createdAt)}</td>
                  <td>
                    <span className={styles.row}>
                      <ActionButton
                        action={decideAlertAction.bind(null, alert.id, "DISMISSED")}
                        label="Dismiss"
                        pendingLabel="Dismissing…"
                        variant="small"
                      />
                      <ActionButton
                        action={decideAlertAction.bind(null, alert.id, "CONFIRMED")}
                        label="Confirm match"
                        pendingLabel="Confirming…"
                        confirm="Confirm that this person is the one on the list? This is recorded in the audit log."
                        variant="small"
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {total > alerts.length ? (
            <p className={styles.muted}>
              Showing the newest {alerts.length} of {total}.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
