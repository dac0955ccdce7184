import Link from "next/link";
import { WatchlistAlerts } from "@/components/dashboard/watchlist-alerts";
import { requireMember } from "@/lib/auth/current-member";
import { can } from "@/lib/auth/permissions";
import { listWorkflowOptions } from "@/lib/domain/verifications/list-verifications";
import { listReviewers } from "@/lib/domain/review/case-lock";
import {
  listReviewQueue,
  QueueFiltersSchema,
  reviewSla,
  type QueueFilters,
} from "@/lib/domain/review/list-review-queue";
import { formatAge, REASON_FILTER_LABELS, REVIEW_REASON_FILTERS, slaColour } from "@/lib/domain/review/review-explain";
import { clock } from "@/lib/core/clock";
import { ModeSwitch } from "@/components/dashboard/mode-switch";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Review queue" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const SLA_STYLE = {
  green: { background: "#e6f4ea", color: "#1e4620" },
  amber: { background: "#fff4d6", color: "#5c3d00" },
  red: { background: "#fde7e7", color: "#7a1010" },
} as const;

function hrefWith(filters: QueueFilters, after?: string): string {
  const { after: _a, ...kept } = filters;
  const query = new URLSearchParams(
    Object.entries({ ...kept, after }).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  );
  return `/dashboard/review?${query}`;
}

// GET /dashboard/review — every case awaiting a decision, oldest first, with why, age, SLA colour and holder.
// Other parts of the desk add their own section below the table: the open watchlist alerts of ongoing screening.
export default async function ReviewQueuePage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireMember("review");
  const raw = Object.fromEntries(
    Object.entries(await searchParams)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter(([, v]) => v !== ""),
  );
  const filters = QueueFiltersSchema.parse(raw);
  const [page, workflows, reviewers, sla] = await Promise.all([
    listReviewQueue(member, filters),
    listWorkflowOptions(member),
    listReviewers(member),
    reviewSla(member.accountId),
  ]);
  const now = clock.now();
  return (
    <>
      <h1>Review queue</h1>
      <ModeSwitch mode={filters.mode ?? "live"} path="/dashboard/review" />
      <form className={`${styles.panel} ${styles.filters}`} method="get" role="search" aria-label="Filter the queue">
        {filters.mode === "test" ? <input type="hidden" name="mode" value="test" /> : null}
        <div className={styles.field}>
          <label htmlFor="workflowId">Workflow</label>
          <select id="workflowId" name="workflowId" defaultValue={filters.workflowId ?? ""}>
            <option value="">Any</option>
            {workflows.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="reason">Reason</label>
          <select id="reason" name="reason" defaultValue={filters.reason ?? ""}>
            <option value="">Any</option>
            {REVIEW_REASON_FILTERS.map((r) => (
              <option key={r} value={r}>
                {REASON_FILTER_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="assignee">Assignee</label>
          <select id="assignee" name="assignee" defaultValue={filters.assignee ?? ""}>
            <option value="">Anyone or nobody</option>
            <option value="me">Me</option>
            <option value="none">Nobody</option>
            {reviewers.map((r) => (
              <option key={r.userId} value={r.userId}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.row}>
          <button className={styles.primary}>Filter</button>
          <Link href="/dashboard/review">Clear</Link>
        </div>
      </form>
      <p className={styles.muted}>
        Oldest first. SLA: amber after {sla.amberHours} h, red after {sla.redHours} h of waiting
        {can(member, "manageReview") ? (
          <>
            {" "}
            (<Link href="/dashboard/review/settings">SLA and decision reasons</Link>)
          </>
        ) : null}
        .
      </p>
      <section className={styles.panel} aria-labelledby="queue-h">
        <h2 id="queue-h" className={styles.srOnly}>
          Cases awaiting a decision
        </h2>
        {page.rows.length ? (
          <table className={styles.table} data-testid="review-queue">
            <thead>
              <tr>
                <th>Waiting</th>
                <th>Case</th>
                <th>Workflow</th>
                <th>Why</th>
                <th>Held by</th>
                <th>Notes</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((r) => {
                const colour = slaColour(r.waitingSince, now, sla);
                return (
                  <tr key={r.id} data-verification-id={r.id}>
                    <td>
                      <span className={styles.badge} style={SLA_STYLE[colour]}>
                        {formatAge(r.waitingSince, now)} · {colour}
                      </span>
                    </td>
                    <td>
                      <Link href={`/dashboard/verifications/${r.id}`} className={styles.code}>
                        {r.id.slice(0, 8)}
                      </Link>
                    </td>
                    <td>{r.workflowName}</td>
                    <td>
                      {r.why.length ? (
                        <ul style={{ margin: 0, paddingInlineStart: "1rem" }}>
                          {r.why.map((w) => (
                            <li key={w}>{w}</li>
                          ))}
                        </ul>
                      ) : (
                        <span className={styles.muted}>—</span>
                      )}
                    </td>
                    <td>
                      {r.assignee ? (
                        r.assignee.userId === member.userId ? (
                          "You"
                        ) : (
                          r.assignee.name
                        )
                      ) : (
                        <span className={styles.muted}>nobody</span>
                      )}
                    </td>
                    <td>
                      {r.notes ? (
                        <span title={r.lastNote ?? ""}>
                          {r.notes} · {(r.lastNote ?? "").slice(0, 60)}
                          {(r.lastNote ?? "").length > 60 ? "…" : ""}
                        </span>
                      ) : (
                        <span className={styles.muted}>—</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>Nothing awaits review.</p>
        )}
        <nav className={styles.row} aria-label="Pages" style={{ marginTop: "0.75rem" }}>
          {filters.after ? <Link href={hrefWith(filters)}>← Oldest</Link> : null}
          {page.nextCursor ? (
            <Link href={hrefWith(filters, page.nextCursor)} rel="next">
              Newer →
            </Link>
          ) : null}
        </nav>
      </section>
      <WatchlistAlerts member={member} />
    </>
  );
}
