#!/usr/bin/env node
// `npm run bench:pipeline`: from the moment the API accepted the last input of a verification to the moment the
// integrator's server received its `verification_completed` webhook. Everything as in production: the production
// build served by server/http-front.ts (tools/bench/serve-app.mjs; its instrumentation starts the in-process worker
// and preloads the checks' models), a node:http receiver in its own process (tools/bench/webhook-receiver.ts, the one receiver of test/webhook-receiver.ts) subscribed
// to every event, the API used over HTTP on 127.0.0.1.
//   BENCH_WORKFLOW=full-kyc (default): DOCUMENT_VERIFICATION + LIVENESS + ADDRESS_VERIFICATION + WATCHLIST_CHECK on
//               a generated passport whose portrait is a real face, a head-turn video of the same face, a real
//               address (tools/bench/pipeline-material.ts). BENCH_WORKFLOW=address-only: the address step alone.
//   sequential  BENCH_VERIFICATIONS (full-kyc 21, address-only 100), one at a time: start → send-inputs → wait for
//               the webhook. The first is reported apart (cold: right after the server started).
//   concurrent  BENCH_CONCURRENT_VERIFICATIONS (12 / 100), BENCH_CONCURRENCY (4 / 10) in flight.
//   baseline    (full-kyc) measured in the same run, after the sequential phase, with the app idle: one page OCR
//               pass of the same passport in a process of its own (tools/bench/page-ocr-baseline.ts); the ratios of
//               the phases' median and p95 to it compare runs across hosts and days.
// Settings (env): BENCH_APP_PORT (3199), BENCH_RECEIVER_PORT (3197), BENCH_KEEP_DATA=1 keeps the bench account.
// Prints a table, then ONE JSON line (also bench-results/pipeline.json). Targets reported, never asserted.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runMigrations } from "../../server/db.ts";
import {
  HOST,
  childrenMemoryMb,
  cpuMs,
  freePort,
  machineBusyMs,
  memoryMb,
  percentile,
  round,
  startChild,
  stopChildren,
} from "./harness.mjs";
import {
  ROOT,
  buildApp,
  createBenchAccount,
  database,
  databaseLabel,
  deleteBenchAccount,
  fmt,
  machine,
  pageOcrBaseline,
  printTable,
  ratio,
  runMain,
  runTs,
  setting,
  writeReport,
} from "./common.mjs";
import { pipelineOutcomes } from "./pipeline-outcomes.mjs";

const WORKFLOW = process.env.BENCH_WORKFLOW || "full-kyc";
if (!["full-kyc", "address-only"].includes(WORKFLOW)) throw new Error("BENCH_WORKFLOW is full-kyc or address-only");
const FULL = WORKFLOW === "full-kyc";
// full-kyc (issue 15): median <= 3 s and p95 <= 5 s warm on 2 cores; the first after a start <= 10 s
const TARGET = FULL ? { maxMedianMs: 3_000, maxP95Ms: 5_000, maxColdMs: 10_000 } : { maxMedianMs: 1_000 };
const SEQUENTIAL = setting("BENCH_VERIFICATIONS", FULL ? 21 : 100);
const CONCURRENT = setting("BENCH_CONCURRENT_VERIFICATIONS", FULL ? 12 : 100, 0);
const CONCURRENCY = setting("BENCH_CONCURRENCY", FULL ? 4 : 10);
const WAIT_MS = FULL ? 180_000 : 30_000;
// real addresses: POSTAL_VALIDATION must pass (reported from the step data at the end)
const ADDRESS = FULL
  ? { ADDRESS_LINE: "Prinsengracht 263", CITY: "Amsterdam", POSTAL_CODE: "1016 GV", COUNTRY: "NL" }
  : {
      ADDRESS_LINE: "1600 Amphitheatre Pkwy",
      CITY: "Mountain View",
      PROVINCE: "CA",
      POSTAL_CODE: "94043",
      COUNTRY: "US",
    };
const log = (msg) => console.error(`[bench:pipeline] ${msg}`);

let bench = null;
let db = null;
let inputs = null;
let material = null;
let passport = null;

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

/** The inputs every verification sends: generated once per run (full-kyc) into a temporary folder. */
function prepareInputs() {
  const address = Object.entries(ADDRESS).map(([fieldName, value]) => ({ fieldName, value, type: "TEXT" }));
  if (!FULL) return { inputs: address, material: null, passport: null };
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-pipeline-"));
  try {
    const made = runTs("tools/bench/pipeline-material.ts", ["--out", dir]);
    const file = (p, type) => `data:${type};base64,${readFileSync(p).toString("base64")}`;
    const files = [
      { fieldName: "DOCUMENT_FRONT", type: "FILE", value: file(made.passport, "image/jpeg") },
      { fieldName: "SELFIE_VIDEO", type: "FILE", value: file(made.video, made.videoContentType) },
    ];
    const document = [
      { fieldName: "DOCUMENT_COUNTRY", type: "TEXT", value: made.person.country },
      { fieldName: "DOCUMENT_TYPE", type: "TEXT", value: "PASSPORT" },
    ];
    const { passport: _passport, video: _video, ...described } = made;
    return { inputs: [...document, ...files, ...address], material: described, passport: readFileSync(made.passport) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One verification: start it, send its inputs, wait for its webhook. Times are this machine's wall clock. */
async function verify(origin, label) {
  const { verificationId } = await api(origin, "POST", "/api/v1/verifications", {
    flowId: bench.workflows[WORKFLOW],
    metadata: { userId: "bench-pipeline", reference: label },
  });
  const arrived = completedAt(verificationId);
  const sending = Date.now();
  await api(origin, "POST", `/api/v1/verifications/${verificationId}/send-inputs`, { inputs });
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

async function main() {
  log(`migrations: ${await runMigrations("deploy")}`);
  buildApp();
  db = await database();
  bench = createBenchAccount();
  log(`bench account ${bench.accountId}, workflow ${WORKFLOW}`);
  ({ inputs, material, passport } = prepareInputs());

  const receiverPort = await freePort(setting("BENCH_RECEIVER_PORT", 3197));
  const endpoint = runTs("tools/bench/webhook-events.ts", [
    "endpoint",
    "--account",
    bench.accountId,
    "--url",
    `http://${HOST}:${receiverPort}/hooks`,
  ]);
  const receiver = await startChild(path.join(ROOT, "tools/bench/webhook-receiver.ts"), {
    name: "receiver",
    execArgv: ["--import", "tsx"],
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
  const app = await startChild(path.join(ROOT, "tools/bench/serve-app.mjs"), {
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
  if (passport) log("baseline: one page OCR pass of the passport, 5 runs, the app idle");
  const baseline = passport && pageOcrBaseline(passport, 5);
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
  const appMemoryMb = memoryMb(app.pid);
  const appChildrenMemoryMb = childrenMemoryMb(app.pid);
  const ids = (phase) => phase.runs.map((r) => r.verificationId);
  // outcomes of every bench verification; the time split of the warm phase (one at a time) and of the concurrent one
  const checks = await pipelineOutcomes(db, bench.accountId, [...ids(cold), ...ids(warm), ...ids(concurrent)]);
  const split = {
    warm: (await pipelineOutcomes(db, bench.accountId, ids(warm))).stageMediansMs,
    warmSteps: Object.fromEntries(
      Object.entries((await pipelineOutcomes(db, bench.accountId, ids(warm))).steps).map(([type, step]) => [
        type,
        step.medianMs,
      ]),
    ),
    concurrent: CONCURRENT ? (await pipelineOutcomes(db, bench.accountId, ids(concurrent))).stageMediansMs : null,
  };
  const {
    rows: [pgVersion],
  } = await db.query("SHOW server_version");
  await cleanUp();

  const met = (r) =>
    r.lost === 0 &&
    r.latencyMs.median !== null &&
    r.latencyMs.median <= TARGET.maxMedianMs &&
    (TARGET.maxP95Ms === undefined || r.latencyMs.p95 <= TARGET.maxP95Ms);
  const coldMet = TARGET.maxColdMs === undefined ? null : cold.lost === 0 && cold.latencyMs.median <= TARGET.maxColdMs;
  const report = {
    benchmark: "pipeline",
    date: new Date().toISOString(),
    machine: { ...machine(), loadAverage: { before: loadBefore, after: machine().loadAverage } },
    method: {
      workflow: WORKFLOW,
      inputs: FULL ? { material, address: ADDRESS } : { address: ADDRESS },
      metadata: "userId bench-pipeline (one identity: no duplicate matches between identities)",
      app: "next production build via server/http-front.ts, in-process worker, models preloaded at start, own process",
      mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? "glibc's default (8 × cores)",
      receiver: "node:http, every event, own process",
      latency: "send-inputs response received → verification_completed received",
      enginePollMs: Number(process.env.ENGINE_POLL_MS || 500),
      database: `PostgreSQL ${pgVersion.server_version} at ${databaseLabel(process.env.DATABASE_URL)}`,
    },
    target: TARGET,
    baseline,
    ratios: baseline && {
      warmMedian: ratio(warm.latencyMs.median, baseline.medianMs),
      warmP95: ratio(warm.latencyMs.p95, baseline.medianMs),
      concurrentP95: CONCURRENT ? ratio(concurrent.latencyMs.p95, baseline.medianMs) : null,
    },
    checks,
    split,
    appMemoryMb,
    appChildrenMemoryMb,
    results: {
      cold: { ...cold, targetMet: coldMet, runs: undefined },
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
    `\nPipeline benchmark: ${WORKFLOW}, send-inputs accepted → verification_completed received, ${report.machine.cpus} CPUs (${report.machine.cpuModel})\n`,
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
  const verdict = (r) =>
    `${met(r) ? "met" : "MISSED"} (median <= ${TARGET.maxMedianMs} ms${TARGET.maxP95Ms ? `, p95 <= ${TARGET.maxP95Ms} ms` : ""})`;
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
      row(
        "cold: first after start",
        cold,
        coldMet === null ? "(reported apart)" : `${coldMet ? "met" : "MISSED"} (<= ${TARGET.maxColdMs} ms)`,
      ),
      row("warm: sequential", warm, verdict(warm)),
      ...(CONCURRENT ? [row(`concurrent: ${CONCURRENCY} in flight`, concurrent, verdict(concurrent))] : []),
    ],
  );
  if (baseline)
    console.log(
      `\nbaseline, same run: ${baseline.what}, median ${baseline.medianMs} ms (${baseline.runs} runs); ` +
        `warm median ${report.ratios.warmMedian}×, warm p95 ${report.ratios.warmP95}×` +
        (CONCURRENT ? `, ${CONCURRENCY} in flight p95 ${report.ratios.concurrentP95}×` : ""),
    );
  console.log(`\nverifications: ${JSON.stringify(checks.verifications)}`);
  for (const [type, step] of Object.entries(checks.steps))
    console.log(`${type}: ${step.steps} steps, median ${step.medianMs} ms, ${JSON.stringify(step.results)}`);
  console.log(
    `stage medians, warm (ms, from the rows): ${JSON.stringify(split.warm)}; steps ${JSON.stringify(split.warmSteps)}; app ENGINE_POLL_MS ${report.method.enginePollMs}`,
  );
  if (split.concurrent) console.log(`stage medians, concurrent: ${JSON.stringify(split.concurrent)}`);
  console.log(`FAILED checks by step: ${JSON.stringify(checks.failedChecks)}`);
  console.log(
    `app memory (MB): ${JSON.stringify(appMemoryMb)}; its child processes: ${JSON.stringify(appChildrenMemoryMb)}\n`,
  );
  writeReport("pipeline", report, log);
}

runMain("pipeline", main, cleanUp);
