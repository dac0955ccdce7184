#!/usr/bin/env node
// `npm run soak:cluster`: several instances on ONE database, measured. One PostgreSQL, two app instances (the
// production build, each with its in-process worker) and one `npm run worker`, on loopback ports; SOAK_VERIFICATIONS
// (500) mixed verifications driven through both app instances (address-only, e-mail OTP, a small share of documents),
// webhooks to a local receiver that fails 20 % of first attempts; mid-run the worker and app B are killed -9 and
// restarted. Then it checks, from the database and the receiver: every verification final, every event delivered
// (duplicates counted: at-least-once is fine, loss is not), a key's rate limit and an OTP limit held across
// instances, the stale sweep once per period, request ids in events, no personal data in any log line.
// Prints a table, writes bench-results/soak-cluster.json and (SOAK_WRITE_DOCS=1, the default for the npm script)
// the figures into docs/operations.md. Exit code 1 when an invariant does not hold. Settings: see README.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, buildApp, database, printTable, runTs, setting, sleep, writeReport } from "../bench/common.mjs";
import { runMigrations } from "../../server/db.ts";
import { startEmbeddedPostgres } from "../../server/embedded-db.ts";
import { freePort } from "../../server/free-port.ts";
import { driveLoad, probeOtpLimit, probeRateLimit } from "./drive.mjs";
import { findLeaks, parseJson, writeOperationsFigures } from "./report.mjs";
import { startReceiver } from "../../test/webhook-receiver.ts";

const N = setting("SOAK_VERIFICATIONS", 500);
const DOCUMENT_SHARE = Number(process.env.SOAK_DOCUMENT_SHARE ?? 0.04);
const EMAIL_SHARE = Number(process.env.SOAK_EMAIL_SHARE ?? 0.2);
const CONCURRENCY = setting("SOAK_CONCURRENCY", 4);
const PG_PORT = setting("SOAK_PG_PORT", 54343);
const PORT_BASE = setting("SOAK_PORT_BASE", 3342); // app A, app B, the receiver
const SWEEP_SECONDS = setting("SOAK_SWEEP_SECONDS", 5);
const FINAL_TIMEOUT_S = setting("SOAK_FINAL_TIMEOUT_SECONDS", 420);
const WRITE_DOCS = process.env.SOAK_WRITE_DOCS === "1";
const log = (msg) => console.error(`[soak] ${msg}`);

const children = new Map(); // name → child
const logLines = []; // every line every instance wrote
const LOG_FILE = path.join(ROOT, "bench-results/soak-cluster-logs.jsonl");
process.on("exit", () => {
  for (const child of children.values()) child.kill("SIGKILL");
  // every instance's lines, for whoever reads a failure (and checks the PII claim by hand)
  mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  writeFileSync(LOG_FILE, logLines.map(({ name, line }) => `${name}\t${line}`).join("\n") + "\n");
});

function capture(name, stream) {
  let pending = "";
  stream.on("data", (chunk) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) if (line) logLines.push({ name, line });
  });
}

/** An app instance (tools/bench/serve-app.mjs: exactly what `npm start` serves) or the worker; resolves when ready. */
function startProcess(name, kind, env) {
  const args =
    kind === "app"
      ? ["--import", "tsx", path.join(ROOT, "tools/bench/serve-app.mjs")]
      : ["--import", "tsx", "--conditions=react-server", path.join(ROOT, "server/worker.ts")];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe", "ipc"] });
  children.set(name, child);
  capture(name, child.stdout);
  capture(name, child.stderr);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready in 180 s`)), 180_000);
    const done = () => {
      clearTimeout(timer);
      resolve(child);
    };
    if (kind === "app") child.once("message", (m) => m?.ready && done());
    else
      child.stdout.on("data", function ready(chunk) {
        if (chunk.toString().includes('"msg":"worker started"')) {
          child.stdout.off("data", ready);
          done();
        }
      });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code})`));
    });
  }).then((c) => {
    c.removeAllListeners("exit");
    return c;
  });
}

function killHard(name) {
  const child = children.get(name);
  child?.kill("SIGKILL");
  return new Promise((resolve) => (child && child.exitCode === null ? child.once("exit", resolve) : resolve()));
}

async function freshDatabase() {
  // SOAK_PG_PORT when nothing holds it: the small soak starts mid-way through `npm test`, when a port in the
  // ephemeral range may be held by one of the other tests' client connections
  const db = await startEmbeddedPostgres({
    dataDir: path.join(ROOT, `.data/soak-pg-${PG_PORT}`),
    port: await freePort(PG_PORT),
    database: "postgres",
    quiet: true,
  });
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS "openkyc_soak" WITH (FORCE)');
  await admin.query('CREATE DATABASE "openkyc_soak"');
  await admin.end();
  const url = db.url.replace(/\/postgres$/, "/openkyc_soak");
  await runMigrations("deploy", undefined, url);
  return { url, stop: () => db.stop() };
}

async function main() {
  const started = Date.now();
  log(`building the production app if needed`);
  buildApp();
  const pgServer = await freshDatabase();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "openkyc-soak-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: pgServer.url,
    DATABASE_POOL_SIZE: "10",
    APP_SECRET: randomBytes(32).toString("base64url"),
    STORAGE_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SECRETS_DIR: path.join(tmp, "secrets"),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    ENGINE_LOCK_SECONDS: "5",
    SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
    PRELOAD_MODELS: "false",
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    SHUTDOWN_GRACE_SECONDS: "5",
  };
  process.env.DATABASE_URL = pgServer.url;
  const ports = { a: PORT_BASE, b: PORT_BASE + 1, receiver: PORT_BASE + 2 };
  const setup = runTs(
    "tools/soak/setup.ts",
    ["--webhook-url", `http://127.0.0.1:${ports.receiver}/hooks`, "--out", tmp],
    env,
  );
  // the integrator's receiver, refusing 20 % of first attempts so that retries run
  const receiver = await startReceiver(setup.webhookSecret, "flaky", { port: ports.receiver });
  // as `npm start` runs them: each app instance with its in-process worker (SOAK_APP_WORKERS=0: web only), so three
  // instances claim work and three sweep timers fire
  const appEnv = (port) => ({
    ...env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ENGINE_WORKER: process.env.SOAK_APP_WORKERS === "0" ? "off" : "auto",
  });
  log("starting app A, app B and the worker");
  await Promise.all([
    startProcess("app-a", "app", appEnv(ports.a)),
    startProcess("app-b", "app", appEnv(ports.b)),
    startProcess("worker", "worker", env),
  ]);
  const bases = [`http://127.0.0.1:${ports.a}`, `http://127.0.0.1:${ports.b}`];
  const db = await database();

  // the kill: worker and app B, -9, when 40 % of the verifications have started; restarted 2 s later
  let killedAt = null;
  const kill = async () => {
    killedAt = Date.now();
    log("kill -9: worker and app B");
    await Promise.all([killHard("worker"), killHard("app-b")]);
    await sleep(2_000);
    await Promise.all([startProcess("worker", "worker", env), startProcess("app-b", "app", appEnv(ports.b))]);
    log(`worker and app B restarted (${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill)`);
  };
  log(`driving ${N} verifications (${CONCURRENCY} at a time)`);
  const load = await driveLoad({
    bases,
    setup,
    db,
    count: N,
    concurrency: CONCURRENCY,
    shares: { document: DOCUMENT_SHARE, email: EMAIL_SHARE },
    passport: readFileSync(setup.passport.file),
    onProgress: (startedCount) => (startedCount === Math.ceil(N * 0.4) ? kill() : null),
  });
  const driven = Date.now();
  const rate = await probeRateLimit({ bases, setup, verificationId: load.known[0] });
  const otp = await probeOtpLimit({ bases, setup, db });
  for (const id of otp.verificationIds) load.known.push(id);

  log("waiting for every verification to be final and every delivery to be settled");
  const deadline = Date.now() + FINAL_TIMEOUT_S * 1000;
  let state;
  for (;;) {
    state = await settledState(db, setup, load.known);
    if ((state.open === 0 && state.deliveriesPending === 0) || Date.now() > deadline) break;
    await sleep(1_000);
  }
  const settled = Date.now();

  const results = await check({ db, setup, load, receiver, rate, otp, state, started, settled });
  const report = {
    date: new Date().toISOString(),
    settings: {
      verifications: N,
      documentShare: DOCUMENT_SHARE,
      emailShare: EMAIL_SHARE,
      concurrency: CONCURRENCY,
      sweepSeconds: SWEEP_SECONDS,
    },
    timings: {
      driveSeconds: Math.round((driven - started) / 100) / 10,
      settleSeconds: Math.round((settled - driven) / 100) / 10,
      killAfterSeconds: killedAt ? Math.round((killedAt - started) / 100) / 10 : null,
    },
    load: {
      started: load.known.length,
      byKind: load.byKind,
      retriedAfterNetworkError: load.retried,
      serverErrorsRetried: load.serverErrors,
      lostStartAnswers: load.lostStarts,
    },
    ...results.figures,
    invariants: results.invariants,
  };
  printTable(
    ["invariant", "measured", "verdict"],
    results.invariants.map((i) => [i.name, i.measured, i.ok ? "ok" : "FAILED"]),
  );
  writeReport("soak-cluster", report, log);
  if (WRITE_DOCS) writeOperationsFigures(report, log);
  await db.end();
  for (const name of [...children.keys()]) await killHard(name);
  await receiver.close();
  await pgServer.stop();
  rmSync(tmp, { recursive: true, force: true });
  if (results.invariants.some((i) => !i.ok)) process.exitCode = 1;
}

async function settledState(db, setup, known) {
  const { rows } = await db.query(
    `SELECT count(*) FILTER (WHERE "status" NOT IN ('COMPLETED', 'FAILED', 'ABANDONED', 'EXPIRED'))::int AS open
     FROM "Verification" WHERE "id" = ANY($1::uuid[])`,
    [known],
  );
  const { rows: deliveries } = await db.query(
    `SELECT count(*) FILTER (WHERE "status" = 'PENDING')::int AS pending FROM "WebhookDelivery" WHERE "endpointId" = $1`,
    [setup.endpointId],
  );
  return { open: rows[0].open, deliveriesPending: deliveries[0].pending };
}

async function check({ db, setup, load, receiver, rate, otp, state, started, settled }) {
  const invariants = [];
  const inv = (name, ok, measured) => invariants.push({ name, ok, measured: String(measured) });

  const { rows: statuses } = await db.query(
    `SELECT "status", count(*)::int AS n FROM "Verification" WHERE "id" = ANY($1::uuid[]) GROUP BY "status"`,
    [load.known],
  );
  const byStatus = Object.fromEntries(statuses.map((r) => [r.status, r.n]));
  inv(
    "every verification final",
    state.open === 0,
    `${load.known.length - state.open}/${load.known.length} final ${JSON.stringify(byStatus)}`,
  );
  const { rows: orphans } = await db.query(
    `SELECT count(*)::int AS n FROM "Verification" WHERE "accountId" = $1 AND NOT ("id" = ANY($2::uuid[]))`,
    [setup.accountId, load.known],
  );
  inv(
    "started but answer lost in the kill (not driven on)",
    orphans[0].n <= load.lostStarts,
    `${orphans[0].n} (lost answers: ${load.lostStarts})`,
  );

  // deliveries: every event of the account to the endpoint, by eventId, from the database and the receiver
  const { rows: events } = await db.query(
    `SELECT e."id", d."status" FROM "Event" e LEFT JOIN "WebhookDelivery" d ON d."eventId" = e."id" AND d."endpointId" = $2
     WHERE e."accountId" = $1`,
    [setup.accountId, setup.endpointId],
  );
  const okByEvent = new Map();
  for (const d of receiver.received)
    if (d.answered === 200) okByEvent.set(d.eventId, (okByEvent.get(d.eventId) ?? 0) + 1);
  const lost = events.filter((e) => !okByEvent.has(e.id)).length;
  const duplicates = [...okByEvent.values()].filter((n) => n > 1).length;
  const notDelivered = events.filter((e) => e.status !== "DELIVERED").length;
  inv(
    "every event delivered to the endpoint (none lost)",
    lost === 0 && notDelivered === 0,
    `${events.length - lost}/${events.length} events, ${notDelivered} rows not DELIVERED`,
  );
  inv("duplicates (at-least-once; reported)", true, `${duplicates} event(s) received twice or more`);
  inv(
    "API answers retried (reported: network errors in the kill, 5xx under CPU starvation)",
    true,
    `${load.retried} network, ${load.serverErrors} 5xx (rolled back, retried)`,
  );
  const firstFailed = receiver.received.filter((d) => d.attempt === 1 && d.answered !== 200).length;
  const retried = receiver.received.filter((d) => d.attempt > 1).length;
  inv(
    "signatures valid on every delivery",
    receiver.received.every((d) => d.serviceSignatureValid && d.standardSignatureValid),
    `${receiver.received.length} deliveries, ${firstFailed} first attempts refused, ${retried} retries`,
  );

  inv(
    "API key rate limit held across both instances",
    rate.ok === rate.limit,
    `${rate.ok} of ${rate.sent} let through (limit ${rate.limit}/min), ${rate.refused} refused`,
  );
  inv(
    "OTP limit held across both instances",
    otp.accepted === otp.limit,
    `${otp.accepted} of ${otp.sent} codes sent (limit ${otp.limit}/verification/hour), ${otp.refused} refused`,
  );

  // the sweep: from every instance's log lines (the killed ones' too) and the ScheduledRun row
  const sweeps = logLines
    .map(({ name, line }) => ({ name, entry: parseJson(line) }))
    .filter(({ entry }) => entry?.msg === "sweep" && entry.scheduled)
    // when each sweep started (its log line is written when it ends, which under load can be seconds later)
    .map(({ name, entry }) => ({ name, time: entry.startedAt ?? entry.time }))
    .sort((x, y) => x.time - y.time);
  const gaps = sweeps.slice(1).map((s, i) => s.time - sweeps[i].time);
  const minGap = gaps.length ? Math.min(...gaps) : null;
  const periods = (settled - started) / (SWEEP_SECONDS * 1000);
  const sweepers = new Set(sweeps.map((s) => s.name)).size;
  inv(
    "stale sweep once per period, not once per instance",
    sweeps.length > 0 && sweeps.length <= Math.floor(periods) + 1 && (minGap === null || minGap >= SWEEP_SECONDS * 800),
    `${sweeps.length} sweeps in ${periods.toFixed(1)} periods of ${SWEEP_SECONDS} s by ${sweepers} instance(s), min gap ${minGap === null ? "-" : (minGap / 1000).toFixed(1)} s`,
  );

  // request ids: the X-Request-Id each start answered with is on its verification_started event, and in a log line
  const { rows: started_ } = await db.query(
    `SELECT "verificationId", "requestId" FROM "Event" WHERE "name" = 'verification_started' AND "accountId" = $1`,
    [setup.accountId],
  );
  const eventRequestIds = new Map(started_.map((r) => [r.verificationId, r.requestId]));
  const mismatched = load.startRequestIds.filter(([id, requestId]) => eventRequestIds.get(id) !== requestId).length;
  const logged = new Set(logLines.map(({ line }) => parseJson(line)?.requestId).filter(Boolean));
  const unlogged = load.startRequestIds.filter(([, requestId]) => !logged.has(requestId)).length;
  // a line of a request answered just before the kill -9 may die with its process (it is written once the answer
  // has gone out): at most the requests in flight then, and reported
  inv(
    "X-Request-Id on the verification_started event and in a log line",
    mismatched === 0 && unlogged <= CONCURRENCY,
    `${load.startRequestIds.length - mismatched} of ${load.startRequestIds.length} events, ${unlogged} not logged (lost in the kill: at most ${CONCURRENCY})`,
  );

  // personal data and secrets the run submitted: none may be in any log line
  const needles = [
    ...load.pii.map((value) => ({ kind: "submitted value", value })),
    ...[setup.apiKey, setup.limitedKey].map((value) => ({ kind: "API key", value })),
    { kind: "webhook secret", value: setup.webhookSecret },
    { kind: "passport surname", value: setup.passport.surname },
    ...otp.codes.map((value) => ({ kind: "OTP code", value })),
  ];
  const hits = findLeaks(needles, logLines);
  inv(
    "no personal data, code or secret in the logs",
    hits.length === 0,
    `${hits.length} hits for ${needles.length} submitted values in ${logLines.length} log lines` +
      (hits.length ? ` (${hits.map((h) => `${h.kind} in ${h.where}`).join("; ")})` : ""),
  );
  const unstructured = logLines.filter(({ line }) => !parseJson(line)).length;

  return {
    invariants,
    figures: {
      verifications: byStatus,
      events: events.length,
      deliveries: {
        received: receiver.received.length,
        firstAttemptsRefused: firstFailed,
        retries: retried,
        duplicates,
        lost,
      },
      sweeps: { count: sweeps.length, instances: sweepers, minGapSeconds: minGap && minGap / 1000 },
      logs: { lines: logLines.length, notJson: unstructured, piiHits: hits.length },
    },
  };
}

main().catch((error) => {
  console.error(`[soak] failed: ${error?.stack ?? error}`);
  process.exitCode = 1;
  for (const child of children.values()) child.kill("SIGKILL");
  setTimeout(() => process.exit(1), 2_000).unref();
});
