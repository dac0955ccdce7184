#!/usr/bin/env node
// `npm run bench:sweep`: the stale sweep (lib/domain/verifications/sweep-stale.ts, every 5 minutes) over a table of
// BENCH_SWEEP_ROWS (1,000,000) verifications. The rows are written with SQL (INSERT … SELECT generate_series, in
// chunks of 100,000; ids from uuidv7(), PostgreSQL 18 as embedded) for one bench account, workflow version and
// identity, with a realistic mix:
//   - final (COMPLETED 90%, FAILED, ABANDONED, EXPIRED) spread over the last year: what the sweep must skip;
//   - 2% fresh PENDING / INITIATED / PROCESSING (active within 22 h; half with a link expiring in 48 h);
//   - BENCH_SWEEP_STALE_FRACTION (0.001: 1,000 of 1M) non-final rows inactive for 25 h or more → ABANDONED;
//   - BENCH_SWEEP_EXPIRED_FRACTION (0.0002: 200 of 1M) PENDING / INITIATED rows whose link has expired → EXPIRED.
// Then VACUUM ANALYZE, EXPLAIN (ANALYZE) of the sweep's two selection queries (inside a rolled-back transaction),
// and sweepStaleVerifications() timed twice in a tsx child (tools/bench/sweep-run.ts): the second has nothing
// to do. The baseline, measured in the same run: a count of the whole table; the sweeps' ratios to it are printed.
// The rows are deleted at the end (BENCH_KEEP_DATA=1 keeps them). Prints a table, then ONE JSON line (also
// bench-results/sweep.json). Target reported, never asserted. Recorded runs: docs/benchmarks.md.
import { runMigrations } from "../../server/db.ts";
import {
  createBenchAccount,
  database,
  databaseLabel,
  deleteAccountVerifications,
  deleteBenchAccount,
  fmt,
  machine,
  printTable,
  ratio,
  runMain,
  runTs,
  setting,
  writeReport,
} from "./common.mjs";

const TARGET = { maxSweepMs: 5_000 };
const CHUNK = 100_000;
const ROWS = Math.ceil(setting("BENCH_SWEEP_ROWS", 1_000_000) / CHUNK) * CHUNK;
const STALE_FRACTION = setting("BENCH_SWEEP_STALE_FRACTION", 0.001, 0);
const EXPIRED_FRACTION = setting("BENCH_SWEEP_EXPIRED_FRACTION", 0.0002, 0);
const FRESH_FRACTION = 0.02;
const log = (msg) => console.error(`[bench:sweep] ${msg}`);

let bench = null;
let db = null;

// rows are placed by k = (g * 48271) mod 100000, a permutation of each block of 100,000: exact fractions per
// block, spread over the heap instead of clustered at its start
const INSERT = `
  INSERT INTO "Verification" ("id", "accountId", "workflowId", "workflowVersionId", "identityId", "status", "result", "metadata",
                              "expiresAt", "createdAt", "updatedAt", "lastActivityAt", "inputsCompletedAt", "completedAt")
  SELECT uuidv7(), $1::uuid, $2::uuid, $3::uuid, $4::uuid, x.status::"VerificationStatus", x.result::"VerificationResult",
         jsonb_build_object('reference', 'bench-sweep-' || g), x.expires, x.created, x.activity, x.activity, x.inputs, x.completed
  FROM generate_series($5::int, $6::int) g
  CROSS JOIN LATERAL (SELECT (g::bigint * 48271) % 100000 AS k, ($7::timestamptz AT TIME ZONE 'UTC') AS n) p
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN p.k < $8 THEN (ARRAY['PENDING','INITIATED','PROCESSING'])[g % 3 + 1]
      WHEN p.k < $9 THEN (ARRAY['PENDING','INITIATED'])[g % 2 + 1]
      WHEN p.k < $10 THEN (ARRAY['PENDING','INITIATED','PROCESSING'])[g % 3 + 1]
      ELSE CASE WHEN p.k % 100 < 90 THEN 'COMPLETED' WHEN p.k % 100 < 93 THEN 'FAILED' WHEN p.k % 100 < 98 THEN 'ABANDONED' ELSE 'EXPIRED' END
    END AS status,
    CASE
      WHEN p.k < $8 THEN p.n - interval '25 hours' - (g % 4320) * interval '1 minute'
      WHEN p.k < $9 THEN p.n - (g % 600) * interval '1 minute'
      WHEN p.k < $10 THEN p.n - (g % 1320) * interval '1 minute'
      ELSE p.n - interval '1 day' - (g % 525600) * interval '1 minute'
    END AS activity
  ) s
  CROSS JOIN LATERAL (
    SELECT s.status, s.activity, s.activity - interval '10 minutes' AS created,
      CASE WHEN s.status = 'COMPLETED' THEN (ARRAY['APPROVED','APPROVED','APPROVED','APPROVED','APPROVED','APPROVED','APPROVED','DECLINED','MANUAL_REVIEW','MANUAL_REVIEW'])[g % 10 + 1] END AS result,
      CASE WHEN p.k >= $8 AND p.k < $9 THEN p.n - interval '1 minute' - (g % 600) * interval '1 second'
           WHEN p.k >= $9 AND p.k < $10 AND g % 2 = 0 THEN p.n + interval '48 hours' END AS expires,
      CASE WHEN s.status IN ('PROCESSING','COMPLETED','FAILED') THEN s.activity - interval '2 minutes' END AS inputs,
      CASE WHEN s.status IN ('COMPLETED','FAILED','ABANDONED','EXPIRED') THEN s.activity END AS completed
  ) x`;

// the sweep's two selection queries (lib/domain/verifications/sweep-stale.ts), with the times it would use
const SELECTIONS = {
  expired: `SELECT "id" FROM "Verification" WHERE "status" IN ('PENDING', 'INITIATED') AND "expiresAt" < ($1::timestamptz AT TIME ZONE 'UTC') LIMIT 1000 FOR UPDATE SKIP LOCKED`,
  abandoned: `SELECT "id" FROM "Verification" WHERE "status" IN ('PENDING', 'INITIATED', 'PROCESSING') AND "lastActivityAt" < ($1::timestamptz AT TIME ZONE 'UTC') - interval '24 hours' LIMIT 1000 FOR UPDATE SKIP LOCKED`,
};

async function explain(now) {
  const plans = {};
  await db.query("BEGIN"); // FOR UPDATE takes row locks: released by the ROLLBACK
  try {
    for (const [name, sql] of Object.entries(SELECTIONS)) {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [now.toISOString()]);
      plans[name] = rows.map((r) => r["QUERY PLAN"]);
    }
    // for comparison: the same abandoned selection when the planner may use neither a bitmap nor a sequential scan
    await db.query("SET LOCAL enable_bitmapscan = off");
    await db.query("SET LOCAL enable_seqscan = off");
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${SELECTIONS.abandoned}`, [now.toISOString()]);
    plans.abandonedIndexScansOnly = rows.map((r) => r["QUERY PLAN"]);
  } finally {
    await db.query("ROLLBACK");
  }
  return plans;
}

const countDue = async (now, accountFilter) => {
  const {
    rows: [row],
  } = await db.query(
    `SELECT count(*) FILTER (WHERE "status" IN ('PENDING','INITIATED') AND "expiresAt" < $1) AS expired,
            count(*) FILTER (WHERE "status" IN ('PENDING','INITIATED','PROCESSING') AND "lastActivityAt" < $1::timestamp - interval '24 hours'
                             AND NOT coalesce("status" IN ('PENDING','INITIATED') AND "expiresAt" < $1, false)) AS abandoned
     FROM "Verification" WHERE ${accountFilter}`,
    [now.toISOString().replace("Z", ""), bench.accountId],
  );
  return { expired: Number(row.expired), abandoned: Number(row.abandoned) };
};

async function cleanUp() {
  if (bench && process.env.BENCH_KEEP_DATA !== "1") {
    log("deleting the bench rows…");
    const started = Date.now();
    try {
      db ??= await database();
      await db.query("ROLLBACK").catch(() => undefined);
      const deleted = await deleteAccountVerifications(db, bench.accountId, CHUNK);
      deleteBenchAccount(bench.accountId);
      await db.query(`VACUUM ANALYZE "Verification"`);
      log(`deleted ${deleted} verifications and the bench account in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      log(error.message);
    }
    bench = null;
  }
  await db?.end().catch(() => undefined);
  db = null;
}

async function main() {
  log(`migrations: ${await runMigrations("deploy")}`);
  db = await database();
  bench = createBenchAccount();
  const loadBefore = machine().loadAverage;
  const stale = Math.round(STALE_FRACTION * CHUNK);
  const expired = Math.round(EXPIRED_FRACTION * CHUNK);
  const fresh = Math.round(FRESH_FRACTION * CHUNK);
  const {
    rows: [ids],
  } = await db.query(
    `WITH i AS (INSERT INTO "Identity" ("id", "accountId", "userId") VALUES (uuidv7(), $1, 'bench-sweep') RETURNING "id")
     SELECT i."id" AS "identityId", w."currentVersionId" AS "versionId" FROM i, "Workflow" w WHERE w."id" = $2`,
    [bench.accountId, bench.flowId],
  );
  const otherAccountsDueBefore = await countDue(new Date(), `"accountId" <> $2`);

  const now = new Date();
  log(
    `writing ${ROWS.toLocaleString("en")} verifications (${(ROWS / CHUNK) * stale} stale, ${(ROWS / CHUNK) * expired} with expired links)…`,
  );
  const insertStarted = Date.now();
  for (let from = 1; from <= ROWS; from += CHUNK) {
    await db.query(INSERT, [
      bench.accountId,
      bench.flowId,
      ids.versionId,
      ids.identityId,
      from,
      from + CHUNK - 1,
      now.toISOString(),
      stale,
      stale + expired,
      stale + expired + fresh,
    ]);
    log(`  ${(from + CHUNK - 1).toLocaleString("en")} rows (${((Date.now() - insertStarted) / 1000).toFixed(0)} s)`);
  }
  // a stale PROCESSING verification has its processing job; the sweep closes it (due in a year: no worker takes it)
  await db.query(
    `INSERT INTO "Job" ("id", "type", "verificationId", "dedupeKey", "runAt")
     SELECT uuidv7(), 'RUN_VERIFICATION', "id", 'run:' || "id", now() + interval '1 year' FROM "Verification"
     WHERE "accountId" = $1 AND "status" = 'PROCESSING' AND "lastActivityAt" < now() - interval '24 hours'`,
    [bench.accountId],
  );
  const insertSeconds = (Date.now() - insertStarted) / 1000;
  const vacuumStarted = Date.now();
  await db.query(`VACUUM ANALYZE "Verification"`);
  await db.query(`VACUUM ANALYZE "Job"`);
  const vacuumSeconds = (Date.now() - vacuumStarted) / 1000;
  const { rows: statusRows } = await db.query(
    `SELECT "status", count(*)::int AS n FROM "Verification" WHERE "accountId" = $1 GROUP BY 1 ORDER BY 2 DESC`,
    [bench.accountId],
  );
  const {
    rows: [size],
  } = await db.query(
    `SELECT pg_size_pretty(pg_total_relation_size('"Verification"')) AS total, (SELECT count(*) FROM "Verification")::int AS "tableRows"`,
  );

  const sweepNow = new Date();
  const due = await countDue(sweepNow, `"accountId" = $2`);
  const plansBefore = await explain(sweepNow);
  log("sweeping (tools/bench/sweep-run.ts)…");
  const sweep = runTs("tools/bench/sweep-run.ts");
  const plansAfter = await explain(new Date());
  const left = await countDue(new Date(), `"accountId" = $2`);
  const {
    rows: [events],
  } = await db.query(
    `SELECT count(*)::int AS n FROM "Event" WHERE "accountId" = $1 AND "name" = 'verification_abandoned'`,
    [bench.accountId],
  );
  const {
    rows: [jobs],
  } = await db.query(
    `SELECT count(*) FILTER (WHERE "doneAt" IS NULL)::int AS open, count(*)::int AS n FROM "Job" j JOIN "Verification" v ON v."id" = j."verificationId" WHERE v."accountId" = $1`,
    [bench.accountId],
  );
  const {
    rows: [pgVersion],
  } = await db.query("SHOW server_version");

  const executionMs = (plan) => Number(/Execution Time: ([\d.]+) ms/.exec(plan.join("\n"))?.[1] ?? NaN);
  const indexOf = (plan) =>
    plan
      .map((line) => /(?:Index Scan using|Bitmap Index Scan on|Index Only Scan using) "([^"]+)"/.exec(line)?.[1])
      .find(Boolean) ?? "none";
  const INTENDED = {
    expired: "Verification_status_expiresAt_idx",
    abandoned: "Verification_status_lastActivityAt_idx",
  };
  const report = {
    benchmark: "sweep",
    date: new Date().toISOString(),
    machine: { ...machine(), loadAverage: { before: loadBefore, after: machine().loadAverage } },
    method: {
      rows: ROWS,
      staleFraction: STALE_FRACTION,
      expiredFraction: EXPIRED_FRACTION,
      freshFraction: FRESH_FRACTION,
      database: `PostgreSQL ${pgVersion.server_version} at ${databaseLabel(process.env.DATABASE_URL)}`,
      sweep: "sweepStaleVerifications() in a tsx child, pool connected first",
    },
    target: TARGET,
    data: {
      insertSeconds: Number(insertSeconds.toFixed(1)),
      vacuumAnalyzeSeconds: Number(vacuumSeconds.toFixed(1)),
      statuses: Object.fromEntries(statusRows.map((r) => [r.status, r.n])),
      tableRows: size.tableRows,
      tableSize: size.total,
      due,
      otherAccountsDueBefore,
    },
    results: {
      first: { ...sweep.first, targetMet: sweep.first.ms <= TARGET.maxSweepMs },
      second: { ...sweep.second, targetMet: sweep.second.ms <= TARGET.maxSweepMs },
      leftDue: left,
      abandonedEvents: events.n,
      jobs,
      selection: Object.fromEntries(
        Object.keys(SELECTIONS).map((name) => [
          name,
          {
            intendedIndex: INTENDED[name],
            usedIndex: indexOf(plansBefore[name]),
            executionMsBefore: executionMs(plansBefore[name]),
            executionMsAfter: executionMs(plansAfter[name]),
            ...(name === "abandoned" && {
              indexScansOnly: {
                usedIndex: indexOf(plansBefore.abandonedIndexScansOnly),
                executionMsBefore: executionMs(plansBefore.abandonedIndexScansOnly),
                executionMsAfter: executionMs(plansAfter.abandonedIndexScansOnly),
              },
            }),
          },
        ]),
      ),
    },
    plans: { before: plansBefore, after: plansAfter },
    baseline: sweep.baseline,
    ratios: {
      firstToTableCount: ratio(sweep.first.ms, sweep.baseline.ms),
      secondToTableCount: ratio(sweep.second.ms, sweep.baseline.ms),
    },
  };

  console.log(
    `\nSweep benchmark: ${ROWS.toLocaleString("en")} bench verifications (${size.tableRows.toLocaleString("en")} in the table, ${size.total} with indexes), ${report.machine.cpus} CPUs (${report.machine.cpuModel})\n`,
  );
  for (const name of Object.keys(SELECTIONS))
    console.log(
      `EXPLAIN (ANALYZE, BUFFERS), ${name} selection, before the sweep:\n  ${plansBefore[name].join("\n  ")}\n`,
    );
  for (const [name, r] of Object.entries(report.results.selection)) {
    console.log(
      `${name} selection: ${r.usedIndex} (intended ${r.intendedIndex}), ${r.executionMsBefore} ms with rows due, ${r.executionMsAfter} ms after the sweep`,
    );
  }
  const forced = report.results.selection.abandoned.indexScansOnly;
  console.log(
    `abandoned selection with enable_bitmapscan and enable_seqscan off, for comparison: ${forced.usedIndex}, ${forced.executionMsBefore} ms / ${forced.executionMsAfter} ms\n`,
  );
  printTable(
    ["sweep", "expired", "abandoned", "ms", "target"],
    [
      [
        "first (planted rows due)",
        String(sweep.first.expired),
        String(sweep.first.abandoned),
        fmt(sweep.first.ms),
        `${report.results.first.targetMet ? "met" : "MISSED"} (<= ${TARGET.maxSweepMs} ms)`,
      ],
      [
        "second (nothing due)",
        String(sweep.second.expired),
        String(sweep.second.abandoned),
        fmt(sweep.second.ms),
        `${report.results.second.targetMet ? "met" : "MISSED"} (<= ${TARGET.maxSweepMs} ms)`,
      ],
    ],
  );
  console.log(
    `\ndue before: ${JSON.stringify(due)} (other accounts: ${JSON.stringify(otherAccountsDueBefore)}); left after: ${JSON.stringify(left)}; verification_abandoned events: ${events.n}; jobs of the bench rows: ${JSON.stringify(jobs)}`,
  );
  console.log(
    `data: ${insertSeconds.toFixed(1)} s to write, ${vacuumSeconds.toFixed(1)} s to VACUUM ANALYZE; ${JSON.stringify(report.data.statuses)}`,
  );
  console.log(
    `baseline (this run): a count of the whole table, ${fmt(sweep.baseline.ms)} ms; first sweep ${fmt(report.ratios.firstToTableCount, 2)}×, empty sweep ${fmt(report.ratios.secondToTableCount, 2)}×\n`,
  );
  writeReport("sweep", report, log);
  await cleanUp();
}

runMain("sweep", main, cleanUp);
