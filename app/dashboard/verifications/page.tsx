import Link from "next/link";
import { requireMember } from "@/lib/auth/current-member";
import {
  ListFiltersSchema,
  listVerifications,
  listWorkflowOptions,
  type ListFilters,
} from "@/lib/domain/verifications/list-verifications";
import { ModeSwitch } from "@/components/dashboard/mode-switch";
import styles from "@/components/dashboard/dashboard.module.css";

export const metadata = { title: "Verifications" };

const STATUSES = ["PENDING", "INITIATED", "PROCESSING", "COMPLETED", "FAILED", "ABANDONED", "EXPIRED"];
const RESULTS = ["APPROVED", "DECLINED", "MANUAL_REVIEW"];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function hrefWith(filters: ListFilters, page: { after?: string; before?: string }): string {
  const { after: _a, before: _b, ...kept } = filters;
  const query = new URLSearchParams(
    Object.entries({ ...kept, ...page }).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  );
  return `/dashboard/verifications?${query}`;
}

/** The export of the whole filtered list (no page cursor): lib/domain/verifications/export-verifications.ts. */
function exportHref(filters: ListFilters, format: "csv" | "json"): string {
  const { after: _a, before: _b, ...kept } = filters;
  const query = new URLSearchParams(
    Object.entries({ ...kept, format }).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  );
  return `/dashboard/verifications/export?${query}`;
}

const when = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 16) + " UTC" : "—");

// GET /dashboard/verifications — the account's verifications, filtered, newest first, keyset-paginated
export default async function VerificationsPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireMember("review");
  const raw = Object.fromEntries(
    Object.entries(await searchParams)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter(([, v]) => v !== ""),
  );
  const filters = ListFiltersSchema.parse(raw);
  const [page, workflows] = await Promise.all([listVerifications(member, filters), listWorkflowOptions(member)]);
  return (
    <>
      <h1>Verifications</h1>
      <ModeSwitch mode={filters.mode ?? "live"} path="/dashboard/verifications" />
      <form
        className={`${styles.panel} ${styles.filters}`}
        method="get"
        role="search"
        aria-label="Filter verifications"
      >
        {filters.mode === "test" ? <input type="hidden" name="mode" value="test" /> : null}
        <div className={styles.field}>
          <label htmlFor="q">Search</label>
          <input id="q" name="q" defaultValue={filters.q} placeholder="Reference, e-mail, name or id" />
        </div>
        <div className={styles.field}>
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={filters.status ?? ""}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.toLowerCase()}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="result">Result</label>
          <select id="result" name="result" defaultValue={filters.result ?? ""}>
            <option value="">Any</option>
            {RESULTS.map((r) => (
              <option key={r} value={r}>
                {r.replace("_", " ").toLowerCase()}
              </option>
            ))}
          </select>
        </div>
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
          <label htmlFor="from">From</label>
          <input id="from" name="from" type="date" defaultValue={filters.from} />
        </div>
        <div className={styles.field}>
          <label htmlFor="to">To</label>
          <input id="to" name="to" type="date" defaultValue={filters.to} />
        </div>
        <div className={styles.row}>
          <button className={styles.primary}>Filter</button>
          <Link href="/dashboard/verifications">Clear</Link>
        </div>
      </form>
      <p className={styles.row}>
        <a className={styles.secondary} href={exportHref(filters, "csv")} download data-testid="export-csv">
          Export CSV
        </a>
        <a className={styles.secondary} href={exportHref(filters, "json")} download data-testid="export-json">
          Export JSON
        </a>
        <span className={styles.muted}>every verification these filters match, not just this page</span>
      </p>
      <p className={styles.muted}>
        Search matches the start of metadata.reference or of the document&apos;s full name, an exact e-mail
        (metadata.email or the EMAIL input), or a verification id.
      </p>
      <section className={styles.panel}>
        {page.rows.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Created</th>
                <th>Reference</th>
                <th>Workflow</th>
                <th>Status</th>
                <th>Result</th>
                <th>Completed</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((v) => (
                <tr key={v.id}>
                  <td>
                    <Link href={`/dashboard/verifications/${v.id}`}>{when(v.createdAt)}</Link>
                  </td>
                  <td>
                    {v.redactedAt ? (
                      <span className={styles.muted}>redacted</span>
                    ) : (
                      (v.reference ?? <span className={styles.muted}>—</span>)
                    )}
                  </td>
                  <td>{v.workflowName}</td>
                  <td>{v.status.toLowerCase()}</td>
                  <td>
                    {v.result ? (
                      <span className={`${styles.badge} ${styles[v.result]}`}>
                        {v.result.replace("_", " ").toLowerCase()}
                      </span>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{when(v.completedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>No verifications match.</p>
        )}
        <nav className={styles.row} aria-label="Pages" style={{ marginTop: "0.75rem" }}>
          {page.prevCursor ? (
            <Link href={hrefWith(filters, { before: page.prevCursor })} rel="prev">
              ← Newer
            </Link>
          ) : null}
          {page.nextCursor ? (
            <Link href={hrefWith(filters, { after: page.nextCursor })} rel="next">
              Older →
            </Link>
          ) : null}
        </nav>
      </section>
    </>
  );
}
