import { clock } from "@/lib/core/clock";
import { requireMember } from "@/lib/auth/current-member";
import { dataMode } from "@/lib/shared/data-mode";
import { overviewStats, type DayCounts } from "@/lib/domain/verifications/overview-stats";
import { ModeSwitch } from "@/components/dashboard/mode-switch";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Overview" };

const COLORS: Record<Exclude<keyof DayCounts, "day">, string> = {
  APPROVED: "#17b26a",
  DECLINED: "#f04438",
  MANUAL_REVIEW: "#f79009",
  other: "#98a2b3",
};
const LABELS: Record<keyof typeof COLORS, string> = {
  APPROVED: "Approved",
  DECLINED: "Declined",
  MANUAL_REVIEW: "Manual review",
  other: "In progress / other",
};

function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  if (seconds < 7200) return `${(seconds / 60).toFixed(1)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const member = await requireMember();
  const mode = dataMode((await searchParams).mode);
  const stats = await overviewStats(member.accountId, clock.now(), 30, mode);
  const max = Math.max(1, ...stats.perDay.map((d) => d.APPROVED + d.DECLINED + d.MANUAL_REVIEW + d.other));
  const { started, inputsCompleted, completed } = stats.funnel;
  const pct = (n: number) => (started ? `${Math.round((n / started) * 100)} %` : "—");
  return (
    <>
      <h1>Overview</h1>
      <ModeSwitch mode={mode} path="/dashboard" />
      <p className={styles.muted}>
        Last {stats.days} days · client id <span className={styles.code}>{member.clientId}</span>
      </p>
      <div className={styles.grid}>
        <section className={styles.panel} aria-label="Funnel">
          <div className={styles.muted}>Started → inputs completed → completed</div>
          <p className={styles.stat}>
            {started} → {inputsCompleted} → {completed}
          </p>
          <div className={styles.muted}>
            {pct(inputsCompleted)} submitted · {pct(completed)} decided
          </div>
        </section>
        <section className={styles.panel} aria-label="Median time to decision">
          <div className={styles.muted}>Median time to decision</div>
          <p className={styles.stat}>{duration(stats.medianSeconds.startToDecision)}</p>
          <div className={styles.muted}>
            {duration(stats.medianSeconds.inputsToDecision)} after the inputs were complete
          </div>
        </section>
      </div>
      <section className={styles.panel}>
        <h2>Verifications per day, by result</h2>
        <div className={styles.bars} role="img" aria-label={`Verifications per day over the last ${stats.days} days`}>
          {stats.perDay.map((d) => {
            const total = d.APPROVED + d.DECLINED + d.MANUAL_REVIEW + d.other;
            return (
              <div
                key={d.day}
                title={`${d.day}: ${total}`}
                style={{ flex: 1, display: "flex", flexDirection: "column-reverse", height: "100%" }}
              >
                {(Object.keys(COLORS) as (keyof typeof COLORS)[]).map((k) =>
                  d[k] ? <div key={k} style={{ height: `${(d[k] / max) * 100}%`, background: COLORS[k] }} /> : null,
                )}
              </div>
            );
          })}
        </div>
        <div className={styles.legend}>
          {(Object.keys(COLORS) as (keyof typeof COLORS)[]).map((k) => (
            <span key={k}>
              <span className={styles.swatch} style={{ background: COLORS[k] }} />
              {LABELS[k]}
            </span>
          ))}
        </div>
      </section>
      <section className={styles.panel}>
        <h2>Most common decline reasons</h2>
        {stats.declineReasons.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Process</th>
                <th>Check</th>
                <th>Declined verifications</th>
              </tr>
            </thead>
            <tbody>
              {stats.declineReasons.map((r) => (
                <tr key={`${r.process}:${r.check}`}>
                  <td>{r.process}</td>
                  <td>{r.check}</td>
                  <td>{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>No declined verifications in this period.</p>
        )}
      </section>
    </>
  );
}
