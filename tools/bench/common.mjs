// What bench:webhooks, bench:pipeline and bench:sweep share besides harness.mjs: settings from the environment,
// TypeScript setup steps in child processes, a PostgreSQL client for the checks, the machine, the table and the
// report file, and the same-run baselines. bench:api predates this module and keeps its own copies.
import { spawnSync } from "node:child_process";
import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function setting(name, fallback, min = 1) {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}`);
  return value;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `node --import tsx --conditions=react-server <script> ...args` (the domain code is TypeScript with
 * `import "server-only"`); returns the JSON it prints as the last line of its stdout. Blocks: only called
 * while nothing is being measured in this process (servers and the worker run in their own processes).
 */
export function runTs(script, args = [], env = process.env) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", script, ...args], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 2 ** 20,
  });
  if (result.status !== 0)
    throw new Error(`${script} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
  const last = result.stdout.trim().split("\n").at(-1);
  return last ? JSON.parse(last) : null;
}

/**
 * A baseline measured in the same run as a bench (bench:pipeline): one page OCR pass of an image, `runs` times after
 * a warm-up, in a process of its own (page-ocr-baseline.ts). Returns { what, medianMs, runs, image }.
 */
export function pageOcrBaseline(bytes, runs) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-baseline-"));
  try {
    const image = path.join(dir, "image.jpg");
    writeFileSync(image, bytes);
    return runTs("tools/bench/page-ocr-baseline.ts", ["--image", image, "--runs", String(runs)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `count` POSTs of `body` to `url` from this process over `connections` kept-alive node:http connections, as fast as
 * the receiver answers: what a bare client reaches against the same receiver (bench:webhooks' same-run baseline).
 */
export async function barePosts(url, count, connections, body) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
  const post = () =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method: "POST", agent, headers }, (res) => res.resume().on("end", resolve));
      req.on("error", reject);
      req.end(body);
    });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next++ < count) await post();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { posts: count, connections, bodyBytes: headers["content-length"], postsPerSec: Math.round(count / seconds) };
}

/** a ÷ b to two decimals; null when either is missing */
export const ratio = (a, b) => (a === null || a === undefined || !b ? null : Math.round((a / b) * 100) / 100);

/**
 * buildIfNeeded() (server/build-if-needed.ts) in a child whose stdout goes to our stderr: `next build` prints
 * its report on stdout, which must carry only the results.
 */
export function buildApp() {
  const result = spawnSync(process.execPath, ["--import", "tsx", "server/build-if-needed.ts"], {
    cwd: ROOT,
    env: process.env,
    stdio: ["ignore", 2, 2],
  });
  if (result.status !== 0) throw new Error(`server/build-if-needed.ts failed (exit ${result.status ?? result.signal})`);
}

/** The bench account of tools/bench/account.ts (fresh account, demo workflows, API key): create, delete. */
export const createBenchAccount = () => runTs("tools/bench/account.ts");
/** Deletes a bench account's verifications in chunks (one huge DELETE holds its locks and WAL for minutes). */
export async function deleteAccountVerifications(db, accountId, chunk) {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.query(
      `DELETE FROM "Verification" WHERE "id" IN (SELECT "id" FROM "Verification" WHERE "accountId" = $1 LIMIT ${chunk})`,
      [accountId],
    );
    deleted += rowCount;
    if (rowCount < chunk) return deleted;
  }
}

export const deleteBenchAccount = (accountId) => void runTs("tools/bench/account.ts", ["--teardown", accountId]);

export async function database() {
  if (!process.env.DATABASE_URL)
    throw new Error("DATABASE_URL is not set: run through the npm script (server/with-db.ts)");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  return client;
}

export function databaseLabel(url) {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: os.loadavg().map((v) => Number(v.toFixed(2))),
  };
}

export const fmt = (value, digits = 1) =>
  value === null || value === undefined ? "-" : typeof value === "number" ? value.toFixed(digits) : String(value);

/** Columns right-aligned except the first and the last (a label and a verdict). */
export function printTable(head, lines) {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const render = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join("  ");
  console.log(render(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(render(line));
}

/** bench-results/<name>.json, then the ONE JSON line on stdout. */
export function writeReport(name, report, log) {
  const file = path.join(ROOT, `bench-results/${name}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`written ${path.relative(ROOT, file)}`);
  console.log(JSON.stringify(report));
}

/**
 * SIGINT/SIGTERM and failures run `cleanUp` once (children stopped, bench data deleted) before exiting.
 * Returns the function to call when `main` ends.
 */
export function runMain(name, main, cleanUp) {
  let stopping = false;
  const stop = async (code, why) => {
    if (stopping) return;
    stopping = true;
    if (why) console.error(`[bench:${name}] ${why}`);
    try {
      await cleanUp();
    } catch (error) {
      console.error(`[bench:${name}] clean-up failed: ${error?.message ?? error}`);
    }
    process.exit(code);
  };
  process.on("SIGINT", () => stop(130, "SIGINT: stopping"));
  process.on("SIGTERM", () => stop(130, "SIGTERM: stopping"));
  main().then(
    () => stop(0),
    (error) => stop(1, `failed: ${error?.stack ?? error}`),
  );
}
