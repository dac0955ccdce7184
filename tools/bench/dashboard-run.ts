// bench:dashboard's measurement: listVerifications() (lib/domain/verifications/list-verifications.ts) called directly, as the
// list page calls it, for each case; plus EXPLAIN (ANALYZE) of its SQL to show the index the planner chose.
// The baseline, measured in the same run: one row of the account fetched by its index through the same client.
// Usage: dashboard-run.ts <accountId> <workflowId> <deepCursor> <runs>. Prints ONE JSON line ({ cases, baseline }).
import { prisma } from "@/lib/core/db";
import { Prisma } from "@/generated/prisma/client";
import {
  ListFiltersSchema,
  listVerifications,
  listVerificationsSql,
} from "@/lib/domain/verifications/list-verifications";

const [accountId, workflowId, deepCursor, runsArg] = process.argv.slice(2) as [string, string, string, string];
const runs = Number(runsArg);
const member = { accountId, role: "OWNER" as const };

const CASES: Record<string, Record<string, string>> = {
  firstPage: {},
  deepPage: { after: deepCursor },
  status: { status: "FAILED" },
  statusRare: { status: "PROCESSING" },
  result: { result: "MANUAL_REVIEW" },
  workflow: { workflowId },
  dateRange: { from: "2026-03-01", to: "2026-03-07" },
  statusAndDates: { status: "COMPLETED", from: "2026-03-01", to: "2026-03-07" },
  searchReference: { q: "bench-ref-77777" },
  searchReferencePrefix: { q: "bench-ref-4242" },
  searchEmail: { q: "person-123000@example.test" },
  searchName: { q: "zelda 4711" },
  searchNoMatch: { q: "no-such-thing" },
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** The times of `runs` calls of `call` after two warm-up calls (sorted), and its last answer. */
async function timed<T>(call: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    last = await call();
    if (i >= 2) times.push(performance.now() - started); // two warm-up calls
  }
  return { times: times.sort((a, b) => a - b), last: last! };
}

async function main() {
  await prisma.$queryRaw`SELECT 1`;
  const results: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(CASES)) {
    const filters = ListFiltersSchema.parse(raw);
    const { times, last: page } = await timed(() => listVerifications(member, filters));
    const rows = page.rows.length;
    const plan = (
      await prisma.$queryRaw<{ "QUERY PLAN": string }[]>(
        Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${listVerificationsSql(accountId, filters, true)}`,
      )
    ).map((r) => r["QUERY PLAN"]);
    const indexes = [
      ...new Set(
        plan
          .map(
            (l) =>
              /(?:Index Scan(?: Backward)? using|Bitmap Index Scan on|Index Only Scan(?: Backward)? using) "?([^" ]+)"?/.exec(
                l,
              )?.[1],
          )
          .filter(Boolean),
      ),
    ];
    results[name] = {
      filters: raw,
      rows,
      medianMs: Number(quantile(times, 0.5).toFixed(2)),
      p95Ms: Number(quantile(times, 0.95).toFixed(2)),
      indexes,
      seqScan: plan.some((l) => /Seq Scan on "Verification"/.test(l)),
      executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan.join("\n"))?.[1] ?? NaN),
      plan,
    };
  }
  // the baseline, measured in the same run: one row of the account by its index, through the same client, after the
  // cases (as warm as they are)
  const floor = await timed(() =>
    prisma.verification.findFirst({ where: { accountId }, select: { id: true }, orderBy: { createdAt: "desc" } }),
  );
  const baseline = {
    call: "prisma.verification.findFirst({ where: { accountId }, orderBy: { createdAt: 'desc' } }), one row",
    medianMs: Number(quantile(floor.times, 0.5).toFixed(2)),
    p95Ms: Number(quantile(floor.times, 0.95).toFixed(2)),
  };
  process.stdout.write(`${JSON.stringify({ cases: results, baseline })}\n`);
}

main()
  .catch((error) => {
    console.error(`[bench dashboard-run] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
