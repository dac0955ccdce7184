#!/usr/bin/env node
// `npm run bench:api`: throughput and latency of the two hottest API calls on the production build, next to a
// bare node:http server on the same machine (the baseline), so the figures mean something on any hardware.
//   POST /api/v1/verifications              start a verification (key lookup, rate-limit upsert, workflow read, one transaction)
//   GET  /api/v1/verifications/{id}/status  poll one verification (key lookup, rate-limit upsert, verification read)
// Settings (env): BENCH_SECONDS (10) measured per scenario, BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (50),
// BENCH_APP_PORT (3199), BENCH_BASELINE_PORT (3198), BENCH_KEEP_DATA=1 keeps the bench account afterwards,
// BENCH_CPU_PROF=DIR writes a V8 CPU profile of the app process to DIR (node --cpu-prof; it slows the app, so a
// profiled run's figures are not comparable with an unprofiled one's).
// Prints a table, then ONE JSON line; the JSON also goes to bench-results/api.json. The target is reported,
// never asserted: a benchmark prints figures (house style). Recorded runs: docs/benchmarks.md.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "../../server/build-if-needed.ts";
import { runMigrations } from "../../server/db.ts";
import { HOST, freePort, measure, startChild, stopChildren } from "./harness.mjs";
import { runBenchAccount } from "./run-bench-account.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RESULTS_FILE = path.join(ROOT, "bench-results/api.json");
// Issue 15: the handlers, not the framework, should cost the time. Server CPU per request, and req/s as a share of
// Next serving its own prerendered page in the same run (the framework's ceiling on this machine).
const TARGET = {
  createVerification: { maxCpuMsPerRequest: 1.5, minRatioToNextStatic: 0.3 },
  verificationStatus: { maxCpuMsPerRequest: 0.7, minRatioToNextStatic: 0.6 },
};

const setting = (name, fallback, min = 1) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}`);
  return value;
};
const SECONDS = setting("BENCH_SECONDS", 10);
const WARMUP_SECONDS = setting("BENCH_WARMUP_SECONDS", 3, 0);
const CONNECTIONS = setting("BENCH_CONNECTIONS", 50);
const log = (msg) => console.error(`[bench:api] ${msg}`);

let bench = null;
let stopping = false;

async function cleanUp() {
  await stopChildren();
  if (!bench || process.env.BENCH_KEEP_DATA === "1") return;
  log("deleting the bench account and the verifications it created…");
  try {
    runBenchAccount(["--teardown", bench.accountId]);
  } catch (error) {
    log(error.message);
  }
  bench = null;
}

async function interrupted(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  await cleanUp();
  process.exit(130);
}
process.on("SIGINT", () => interrupted("SIGINT"));
process.on("SIGTERM", () => interrupted("SIGTERM"));

// A wrong key or flow would otherwise be benchmarked as a fast stream of 4xx.
async function preflight(origin, name, request) {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${(await response.text()).slice(0, 300)}`);
}

function databaseLabel(url) {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

const fmt = (value, digits = 1) => (value === null || value === undefined ? "-" : value.toFixed(digits));

function printTable(rows) {
  const head = [
    "scenario",
    "req/s",
    "x baseline",
    "x Next page",
    "x Next file",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "non-2xx",
    "errors",
    "server CPU ms/req",
    "CPU x baseline",
    "cores srv/gen/other",
    "target",
  ];
  const lines = rows.map(({ label, r, ratio, verdict }) => [
    label,
    fmt(r.reqPerSec),
    ratio === null ? "1.00" : fmt(ratio, 3),
    r.ratioToNextStatic === undefined ? "-" : fmt(r.ratioToNextStatic, 3),
    r.ratioToNextStaticFile === undefined ? "-" : fmt(r.ratioToNextStaticFile, 3),
    fmt(r.latencyMs.p50, 2),
    fmt(r.latencyMs.p95, 2),
    fmt(r.latencyMs.p99, 2),
    String(r.non2xx),
    String(r.errors),
    fmt(r.serverCpu?.msPerRequest, 3),
    ratio === null ? "1" : fmt(r.cpuRatioToBaseline, 1),
    [r.coresBusy.server, r.coresBusy.loadGenerator, r.coresBusy.other].map((v) => fmt(v, 2)).join("/"),
    verdict,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cells) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(render(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(render(line));
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error("DATABASE_URL is not set: run through `npm run bench:api` (server/with-db.ts)");
  log(`migrations: ${await runMigrations("deploy")}`);
  buildIfNeeded({ log });

  const setup = JSON.parse(runBenchAccount());
  bench = setup;
  log(`bench account ${setup.accountId}, key rate limit ${setup.rateLimitPerMinute}/min`);

  const baselinePort = await freePort(setting("BENCH_BASELINE_PORT", 3198));
  const baseline = await startChild(path.join(ROOT, "tools/bench/api-baseline.mjs"), {
    name: "baseline server",
    env: { ...process.env, PORT: String(baselinePort) },
  });
  const appPort = await freePort(setting("BENCH_APP_PORT", 3199));
  const appOrigin = `http://${HOST}:${appPort}`;
  const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
  const app = await startChild(path.join(ROOT, "tools/bench/serve-app.mjs"), {
    name: "app server",
    execArgv: profileDir ? [...process.execArgv, "--cpu-prof", `--cpu-prof-dir=${profileDir}`] : process.execArgv,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(appPort),
      PUBLIC_URL: appOrigin,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  log(`baseline on ${HOST}:${baselinePort}, app (production build) on ${HOST}:${appPort}`);

  const auth = { authorization: `Bearer ${setup.apiKey}`, "x-client-id": setup.clientId };
  const scenarios = [
    {
      key: "baseline",
      label: "baseline GET (node:http, fixed JSON)",
      origin: `http://${HOST}:${baselinePort}`,
      serverPid: baseline.pid,
      request: { method: "GET", path: "/" },
    },
    // not a target: Next serving a prerendered page (no handler code, no database) is the framework's own ceiling
    {
      key: "nextStaticPage",
      label: "reference: GET / (Next, static page)",
      origin: appOrigin,
      serverPid: app.pid,
      request: { method: "GET", path: "/" },
      reference: true,
    },
    // not a target either: Next serving a file from app/ (no page render, no proxy.ts) — the reference
    {
      key: "nextStaticFile",
      label: "reference: GET /icon.svg (Next, static file)",
      origin: appOrigin,
      serverPid: app.pid,
      request: { method: "GET", path: "/icon.svg" },
      reference: true,
    },
    {
      key: "createVerification",
      label: "POST /api/v1/verifications",
      origin: appOrigin,
      serverPid: app.pid,
      request: {
        method: "POST",
        path: "/api/v1/verifications",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ flowId: setup.flowId, metadata: { reference: "bench" } }),
      },
    },
    {
      key: "verificationStatus",
      label: "GET /api/v1/verifications/{id}/status",
      origin: appOrigin,
      serverPid: app.pid,
      request: { method: "GET", path: `/api/v1/verifications/${setup.verificationId}/status`, headers: auth },
    },
  ];

  // other work on the machine (a build, a test run) takes CPU from the servers: recorded so a low figure can be explained
  const loadBefore = os.loadavg().map((v) => Number(v.toFixed(2)));
  const results = {};
  for (const scenario of scenarios) {
    await preflight(scenario.origin, scenario.label, scenario.request);
    log(`${scenario.label}: ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured, ${CONNECTIONS} connections`);
    results[scenario.key] = await measure({
      origin: scenario.origin,
      serverPid: scenario.serverPid,
      request: scenario.request,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
  }
  await cleanUp();

  const baselineRps = results.baseline.reqPerSec;
  const nextRps = results.nextStaticPage.reqPerSec;
  const fileRps = results.nextStaticFile.reqPerSec;
  // issue 35: server CPU per request as a multiple of the bare node:http server's, both measured in this run
  const baselineCpu = results.baseline.serverCpu?.msPerRequest;
  const rows = scenarios.map(({ key, label, reference }) => {
    const r = results[key];
    if (key === "baseline") return { label, r, ratio: null, verdict: "" };
    const ratio = baselineRps ? r.reqPerSec / baselineRps : 0;
    r.ratioToBaseline = Number(ratio.toFixed(4));
    const cpu = r.serverCpu?.msPerRequest;
    r.cpuRatioToBaseline = baselineCpu && cpu ? Number((cpu / baselineCpu).toFixed(1)) : null;
    if (reference) return { label, r, ratio, verdict: "" };
    r.ratioToNextStatic = Number((nextRps ? r.reqPerSec / nextRps : 0).toFixed(4));
    r.ratioToNextStaticFile = Number((fileRps ? r.reqPerSec / fileRps : 0).toFixed(4));
    const target = TARGET[key];
    const met = (cpu ?? Infinity) <= target.maxCpuMsPerRequest && r.ratioToNextStatic >= target.minRatioToNextStatic;
    r.targetMet = met;
    return { label, r, ratio, verdict: met ? "met" : "MISSED" };
  });

  const cpus = os.cpus();
  const report = {
    benchmark: "api",
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? "unknown",
      memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      node: process.version,
      loadAverage: { before: loadBefore, after: os.loadavg().map((v) => Number(v.toFixed(2))) },
    },
    method: {
      tool: `autocannon ${JSON.parse(readFileSync(path.join(ROOT, "node_modules/autocannon/package.json"), "utf8")).version}`,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      app: "next production build via server/http-front.ts, own process",
      baseline: "node:http fixed JSON, own process",
      database: `PostgreSQL ${setup.postgres} at ${databaseLabel(process.env.DATABASE_URL)}`,
      databasePoolSize: Number(process.env.DATABASE_POOL_SIZE ?? 20),
    },
    target: TARGET,
    results,
  };

  console.log(
    `\nAPI benchmark: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per scenario, ${cpus.length} CPUs (${report.machine.cpuModel})\n`,
  );
  printTable(rows);
  console.log(
    `\ntargets (reported, not asserted): POST <= ${TARGET.createVerification.maxCpuMsPerRequest} ms server CPU per request and >= ${TARGET.createVerification.minRatioToNextStatic}x the Next page's req/s; status <= ${TARGET.verificationStatus.maxCpuMsPerRequest} ms and >= ${TARGET.verificationStatus.minRatioToNextStatic}x\n`,
  );
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  log(`written ${path.relative(ROOT, RESULTS_FILE)}`);
  console.log(JSON.stringify(report));
}

main()
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(`[bench:api] failed: ${error?.message ?? error}`);
    await cleanUp();
    process.exit(1);
  });
