// The Playwright `webServer` (playwright.config.ts: `node --import tsx e2e/server.ts`): the production app on a
// database of its own.
//  1. Embedded PostgreSQL in .data/pg-e2e-<E2E_PG_PORT> (port 54331 by default, so a running `npm start` or
//     `npm test` is never touched), database openkyc_e2e dropped and created afresh, migrations applied.
//  2. The demo account seeded (server/seed.ts); its JSON (API keys, workflow ids) goes to e2e/.state/seed.json
//     (seed-<port>.json when E2E_PORT is not 3210) for the specs (e2e/support.ts readSeed()).
//  3. The production build (built when the sources changed), served by server/http-front.ts on 127.0.0.1:E2E_PORT.
// SIGTERM / SIGINT (Playwright stops its webServer with SIGTERM) close the server, then PostgreSQL.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EmbeddedDatabase } from "../server/embedded-db";
import type { RunningServer } from "../server/http-front";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.E2E_PORT ?? 3210);
const pgPort = Number(process.env.E2E_PG_PORT ?? 54331);
const DATABASE = "openkyc_e2e";
// seed-<port>.json on a port other than the default, so that two runs side by side never read each other's keys
export const SEED_FILE = path.join(ROOT, `e2e/.state/${port === 3210 ? "seed" : `seed-${port}`}.json`);

// before anything reads the configuration: verificationUrl and the seed's links are built from PUBLIC_URL
process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
// the specs start many hosted verifications from one address within a minute
process.env.HOSTED_START_RATE_LIMIT_PER_MINUTE = "1000";
// the e-mail spec reads its code at /outbox from a second, signed-out page (a local demo setting)
process.env.OUTBOX_ENABLED = "true";
// the dashboard spec signs up new accounts on a database that already has the demo account
process.env.SIGNUP_MODE = "open";
// the dashboard spec receives webhooks on a 127.0.0.1 port of its own
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
process.env.NEXT_TELEMETRY_DISABLED = "1";
// the wallet spec puts its test issuer's root here (read at each check, issue 34): empty at each start, so nothing
// is trusted until a spec says so
export const TRUST_ANCHORS_DIR = path.join(ROOT, `e2e/.state/trust-anchors-${port}`);
rmSync(TRUST_ANCHORS_DIR, { recursive: true, force: true });
mkdirSync(TRUST_ANCHORS_DIR, { recursive: true });
process.env.CREDENTIAL_TRUST_ANCHORS_DIR = TRUST_ANCHORS_DIR;

const log = (msg: string) => console.log(`[e2e-server] ${msg}`);
const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

let db: EmbeddedDatabase | null = null;
let app: RunningServer | null = null;
let stopping = false;

async function stop(code: number, why?: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (why) log(why);
  try {
    await app?.close();
  } catch (error) {
    console.error(`[e2e-server] server close: ${describe(error)}`);
  }
  try {
    await db?.stop();
  } catch (error) {
    console.error(`[e2e-server] database stop: ${describe(error)}`);
  }
  log("stopped");
  process.exit(code);
}
process.on("SIGTERM", () => void stop(0, "SIGTERM: stopping"));
process.on("SIGINT", () => void stop(0, "SIGINT: stopping"));

async function freshDatabase(): Promise<string> {
  const { startEmbeddedPostgres } = await import("../server/embedded-db");
  const started = await startEmbeddedPostgres({
    dataDir: path.join(ROOT, `.data/pg-e2e-${pgPort}`),
    port: pgPort,
    database: "postgres",
    quiet: true,
  });
  db = started;
  log(`PostgreSQL on 127.0.0.1:${pgPort} (${started.ownsServer ? "started" : "already running, reused"})`);
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${DATABASE}"`);
  } finally {
    await admin.end();
  }
  return started.url.replace(/\/postgres$/, `/${DATABASE}`);
}

function seed(): { clientId: string; workflows: Record<string, string> } {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "server/seed.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, PUBLIC_URL: process.env.PUBLIC_URL },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error(`server/seed.ts failed (exit ${result.status ?? result.signal})`);
  const last = result.stdout.trim().split("\n").at(-1);
  if (!last) throw new Error("server/seed.ts printed nothing");
  const demo = JSON.parse(last) as { clientId: string; workflows: Record<string, string> };
  mkdirSync(path.dirname(SEED_FILE), { recursive: true });
  writeFileSync(SEED_FILE, `${JSON.stringify(demo, null, 2)}\n`);
  return demo;
}

async function main(): Promise<void> {
  const started = Date.now();
  process.env.DATABASE_URL = await freshDatabase();
  const { runMigrations } = await import("../server/db");
  log(`database ${DATABASE}: migrations ${await runMigrations("deploy", undefined, process.env.DATABASE_URL)}`);
  const demo = seed();
  log(
    `demo account seeded (client ${demo.clientId}, ${Object.keys(demo.workflows).length} workflows) → ${path.relative(ROOT, SEED_FILE)}`,
  );

  // Next's types declare NODE_ENV read-only
  Object.assign(process.env, { NODE_ENV: "production" });
  const { buildIfNeeded } = await import("../server/build-if-needed");
  const buildStarted = Date.now();
  const built = buildIfNeeded({ log });
  log(
    built
      ? `production build done (${Math.round((Date.now() - buildStarted) / 1000)} s)`
      : "production build is up to date",
  );

  const { startServer } = await import("../server/http-front");
  app = await startServer({ port, hostname: "127.0.0.1", dev: false, dir: ROOT });
  log(`ready on ${process.env.PUBLIC_URL} (${Math.round((Date.now() - started) / 1000)} s)`);
}

// (a .ts file of this package is CommonJS to tsx: no top-level await)
main().catch(async (error: unknown) => {
  console.error(`[e2e-server] failed: ${describe(error)}`);
  await stop(1);
});
