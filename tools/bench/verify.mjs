#!/usr/bin/env node
// `npm run bench:verify`: what the hosted verify page costs a phone, on the production build, next to the home
// page `/` (the baseline: Next's own floor for a page of this app).
//  (a) first-load JS: the HTML of each page, every /_next/ script it loads (<script src>, modulepreload and
//      preload-as-script links) fetched and summed, raw and gzip -9 (CSS alongside).
//  (b) LCP in Debian's Chromium: BENCH_LCP_RUNS (7) cold navigations per page and condition, each in a new browser
//      context (empty cache), largest-contentful-paint read through a buffered PerformanceObserver 1 s after
//      `load`; once unthrottled and once as a slow phone (CPU 4x slower via CDP Emulation.setCPUThrottlingRate,
//      network 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up via CDP Network.emulateNetworkConditions).
//      One discarded navigation per page first, so that the server's lazily loaded route code is not counted.
//  (c) every dashboard page of e2e/dashboard-pages.ts (the list the accessibility spec visits), its first-load JS
//      against the budget stated there, signed in as the bench account's owner (tools/bench/verify-dashboard.mjs).
//  (d) the capture screen's JS: Chromium opens a fresh full-kyc verification, agrees on the consent screen, chooses a German
//      passport and waits on the front-side camera screen until its quality worker has judged frames; every
//      /_next/ script fetched after the consent (the capture step's lazy chunks and the worker) is summed, raw and gzip.
// Pages: `/`, `/verify?flowId=<full-kyc>&clientId=…` (the shareable workflow link) and a verificationUrl from
// POST /api/v1/verifications (the resumed link). A verify page that is not 200 is reported and left out of (b).
// Settings (env): BENCH_LCP_RUNS (7), BENCH_APP_PORT (3199), CHROMIUM_PATH (/usr/bin/chromium),
// BENCH_KEEP_DATA=1 keeps the bench account. Prints tables, then ONE JSON line (also bench-results/verify.json).
// Figures are reported, never asserted (a page over its budget is marked OVER BUDGET). Runs under tsx
// (`node --import tsx`): the page list and Chromium's flags are the e2e modules' own (e2e/*.ts).
import { gzipSync } from "node:zlib";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from "../../e2e/chromium.ts";
import {
  ROOT,
  buildApp,
  createBenchAccount,
  deleteBenchAccount,
  fmt,
  machine,
  printTable,
  runMain,
  setting,
  writeReport,
} from "./common.mjs";
import { HOST, freePort, percentile, round, startChild, stopChildren } from "./harness.mjs";
import { measureDashboard } from "./verify-dashboard.mjs";
import { fetchBody, measureFirstLoad, sizes } from "./verify-first-load.mjs";
import { runMigrations } from "../../server/db.ts";

const RUNS = setting("BENCH_LCP_RUNS", 7);
const SETTLE_MS = 1_000;
const CONDITIONS = [
  { key: "unthrottled", label: "unthrottled", cpuRate: 1, network: null },
  {
    key: "slowPhone",
    label: "CPU 4x + 150 ms / 1.6 Mbit/s",
    cpuRate: 4,
    // bytes per second, as CDP wants them
    network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  },
];
const log = (msg) => console.error(`[bench:verify] ${msg}`);

let bench = null;
let browser = null;

async function cleanUp() {
  await browser?.close().catch(() => undefined);
  browser = null;
  await stopChildren();
  if (!bench || process.env.BENCH_KEEP_DATA === "1") return;
  log("deleting the bench account and the verifications it created…");
  deleteBenchAccount(bench.accountId);
  bench = null;
}

// ---------------------------------------------------------------------------------------------------- (b) LCP

// runs in the page: the last largest-contentful-paint candidate (buffered: those before the observer too)
function readPaintTimings() {
  return new Promise((resolve) => {
    let last = null;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry;
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(() => {
      for (const entry of observer.takeRecords()) last = entry;
      observer.disconnect();
      const element = last?.element;
      const nav = performance.getEntriesByType("navigation")[0];
      resolve({
        lcpMs: last ? last.startTime : null,
        lcpElement: element
          ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${last.url ? ` ${last.url}` : ""}`
          : null,
        lcpSize: last ? last.size : null,
        fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        loadMs: nav ? nav.loadEventEnd : null,
      });
    }, 100);
  });
}

async function navigate(url, condition) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (condition.cpuRate !== 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: condition.cpuRate });
    if (condition.network) {
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", condition.network);
    }
    const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    return { status: response?.status() ?? null, ...(await page.evaluate(readPaintTimings)) };
  } finally {
    await context.close();
  }
}

function summary(values) {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: round(percentile(sorted, 50), 0),
    p95: round(percentile(sorted, 95), 0),
    min: round(sorted[0] ?? null, 0),
    max: round(sorted.at(-1) ?? null, 0),
  };
}

async function measureLcp(page, condition) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await navigate(page.url, condition));
  return {
    lcpMs: summary(runs.map((r) => r.lcpMs)),
    fcpMs: summary(runs.map((r) => r.fcpMs)),
    loadMs: summary(runs.map((r) => r.loadMs)),
    lcpElements: [...new Set(runs.map((r) => r.lcpElement).filter(Boolean))],
    statuses: [...new Set(runs.map((r) => r.status))],
    runs: runs.map((r) => ({ lcpMs: round(r.lcpMs, 0), fcpMs: round(r.fcpMs, 0), loadMs: round(r.loadMs, 0) })),
  };
}

// ------------------------------------------------------------------------------------------ (d) the capture screen

/** Scripts fetched on the way from the welcome screen to the document camera (lazy chunks and the quality worker). */
async function measureCaptureScreen(url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    permissions: ["camera"],
  });
  const seen = new Map();
  let phase = "welcome";
  // requests of the page's dedicated workers are the context's too
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/_next/") && url.pathname.endsWith(".js") && !seen.has(url.href))
      seen.set(url.href, phase);
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    phase = "capture";
    // the consent screen first (e2e/verify-helpers.ts giveConsent): full-kyc takes a face, so the biometric tick
    const tick = page.getByRole("checkbox", { name: /processes images of my face/ });
    if (await tick.isVisible()) await tick.check();
    await page.getByRole("button", { name: /^Agree and (start|continue)$/ }).click();
    await page.getByLabel("Issuing country").selectOption("DE");
    await page.getByRole("radio", { name: "Passport" }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("button", { name: "Take photo" }).waitFor();
    // the worker starts with the first judged frame (≈ 0.5 s after the camera is up); give it a few
    await page.waitForTimeout(3_000);
    const lazy = [...seen].filter(([, p]) => p === "capture").map(([href]) => href);
    const bodies = [];
    for (const href of lazy) {
      const asset = await fetchBody(href);
      if (asset.status !== 200) throw new Error(`${href}: HTTP ${asset.status}`);
      bodies.push(asset.body);
    }
    return {
      welcomeScripts: [...seen].filter(([, p]) => p === "welcome").length,
      lazy: sizes(bodies),
      scripts: lazy.map((href, i) => ({
        path: new URL(href).pathname,
        rawBytes: bodies[i].length,
        gzipBytes: gzipSync(bodies[i], { level: 9 }).length,
      })),
    };
  } finally {
    await context.close();
  }
}

// -------------------------------------------------------------------------------------------------------- main

const kb = (bytes) => fmt(bytes / 1024, 1);
const ratio = (value, base) => (value === null || value === undefined || !base ? "-" : `${(value / base).toFixed(2)}x`);

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error("DATABASE_URL is not set: run through `npm run bench:verify` (server/with-db.ts)");
  log(`migrations: ${await runMigrations("deploy")}`);
  buildApp();

  bench = createBenchAccount();
  const fullKyc = bench.workflows["full-kyc"];
  if (!fullKyc) throw new Error('the bench account has no "full-kyc" workflow (lib/domain/flows/demo-workflows.ts)');
  log(`bench account ${bench.accountId}`);

  const port = await freePort(setting("BENCH_APP_PORT", 3199));
  const origin = `http://${HOST}:${port}`;
  await startChild(path.join(ROOT, "tools/bench/serve-app.mjs"), {
    name: "app server",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: origin,
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTED_START_RATE_LIMIT_PER_MINUTE: "100000",
      SIGNUP_RATE_LIMIT_PER_HOUR: "100000",
    },
  });
  log(`app (production build) on ${origin}`);

  const started = await fetch(`${origin}/api/v1/verifications`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${bench.apiKey}`,
      "x-client-id": bench.clientId,
      "content-type": "application/json",
    },
    body: JSON.stringify({ flowId: fullKyc, metadata: { reference: "bench-verify" } }),
  });
  if (started.status !== 201)
    throw new Error(`POST /api/v1/verifications: ${started.status} ${(await started.text()).slice(0, 300)}`);
  const { verificationUrl } = await started.json();

  const pages = [
    { key: "home", label: "/ (baseline)", url: `${origin}/` },
    {
      key: "verifyLink",
      label: "/verify?flowId (full-kyc)",
      url: `${origin}/verify?${new URLSearchParams({ flowId: fullKyc, clientId: bench.clientId })}`,
    },
    { key: "verifyResumed", label: "/verify verificationUrl", url: verificationUrl },
  ];

  // (a)
  const firstLoad = {};
  for (const page of pages) {
    firstLoad[page.key] = await measureFirstLoad(page, origin);
    log(
      `${page.label}: HTTP ${firstLoad[page.key].status}, ${firstLoad[page.key].js.files} scripts, ${kb(firstLoad[page.key].js.gzipBytes)} KiB gzip`,
    );
  }
  const lcpPages = pages.filter((page) => {
    if (firstLoad[page.key].status === 200) return true;
    log(`${page.label} answers HTTP ${firstLoad[page.key].status}: left out of the LCP runs`);
    return false;
  });

  // (b)
  // a page that asks for the camera gets the fake one instead of a prompt
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...fakeCameraArgs()] });
  // (c) before the timed part: its fixture verification is decided by the server while nothing is timed
  const dashboard = await measureDashboard({ browser, origin, bench, log });
  const lcp = {};
  for (const page of lcpPages) {
    await navigate(page.url, CONDITIONS[0]); // warm-up: the server loads the route's code on first use
    lcp[page.key] = {};
    for (const condition of CONDITIONS) {
      log(`${page.label}, ${condition.label}: ${RUNS} cold navigations`);
      lcp[page.key][condition.key] = await measureLcp(page, condition);
    }
  }
  const browserVersion = browser.version();
  const captureStart = await fetch(`${origin}/api/v1/verifications`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${bench.apiKey}`,
      "x-client-id": bench.clientId,
      "content-type": "application/json",
    },
    body: JSON.stringify({ flowId: fullKyc, metadata: { reference: "bench-verify-capture" } }),
  });
  if (captureStart.status !== 201) throw new Error(`POST /api/v1/verifications: ${captureStart.status}`);
  const captureScreen = await measureCaptureScreen((await captureStart.json()).verificationUrl);
  log(`capture screen: ${captureScreen.lazy.files} lazy scripts, ${kb(captureScreen.lazy.gzipBytes)} KiB gzip`);
  for (const script of captureScreen.scripts) log(`  ${script.path}: ${kb(script.gzipBytes)} KiB gzip`);
  await cleanUp();

  const home = firstLoad.home;
  console.log(`\nHosted verify page vs / on the production build (${origin})\n`);
  console.log("(a) first-load JS (every /_next/ script in the HTML; raw and gzip -9)\n");
  printTable(
    ["page", "HTTP", "scripts", "JS KiB", "JS gzip KiB", "gzip x /", "CSS gzip KiB", "HTML gzip KiB", ""],
    pages.map((page) => {
      const r = firstLoad[page.key];
      return [
        page.label,
        String(r.status),
        String(r.js.files),
        kb(r.js.rawBytes),
        kb(r.js.gzipBytes),
        ratio(r.js.gzipBytes, home.js.gzipBytes),
        kb(r.css.gzipBytes),
        kb(r.html.gzipBytes),
        "",
      ];
    }),
  );
  console.log("\n(c) first-load JS of the dashboard pages against their budgets (e2e/dashboard-pages.ts; gzip -9)\n");
  printTable(
    ["page", "HTTP", "scripts", "JS gzip KiB", "budget KiB", "of budget", "gzip x /", "CSS gzip KiB", ""],
    dashboard.map((r) => [
      r.path,
      String(r.status),
      String(r.js.files),
      kb(r.js.gzipBytes),
      String(r.budgetKiB),
      `${(r.budgetRatio * 100).toFixed(1)} %`,
      ratio(r.js.gzipBytes, home.js.gzipBytes),
      kb(r.css.gzipBytes),
      r.withinBudget ? "within" : "OVER BUDGET",
    ]),
  );
  console.log(
    "\n(d) the document capture screen: scripts fetched after the consent, on top of the first load (gzip -9)\n",
  );
  printTable(
    ["script", "KiB", "gzip KiB", ""],
    [
      ...captureScreen.scripts.map((s) => [s.path, kb(s.rawBytes), kb(s.gzipBytes), ""]),
      ["all", kb(captureScreen.lazy.rawBytes), kb(captureScreen.lazy.gzipBytes), ""],
    ],
  );
  console.log(`\n(b) LCP, ${RUNS} cold navigations each (new context), 390x844 @2x, read 1 s after load; ms\n`);
  const rows = [];
  for (const condition of CONDITIONS) {
    const base = lcp.home?.[condition.key]?.lcpMs.median;
    for (const page of lcpPages) {
      const r = lcp[page.key][condition.key];
      rows.push([
        `${page.label}`,
        condition.label,
        fmt(r.lcpMs.median, 0),
        fmt(r.lcpMs.p95, 0),
        ratio(r.lcpMs.median, base),
        fmt(r.fcpMs.median, 0),
        fmt(r.loadMs.median, 0),
        r.lcpElements.join(", ") || "-",
      ]);
    }
  }
  printTable(["page", "condition", "LCP p50", "LCP p95", "p50 x /", "FCP p50", "load p50", "LCP element"], rows);
  console.log(`\nWith ${RUNS} runs, p95 is the slowest run. Reported, not asserted.\n`);

  writeReport(
    "verify",
    {
      benchmark: "verify",
      date: new Date().toISOString(),
      machine: machine(),
      method: {
        app: "next production build via server/http-front.ts, own process",
        browser: `${CHROMIUM_PATH} ${browserVersion}`,
        runs: RUNS,
        settleMs: SETTLE_MS,
        viewport: "390x844 @2x",
        conditions: CONDITIONS,
        firstLoad: "<script src>, <link rel=modulepreload>, <link rel=preload as=script> under /_next/; gzip level 9",
      },
      pages: Object.fromEntries(pages.map((p) => [p.key, { label: p.label, path: new URL(p.url).pathname }])),
      firstLoad,
      lcp,
      captureScreen,
      dashboard,
    },
    log,
  );
}

runMain("verify", main, cleanUp);
