#!/usr/bin/env node
// `npm run bench:pipeline`: from the moment the API accepted the last input of an "address-only" verification to
// the moment the integrator's server received its `verification_completed` webhook. Everything as in production:
// the production build served by scripts/server.mjs (scripts/bench/serve-app.mjs; its instrumentation starts the
// in-process worker), a node:http receiver in its own process (scripts/bench/receiver.mjs) subscribed to every
// event, the API used over HTTP on 127.0.0.1 with a real, valid address.
//   sequential  BENCH_VERIFICATIONS (100), one at a time: start → send-inputs → wait for the webhook. The first is
//               reported apart (cold: the process loads the city index and the IP databases on first use).
//   concurrent  BENCH_CONCURRENT_VERIFICATIONS (100), BENCH_CONCURRENCY (10) in flight.
// Settings (env): BENCH_APP_PORT (3199), BENCH_RECEIVER_PORT (3197), BENCH_KEEP_DATA=1 keeps the bench account.
// Prints a table, then ONE JSON line (also bench-results/pipeline.json). Target reported, never asserted.
import path from "node:path";
import { runMigrations } from "./db.mjs";
import { HOST, cpuMs, freePort, machineBusyMs, percentile, round, startChild, stopChildren } from "./bench/harness.mjs";
import {
  ROOT,
  buildApp,
  createBenchAccount,
  database,
  databaseLabel,
  deleteBenchAccount,
  fmt,
  machine,
  printTable,
  runMain,
  runTs,
  setting,
  writeReport,
} from "./bench/common.mjs";

const TARGET = { maxMedianMs: 1_000 };
const SEQUENTIAL = setting("BENCH_VERIFICATIONS", 100);
const CONCURRENT = setting("BENCH_CONCURRENT_VERIFICATIONS", 100, 0);
const CONCURRENCY = setting("BENCH_CONCURRENCY", 10);
const WAIT_MS = 30_000;
// a real address: POSTAL_VALIDATION must pass (checked in the step data at the end)
const ADDRESS = {
  ADDRESS_LINE: "1600 Amphitheatre Pkwy",
  CITY: "Mountain View",
  PROVINCE: "CA",
  POSTAL_CODE: "94043",
  COUNTRY: "US",
};
const log = (msg) => console.error(`[bench:pipeline] ${msg}`);

let bench = null;
let db = null;

async function cleanUp() {
  await stopChildren();
  await db?.end().catch(() => undefined);
  db = null;
  if (!bench || process.env.BENCH_KEEP_DATA === "1") return;
  log("deleting the bench account and its verifications…");
  try {
    deleteBenchAccount(bench.accountId);
  } catch (error) {
    log(error.message);
  }
  bench = null;
}

// verification_completed arrivals by verificationId (the receiver pushes them), and who waits for which
const arrivals = new Map();
const waiters = new Map();
function completedAt(verificationId) {
  if (arrivals.has(verificationId)) return Promise.resolve(arrivals.get(verificationId));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiters.delete(verificationId);
      resolve(null);
    }, WAIT_MS);
    waiters.set(verificationId, (at) => {
      clearTimeout(timer);
      resolve(at);
    });
  });
}
function onReceiverMessage(message) {
  if (message?.type !== "event" || arrivals.has(message.record.verificationId)) return;
  arrivals.set(message.record.verificationId, message.record.receivedAt);
  waiters.get(message.record.verificationId)?.(message.record.receivedAt);
  waiters.delete(message.record.verificationId);
}

async function api(origin, method, pathname, body) {
  const response = await fetch(`${origin}${pathname}`, {
    method,
    body: JSON.stringify(body),
    headers: {
      authorization: `Bearer ${bench.apiKey}`,
      "x-client-id": bench.clientId,
      "content-type": "application/json",
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** One verification: start it, send its inputs, wait for its webhook. Times are this machine's wall clock. */
async function verify(origin, label) {
  const { verificationId } = await api(origin, "POST", "/api/v1/verifications", {
    flowId: bench.flowId,
    metadata: { userId: "bench-pipeline", reference: label },
  });
  const arrived = completedAt(verificationId);
  const sending = Date.now();
  await api(origin, "POST", `/api/v1/verifications/${verificationId}/send-inputs`, {
    inputs: Object.entries(ADDRESS).map(([fieldName, value]) => ({ fieldName, value, type: "TEXT" })),
  });
  const accepted = Date.now();
  const receivedAt = await arrived;
  return {
    verificationId,
    sendInputsMs: accepted - sending,
    latencyMs: receivedAt === null ? null : receivedAt - accepted,
  };
}

function summary(runs) {
  const latencies = runs
    .map((r) => r.latencyMs)
    .filter((v) => v !== null)
    .sort((a, b) => a - b);
  const sendInputs = runs.map((r) => r.sendInputsMs).sort((a, b) => a - b);
  return {
    verifications: runs.length,
    lost: runs.length - latencies.length,
    latencyMs: {
      median: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? null,
      min: latencies[0] ?? null,
    },
    sendInputsResponseMs: { median: percentile(sendInputs, 50), p95: percentile(sendInputs, 95) },
  };
}

async function phase(appPid, run) {
  const before = { at: Date.now(), app: cpuMs(appPid), machine: machineBusyMs() };
  const runs = await run();
  const seconds = (Date.now() - before.at) / 1000;
  const appMs = cpuMs(appPid) - before.app;
  return {
    ...summary(runs),
    seconds: round(seconds, 1),
    verificationsPerSec: round(runs.length / seconds, 1),
    appCpuMsPerVerification: round(appMs / runs.length, 1),
    coresBusy: {
      app: round(appMs / 1000 / seconds),
      machine: round((machineBusyMs() - before.machine) / 1000 / seconds),
    },
    runs,
  };
}

/** What the engine concluded for the bench verifications, from the ADDRESS_VERIFICATION steps. */
async function outcomes() {
  const { rows } = await db.query(
    `SELECT v."status", v."result", s."result" AS "stepResult", s."checks", s."data"->>'validation_result' AS "validationResult"
     FROM "Verification" v JOIN "VerificationStep" s ON s."verificationId" = v."id" AND s."processType" = 'ADDRESS_VERIFICATION'
     WHERE v."accountId" = $1`,
    [bench.accountId],
  );
  // where the time goes, from the rows' own timestamps (medians over every bench verification)
  const { rows: stages } = await db.query(
    `SELECT extract(epoch FROM s."startedAt" - v."inputsCompletedAt") * 1000 AS "inputsToStepStart",
            extract(epoch FROM s."completedAt" - s."startedAt") * 1000 AS "step",
            extract(epoch FROM v."completedAt" - s."completedAt") * 1000 AS "stepToCompleted",
            extract(epoch FROM d."deliveredAt" - v."completedAt") * 1000 AS "completedToDelivered"
     FROM "Verification" v
     JOIN "VerificationStep" s ON s."verificationId" = v."id" AND s."processType" = 'ADDRESS_VERIFICATION'
     JOIN "Event" e ON e."verificationId" = v."id" AND e."name" = 'verification_completed'
     JOIN "WebhookDelivery" d ON d."eventId" = e."id"
     WHERE v."accountId" = $1`,
    [bench.accountId],
  );
  const median = (key) =>
    round(
      percentile(
        stages.map((r) => Number(r[key])).sort((a, b) => a - b),
        50,
      ),
      0,
    );
  const count = (f) => rows.reduce((acc, r) => ({ ...acc, [f(r)]: (acc[f(r)] ?? 0) + 1 }), {});
  return {
    steps: rows.length,
    verification: count((r) => `${r.status}/${r.result}`),
    postalValidation: count((r) => r.checks.find((c) => c.name === "POSTAL_VALIDATION")?.result ?? "absent"),
    validationResult: count((r) => r.validationResult),
    stageMediansMs: Object.fromEntries(
      ["inputsToStepStart", "step", "stepToCompleted", "completedToDelivered"].map((k) => [k, median(k)]),
    ),
    checksOfFirst: rows[0] ? Object.fromEntries(rows[0].checks.map((c) => [c.name, c.result])) : null,
  };
}

async function main() {
  log(`migrations: ${await runMigrations("deploy")}`);
  buildApp();
  db = await database();
  bench = createBenchAccount();
  log(`bench account ${bench.accountId}`);

  const receiverPort = await freePort(setting("BENCH_RECEIVER_PORT", 3197));
  const endpoint = runTs("scripts/bench/webhook-events.ts", [
    "endpoint",
    "--account",
    bench.accountId,
    "--url",
    `http://${HOST}:${receiverPort}/hooks`,
  ]);
  const receiver = await startChild(path.join(ROOT, "scripts/bench/receiver.mjs"), {
    name: "receiver",
    env: {
      ...process.env,
      PORT: String(receiverPort),
      WEBHOOK_SECRET: endpoint.secret,
      NOTIFY_EVENTS: "verification_completed",
    },
  });
  receiver.on("message", onReceiverMessage);
  const appPort = await freePort(setting("BENCH_APP_PORT", 3199));
  const origin = `http://${HOST}:${appPort}`;
  const app = await startChild(path.join(ROOT, "scripts/bench/serve-app.mjs"), {
    name: "app server",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(appPort),
      PUBLIC_URL: origin,
      NEXT_TELEMETRY_DISABLED: "1",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    },
  });
  log(`app (production build, in-process worker) on ${HOST}:${appPort}, receiver on ${HOST}:${receiverPort}`);

  const loadBefore = machine().loadAverage;
  log(`sequential: ${SEQUENTIAL} verifications, one at a time (the first is the cold one)`);
  const sequentially = (from, to) => async () => {
    const runs = [];
    for (let i = from; i < to; i++) runs.push(await verify(origin, `bench-sequential-${i}`));
    return runs;
  };
  const cold = await phase(app.pid, sequentially(0, 1));
  const warm = await phase(app.pid, sequentially(1, SEQUENTIAL));
  log(`concurrent: ${CONCURRENT} verifications, ${CONCURRENCY} in flight`);
  const concurrent = await phase(app.pid, async () => {
    const runs = [];
    let next = 0;
    const lane = async () => {
      while (next < CONCURRENT) runs.push(await verify(origin, `bench-concurrent-${next++}`));
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, CONCURRENT) }, lane));
    return runs;
  });
  const checks = await outcomes();
  const {
    rows: [pgVersion],
  } = await db.query("SHOW server_version");
  await cleanUp();

  const met = (r) => r.lost === 0 && r.latencyMs.median !== null && r.latencyMs.median <= TARGET.maxMedianMs;
  const report = {
    benchmark: "pipeline",
    date: new Date().toISOString(),
    machine: { ...machine(), loadAverage: { before: loadBefore, after: machine().loadAverage } },
    method: {
      workflow: "address-only",
      address: ADDRESS,
      metadata: "userId bench-pipeline (one identity: no duplicate-address matches)",
      app: "next production build via scripts/server.mjs, in-process worker, own process",
      receiver: "node:http, every event, own process",
      latency: "send-inputs response received → verification_completed received",
      enginePollMs: Number(process.env.ENGINE_POLL_MS || 500),
      database: `PostgreSQL ${pgVersion.server_version} at ${databaseLabel(process.env.DATABASE_URL)}`,
    },
    target: TARGET,
    checks,
    results: {
      cold: { ...cold, runs: undefined },
      warmSequential: { ...warm, targetMet: met(warm), runs: undefined },
      concurrent: {
        ...concurrent,
        concurrency: CONCURRENCY,
        targetMet: CONCURRENT ? met(concurrent) : null,
        runs: undefined,
      },
    },
  };

  console.log(
    `\nPipeline benchmark: address-only, send-inputs accepted → verification_completed received, ${report.machine.cpus} CPUs (${report.machine.cpuModel})\n`,
  );
  const row = (label, r, verdict) => [
    label,
    String(r.verifications),
    fmt(r.latencyMs.median, 0),
    fmt(r.latencyMs.p95, 0),
    fmt(r.latencyMs.max, 0),
    String(r.lost),
    fmt(r.sendInputsResponseMs.median, 0),
    fmt(r.verificationsPerSec),
    fmt(r.appCpuMsPerVerification),
    verdict,
  ];
  const verdict = (r) => `${met(r) ? "met" : "MISSED"} (median <= ${TARGET.maxMedianMs} ms)`;
  printTable(
    [
      "phase",
      "verifications",
      "median ms",
      "p95 ms",
      "max ms",
      "lost",
      "send-inputs ms",
      "verif./s",
      "app CPU ms/verif.",
      "target",
    ],
    [
      [...row("cold: first after start", cold, "").slice(0, -1), "(reported apart)"],
      row("warm: sequential", warm, verdict(warm)),
      ...(CONCURRENT ? [row(`concurrent: ${CONCURRENCY} in flight`, concurrent, verdict(concurrent))] : []),
    ],
  );
  console.log(
    `\nADDRESS_VERIFICATION steps: ${checks.steps}; POSTAL_VALIDATION ${JSON.stringify(checks.postalValidation)}; verifications ${JSON.stringify(checks.verification)}`,
  );
  console.log(
    `stage medians (ms, from the rows): ${JSON.stringify(checks.stageMediansMs)}; app ENGINE_POLL_MS ${report.method.enginePollMs}`,
  );
  console.log(`checks of the first: ${JSON.stringify(checks.checksOfFirst)}\n`);
  writeReport("pipeline", report, log);
}

runMain("pipeline", main, cleanUp);
