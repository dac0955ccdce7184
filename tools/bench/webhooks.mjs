#!/usr/bin/env node
// `npm run bench:webhooks`: how fast the in-process engine delivers webhooks. The worker runs exactly as
// `npm run worker` runs it (server/worker.ts, its own process), the receiver is a node:http server in another
// process (tools/bench/webhook-receiver.ts), both on 127.0.0.1. Two scenarios, on one bench account and endpoint:
//   burst   BENCH_DELIVERIES (3,000) events committed at once: the drain rate (deliveries/s). Latency here is
//           mostly time spent waiting in the queue, so it is reported but not held to the latency target.
//   steady  BENCH_RATE (200) events/s offered for BENCH_STEADY_SECONDS (10): event → delivery latency under a
//           constant load, the figure the latency target is about.
// Settings (env): BENCH_POLL_MS (50) the worker's ENGINE_POLL_MS, BENCH_RECEIVER_PORT (3197),
// BENCH_KEEP_DATA=1 keeps the bench account. The baseline, measured in the same run: the receiver answering as many
// bare POSTs from one node:http client; the burst's ratio to it is printed. Prints a table, then ONE JSON line (also
// bench-results/webhooks.json).
// Targets are reported, never asserted. Recorded runs: docs/benchmarks.md.
import path from "node:path";
import { runMigrations } from "../../server/db.ts";
import {
  HOST,
  ask,
  cpuMs,
  freePort,
  machineBusyMs,
  percentile,
  round,
  startChild,
  startTsChild,
  stopChildren,
} from "./harness.mjs";
import {
  ROOT,
  barePosts,
  createBenchAccount,
  database,
  databaseLabel,
  deleteBenchAccount,
  fmt,
  machine,
  printTable,
  ratio,
  runMain,
  runTs,
  setting,
  sleep,
  writeReport,
} from "./common.mjs";

const TARGET = { minDeliveriesPerSec: 200, maxSteadyP95Ms: 1_000 };
const DELIVERIES = setting("BENCH_DELIVERIES", 3_000);
const RATE = setting("BENCH_RATE", 200);
const STEADY_SECONDS = setting("BENCH_STEADY_SECONDS", 10);
const POLL_MS = setting("BENCH_POLL_MS", 50, 50);
const log = (msg) => console.error(`[bench:webhooks] ${msg}`);

let bench = null;
let db = null;

async function cleanUp() {
  await stopChildren();
  await db?.end().catch(() => undefined);
  db = null;
  if (!bench || process.env.BENCH_KEEP_DATA === "1") return;
  log("deleting the bench account, its endpoint, events and deliveries…");
  try {
    deleteBenchAccount(bench.accountId);
  } catch (error) {
    log(error.message);
  }
  bench = null;
}

// when each scenario began enqueuing: its events are the account's events created from then until the next began
// (the payload, with metadata.bench, is sealed at rest, so SQL cannot select by it)
const scenarioWindows = {};
function beginScenario(tag) {
  for (const window of Object.values(scenarioWindows)) window.toMs ??= Date.now();
  scenarioWindows[tag] = { fromMs: Date.now(), toMs: null };
}

// every delivery of the scenario's events, from the database
async function deliveriesOf(tag) {
  const { fromMs, toMs } = scenarioWindows[tag];
  const { rows } = await db.query(
    `SELECT e."id"::text AS "eventId", extract(epoch FROM e."createdAt") * 1000 AS "createdMs", d."status", d."attempts"
     FROM "Event" e JOIN "WebhookDelivery" d ON d."eventId" = e."id"
     WHERE e."accountId" = $1 AND extract(epoch FROM e."createdAt") * 1000 >= $2
       AND ($3::float8 IS NULL OR extract(epoch FROM e."createdAt") * 1000 < $3)`,
    [bench.accountId, fromMs, toMs],
  );
  return rows.map((r) => ({ ...r, createdMs: Number(r.createdMs) }));
}

/** Until the receiver has every event of the scenario and the database shows no delivery still pending. */
async function drain(receiver, tag, expected, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while ((await ask(receiver, { type: "count", tag })).count < expected && Date.now() < deadline) await sleep(50);
  const receivedAllAt = Date.now();
  // the worker records DELIVERED after the receiver's answer: give it that moment
  while ((await deliveriesOf(tag)).some((d) => d.status === "PENDING") && Date.now() < deadline) await sleep(100);
  return { receivedAllAt, timedOut: Date.now() >= deadline };
}

/** `since`: also the latency from that moment (the burst's commit: before it nothing could be claimed). */
function analyse(tag, deliveries, records, extra, since = null) {
  const arrivals = new Map();
  for (const r of records)
    if (r.tag === tag) arrivals.set(r.eventId, [...(arrivals.get(r.eventId) ?? []), r.receivedAt]);
  const latencies = [];
  let lost = 0;
  for (const d of deliveries) {
    const first = arrivals.get(d.eventId)?.sort((a, b) => a - b)[0];
    if (first === undefined) lost++;
    else latencies.push(first - d.createdMs);
  }
  latencies.sort((a, b) => a - b);
  // the burst's events share one createdAt (one `now` for the transaction)
  const sinceCommit = since === null ? null : latencies.map((l) => l + (deliveries[0]?.createdMs ?? 0) - since);
  const receipts = records.filter((r) => r.tag === tag).map((r) => r.receivedAt);
  const statuses = {};
  for (const d of deliveries) statuses[d.status] = (statuses[d.status] ?? 0) + 1;
  return {
    deliveries: deliveries.length,
    statuses,
    received: receipts.length,
    lost,
    duplicates: receipts.length - arrivals.size,
    retried: deliveries.filter((d) => d.attempts > 1).length,
    firstReceivedAt: receipts.length ? Math.min(...receipts) : null,
    lastReceivedAt: receipts.length ? Math.max(...receipts) : null,
    latencyMs: {
      p50: round(percentile(latencies, 50), 0),
      p95: round(percentile(latencies, 95), 0),
      p99: round(percentile(latencies, 99), 0),
      max: round(latencies.at(-1) ?? null, 0),
      min: round(latencies[0] ?? null, 0),
    },
    ...(sinceCommit && {
      latencyFromCommitMs: {
        p50: round(percentile(sinceCommit, 50), 0),
        p95: round(percentile(sinceCommit, 95), 0),
        max: round(sinceCommit.at(-1) ?? null, 0),
      },
    }),
    ...extra,
  };
}

function cpuWindow(pids) {
  const start = {
    at: Date.now(),
    machine: machineBusyMs(),
    ...Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid)])),
  };
  return (deliveries) => {
    const seconds = (Date.now() - start.at) / 1000;
    const used = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid) - start[k]]));
    const machineMs = machineBusyMs() - start.machine;
    return {
      msPerDelivery: Object.fromEntries(Object.entries(used).map(([k, ms]) => [k, round(ms / deliveries)])),
      coresBusy: {
        ...Object.fromEntries(Object.entries(used).map(([k, ms]) => [k, round(ms / 1000 / seconds)])),
        machine: round(machineMs / 1000 / seconds),
        other: round((machineMs - Object.values(used).reduce((a, b) => a + b, 0)) / 1000 / seconds),
      },
    };
  };
}

async function main() {
  log(`migrations: ${await runMigrations("deploy")}`);
  db = await database();
  bench = createBenchAccount();
  log(`bench account ${bench.accountId}`);

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
    env: { ...process.env, PORT: String(receiverPort), WEBHOOK_SECRET: endpoint.secret },
  });
  const worker = await startTsChild(path.join(ROOT, "server/worker.ts"), {
    name: "worker",
    readyLine: /"msg":"worker started"/,
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      ENGINE_POLL_MS: String(POLL_MS),
    },
  });
  log(`receiver on ${HOST}:${receiverPort}, worker pid ${worker.pid} (ENGINE_POLL_MS ${POLL_MS})`);
  await sleep(2_000); // the worker's first polls: its pool connects, the delivery code is compiled

  const loadBefore = machine().loadAverage;
  const results = {};
  const pids = { worker: worker.pid, receiver: receiver.pid };
  const args = ["enqueue", "--verification", bench.verificationId];

  log(`burst: ${DELIVERIES} events in one transaction`);
  beginScenario("burst");
  const burst = runTs("tools/bench/webhook-events.ts", [...args, "--tag", "burst", "--count", String(DELIVERIES)]);
  const burstCpu = cpuWindow(pids);
  const burstDrain = await drain(receiver, "burst", burst.events, Math.max(60_000, DELIVERIES * 40));
  const burstCpuUsed = burstCpu(burst.deliveries);

  log(`steady: ${RATE} events/s for ${STEADY_SECONDS} s`);
  beginScenario("steady");
  const steadyCpu = cpuWindow(pids);
  const steady = runTs("tools/bench/webhook-events.ts", [
    ...args,
    "--tag",
    "steady",
    "--rate",
    String(RATE),
    "--seconds",
    String(STEADY_SECONDS),
  ]);
  const steadyDrain = await drain(receiver, "steady", steady.events, 60_000);
  const steadyCpuUsed = steadyCpu(steady.deliveries);

  const { records, signatures } = await ask(receiver, { type: "snapshot" }, 60_000);
  // the baseline, measured in the same run once the worker is idle: the same receiver answering as many bare POSTs of
  // a delivery-sized body from this process, over as many kept-alive connections as the worker delivers at once (16)
  log(`baseline: ${DELIVERIES} bare POSTs to the receiver`);
  const body = JSON.stringify({ eventId: "baseline", eventName: "verification.updated", padding: "x".repeat(520) });
  const baseline = await barePosts(`http://${HOST}:${receiverPort}/hooks`, DELIVERIES, 16, body);
  results.burst = analyse(
    "burst",
    await deliveriesOf("burst"),
    records,
    { enqueue: burst, timedOut: burstDrain.timedOut, cpu: burstCpuUsed },
    burst.committedAt,
  );
  const b = results.burst;
  b.deliveriesPerSec = b.lastReceivedAt ? round(b.received / ((b.lastReceivedAt - burst.committedAt) / 1000), 1) : 0;
  b.targetMet = b.deliveriesPerSec >= TARGET.minDeliveriesPerSec && b.lost === 0;
  results.steady = analyse("steady", await deliveriesOf("steady"), records, {
    enqueue: steady,
    timedOut: steadyDrain.timedOut,
    cpu: steadyCpuUsed,
  });
  const s = results.steady;
  s.deliveriesPerSec = s.lastReceivedAt ? round(s.received / ((s.lastReceivedAt - steady.startedAt) / 1000), 1) : 0;
  s.targetMet = s.latencyMs.p95 !== null && s.latencyMs.p95 <= TARGET.maxSteadyP95Ms && s.lost === 0;
  const {
    rows: [pgVersion],
  } = await db.query("SHOW server_version");
  await cleanUp();

  const report = {
    benchmark: "webhooks",
    date: new Date().toISOString(),
    machine: { ...machine(), loadAverage: { before: loadBefore, after: machine().loadAverage } },
    method: {
      worker: "server/worker.ts (in-process engine, default concurrency), own process",
      pollMs: POLL_MS,
      receiver: "node:http, answers 200 at once, own process",
      signatureSampleEvery: 10,
      enqueue: "recordEventsBulk in a tsx child: burst = one transaction; steady = one transaction every 50 ms",
      database: `PostgreSQL ${pgVersion.server_version} at ${databaseLabel(process.env.DATABASE_URL)}`,
      databasePoolSize: Number(process.env.DATABASE_POOL_SIZE ?? 20),
    },
    target: TARGET,
    signatures,
    results,
    baseline,
    ratios: { burstToBarePosts: ratio(b.deliveriesPerSec, baseline.postsPerSec) },
  };

  console.log(
    `\nWebhooks benchmark: worker process (ENGINE_POLL_MS ${POLL_MS}) → node:http receiver, ${report.machine.cpus} CPUs (${report.machine.cpuModel})\n`,
  );
  const row = (label, r, verdict) => [
    label,
    String(r.deliveries),
    fmt(r.deliveriesPerSec),
    fmt(r.latencyMs.p50, 0),
    fmt(r.latencyMs.p95, 0),
    fmt(r.latencyMs.p99, 0),
    fmt(r.latencyMs.max, 0),
    String(r.lost),
    String(r.duplicates),
    String(r.retried),
    fmt(r.cpu.msPerDelivery.worker, 2),
    verdict,
  ];
  printTable(
    [
      "scenario",
      "deliveries",
      "delivered/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "max ms",
      "lost",
      "duplicates",
      "retried",
      "worker CPU ms/delivery",
      "target",
    ],
    [
      row(
        `burst: ${DELIVERIES} at once (queue drain)`,
        b,
        `${b.targetMet ? "met" : "MISSED"} (>= ${TARGET.minDeliveriesPerSec}/s)`,
      ),
      row(
        `steady: ${RATE}/s offered for ${STEADY_SECONDS} s`,
        s,
        `${s.targetMet ? "met" : "MISSED"} (p95 <= ${TARGET.maxSteadyP95Ms} ms)`,
      ),
    ],
  );
  console.log(
    `\nlatency = event createdAt → first receipt; signatures checked on ${signatures.checked} deliveries: ${signatures.valid} valid, ${signatures.invalid} invalid`,
  );
  console.log(
    `burst: ${burst.events} events committed in ${burst.insertMs} ms; from the commit, p50 ${b.latencyFromCommitMs.p50} ms, p95 ${b.latencyFromCommitMs.p95} ms`,
  );
  console.log(
    `burst drain cores busy: worker ${fmt(b.cpu.coresBusy.worker, 2)}, receiver ${fmt(b.cpu.coresBusy.receiver, 2)}, other (PostgreSQL…) ${fmt(b.cpu.coresBusy.other, 2)}, machine ${fmt(b.cpu.coresBusy.machine, 2)}\n`,
  );
  console.log(
    `baseline: the receiver answered ${baseline.postsPerSec} bare POSTs/s (${baseline.posts} of ${baseline.bodyBytes} bytes over ${baseline.connections} connections, this run); burst drain / bare POSTs = ${fmt(report.ratios.burstToBarePosts, 2)}×\n`,
  );
  writeReport("webhooks", report, log);
}

runMain("webhooks", main, cleanUp);
