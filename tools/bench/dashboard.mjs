#!/usr/bin/env node
// `npm run bench:dashboard`: the dashboard's verification list (lib/domain/verifications/list-verifications.ts) at
// BENCH_DASHBOARD_ROWS (1,000,000) verifications of one account. Rows are written with SQL (INSERT … SELECT
// generate_series in chunks of 100,000, like bench:sweep) over the last year: 90 % COMPLETED (70 % APPROVED,
// 10 % DECLINED, 20 % MANUAL_REVIEW), FAILED / ABANDONED / EXPIRED, 0.1 % PROCESSING; two workflows; every row a
// metadata.reference, every 100th a metadata.email; every 10th an EMAIL input; every 5th a DOCUMENT_VERIFICATION
// step with a full_name. Those plaintext rows are then sealed, with their blind indexes, by
// tools/bench/dashboard-seal.ts (as lib/core/crypto/sealed-columns.ts writes them). Then VACUUM ANALYZE and tools/bench/dashboard-run.ts (listVerifications() called
// directly, BENCH_DASHBOARD_RUNS (30) times per case, + EXPLAIN ANALYZE). Rows deleted at the end
// (BENCH_KEEP_DATA=1 keeps them). The baseline, measured in the same run: one row of the account by its index, through
// the same client; each case's ratio to it is printed. Prints a table, then ONE JSON line (also
// bench-results/dashboard.json).
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

const CHUNK = 100_000;
const ROWS = Math.ceil(setting("BENCH_DASHBOARD_ROWS", 1_000_000) / CHUNK) * CHUNK;
const RUNS = setting("BENCH_DASHBOARD_RUNS", 30);
const log = (msg) => console.error(`[bench:dashboard] ${msg}`);

let bench = null;
let db = null;

const INSERT = `
  INSERT INTO "Verification" ("id", "accountId", "workflowId", "workflowVersionId", "identityId", "status", "result", "metadata",
                              "createdAt", "updatedAt", "lastActivityAt", "completedAt")
  SELECT uuidv7(), $1::uuid, CASE WHEN g % 4 = 0 THEN $7::uuid ELSE $2::uuid END, CASE WHEN g % 4 = 0 THEN $8::uuid ELSE $3::uuid END, $4::uuid,
         x.status::"VerificationStatus", x.result::"VerificationResult",
         CASE WHEN g % 100 = 0 THEN jsonb_build_object('reference', 'bench-ref-' || g, 'email', 'Person-' || g || '@example.test')
              ELSE jsonb_build_object('reference', 'bench-ref-' || g) END,
         x.created, x.created, x.created, CASE WHEN x.status <> 'PROCESSING' THEN x.created + interval '3 minutes' END
  FROM generate_series($5::int, $6::int) g
  CROSS JOIN LATERAL (SELECT (g::bigint * 48271) % 1000 AS k) p
  CROSS JOIN LATERAL (
    SELECT CASE WHEN p.k < 1 THEN 'PROCESSING' WHEN p.k < 901 THEN 'COMPLETED' WHEN p.k < 931 THEN 'FAILED' WHEN p.k < 981 THEN 'ABANDONED' ELSE 'EXPIRED' END AS status,
           ($9::timestamptz AT TIME ZONE 'UTC') - ((${ROWS} - g)::bigint * interval '31 seconds') AS created
  ) s
  CROSS JOIN LATERAL (
    SELECT s.status, s.created,
      CASE WHEN s.status = 'COMPLETED' THEN CASE WHEN g % 10 < 7 THEN 'APPROVED' WHEN g % 10 < 8 THEN 'DECLINED' ELSE 'MANUAL_REVIEW' END END AS result
  ) x`;

async function cleanUp() {
  if (bench && process.env.BENCH_KEEP_DATA !== "1") {
    log("deleting the bench rows…");
    try {
      db ??= await database();
      await deleteAccountVerifications(db, bench.accountId, CHUNK);
      deleteBenchAccount(bench.accountId);
      await db.query(`VACUUM ANALYZE "Verification"`);
      await db.query(`VACUUM ANALYZE "VerificationStep"`);
      await db.query(`VACUUM ANALYZE "VerificationInput"`);
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
  const {
    rows: [ids],
  } = await db.query(
    `WITH i AS (INSERT INTO "Identity" ("id", "accountId", "userId") VALUES (uuidv7(), $1, 'bench-dashboard') RETURNING "id")
     SELECT i."id" AS "identityId", w."currentVersionId" AS "versionId",
            (SELECT "id" FROM "Workflow" WHERE "accountId" = $1 AND "id" <> $2 ORDER BY "name" LIMIT 1) AS "otherFlowId"
     FROM i, "Workflow" w WHERE w."id" = $2`,
    [bench.accountId, bench.flowId],
  );
  const {
    rows: [other],
  } = await db.query(`SELECT "currentVersionId" AS "versionId" FROM "Workflow" WHERE "id" = $1`, [ids.otherFlowId]);
  const now = new Date();
  log(
    `writing ${ROWS.toLocaleString("en")} verifications, their EMAIL inputs (every 10th) and document steps (every 5th)…`,
  );
  const started = Date.now();
  for (let from = 1; from <= ROWS; from += CHUNK) {
    await db.query(INSERT, [
      bench.accountId,
      bench.flowId,
      ids.versionId,
      ids.identityId,
      from,
      from + CHUNK - 1,
      ids.otherFlowId,
      other.versionId,
      now.toISOString(),
    ]);
    log(`  ${(from + CHUNK - 1).toLocaleString("en")} rows (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  // the reference carries g: inputs and steps find their row through it
  await db.query(
    `INSERT INTO "VerificationInput" ("id", "verificationId", "fieldName", "type", "value", "createdAt", "updatedAt")
     SELECT uuidv7(), "id", 'EMAIL', 'TEXT', 'person-' || substr("metadata" ->> 'reference', 11) || '@example.test', "createdAt", "createdAt"
     FROM "Verification" WHERE "accountId" = $1 AND "metadata" ->> 'reference' LIKE 'bench-ref-%' AND substr("metadata" ->> 'reference', 11)::int % 10 = 0`,
    [bench.accountId],
  );
  await db.query(
    `INSERT INTO "VerificationStep" ("id", "verificationId", "position", "processType", "status", "result", "data", "checks")
     SELECT uuidv7(), "id", 0, 'DOCUMENT_VERIFICATION', 'COMPLETED', 'APPROVED',
            jsonb_build_object('full_name', (ARRAY['Zelda','Anna','Jonas','Mia','Omar'])[(substr("metadata" ->> 'reference', 11)::int / 5) % 5 + 1] || ' ' || (substr("metadata" ->> 'reference', 11)::int % 20000), 'document_number', 'X' || "id"), '[]'
     FROM "Verification" WHERE "accountId" = $1 AND "metadata" ->> 'reference' LIKE 'bench-ref-%' AND substr("metadata" ->> 'reference', 11)::int % 5 = 0`,
    [bench.accountId],
  );
  log("sealing the rows and setting their blind indexes, as the service writes them…");
  const sealed = runTs("tools/bench/dashboard-seal.ts", [bench.accountId]);
  log(`  ${sealed.rows.toLocaleString("en")} verifications sealed (${sealed.seconds} s)`);
  const insertSeconds = (Date.now() - started) / 1000;
  for (const table of ["Verification", "VerificationInput", "VerificationStep"])
    await db.query(`VACUUM ANALYZE "${table}"`);
  const {
    rows: [deep],
  } = await db.query(
    `SELECT (extract(epoch FROM "createdAt") * 1000)::bigint AS ms, "id" FROM "Verification" WHERE "accountId" = $1 ORDER BY "createdAt" DESC, "id" DESC OFFSET ${Math.floor(ROWS / 2)} LIMIT 1`,
    [bench.accountId],
  );
  // the cursor format of lib/domain/verifications/list-verifications.ts: <epoch ms>.<id>; createdAt is timestamp(3) in UTC
  const deepCursor = `${deep.ms}.${deep.id}`;
  const {
    rows: [size],
  } = await db.query(
    `SELECT pg_size_pretty(pg_total_relation_size('"Verification"')) AS total, (SELECT count(*) FROM "Verification")::int AS "tableRows"`,
  );
  const {
    rows: [pgVersion],
  } = await db.query("SHOW server_version");
  log(`measuring (${RUNS} runs per case)…`);
  const { cases: results, baseline } = runTs("tools/bench/dashboard-run.ts", [
    bench.accountId,
    ids.otherFlowId,
    deepCursor,
    String(RUNS),
  ]);
  const report = {
    benchmark: "dashboard",
    date: new Date().toISOString(),
    machine: machine(),
    method: {
      rows: ROWS,
      runsPerCase: RUNS,
      pageSize: 25,
      database: `PostgreSQL ${pgVersion.server_version} at ${databaseLabel(process.env.DATABASE_URL)}`,
      call: "listVerifications() in a tsx child (2 warm-up calls per case)",
    },
    data: { insertSeconds: Number(insertSeconds.toFixed(1)), tableRows: size.tableRows, tableSize: size.total },
    results,
    baseline,
    ratios: Object.fromEntries(
      Object.entries(results).map(([name, r]) => [name, ratio(r.medianMs, baseline.medianMs)]),
    ),
  };
  console.log(
    `\nDashboard list benchmark: ${ROWS.toLocaleString("en")} verifications in one account (${size.tableRows.toLocaleString("en")} in the table, ${size.total} with indexes)\n`,
  );
  printTable(
    ["case", "rows", "median ms", "× baseline", "p95 ms", "EXPLAIN ms", "index(es)", "seq scan"],
    Object.entries(results).map(([name, r]) => [
      name,
      String(r.rows),
      fmt(r.medianMs, 2),
      fmt(report.ratios[name], 2),
      fmt(r.p95Ms, 2),
      fmt(r.executionMs, 2),
      r.indexes.join(", ") || "none",
      r.seqScan ? "YES" : "no",
    ]),
  );
  console.log(
    `\nbaseline (this run): one row of the account by its index, median ${fmt(baseline.medianMs, 2)} ms, p95 ${fmt(baseline.p95Ms, 2)} ms\n`,
  );
  writeReport("dashboard", report, log);
}

runMain("dashboard", main, cleanUp);
