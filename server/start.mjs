#!/usr/bin/env node
// `npm start`: the whole service from one command.
//  1. DATABASE_URL unset → start the embedded PostgreSQL (data in .data/pg); set → use that database.
//  2. Apply prisma/migrations.
//  3. The embedded database's first start (no account yet) → seed the demo account and print it. An external
//     database (DATABASE_URL) or one with accounts never gets a demo account or printed keys, unless --seed-demo.
//  4. Build the production app when no build of the current sources exists (`--dev` runs next dev instead).
//  5. Serve on PORT (3000). Ctrl-C stops the server, then the database, cleanly.
import "dotenv/config";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { runMigrations } from "./db.mjs";
import { startEmbeddedPostgres } from "./embedded-db.mjs";
import { startServer } from "./http-front.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const seedDemo = process.argv.includes("--seed-demo");
const port = Number(process.env.PORT ?? 3000);
process.env.PUBLIC_URL ??= `http://localhost:${port}`;
const log = (msg) => console.log(`[start] ${msg}`);

let db = null;
let app = null;
let stopping = false;

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log("stopping…");
  try {
    await app?.close();
  } catch {
    /* already closed */
  }
  try {
    await db?.stop();
  } catch (e) {
    console.error(`[start] database stop: ${e?.message ?? e}`);
  }
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

try {
  const external = Boolean(process.env.DATABASE_URL);
  if (!external) {
    db = await startEmbeddedPostgres();
    process.env.DATABASE_URL = db.url;
    log(db.ownsServer ? "embedded PostgreSQL started" : "reusing the embedded PostgreSQL already running");
  } else {
    log("using DATABASE_URL");
  }
  log(`migrations: ${await runMigrations("deploy")}`);
  if (seedDemo || !external) seedOnFirstStart(seedDemo);
  else log("external database: no demo account is created (npm start -- --seed-demo creates one and prints its keys)");
  if (!dev) {
    process.env.NODE_ENV = "production";
    buildIfNeeded({ log: (m) => log(m) });
  }
  log(ffmpegBanner());
  app = await startServer({ port, dev, dir: ROOT });
  log(
    `ready on ${process.env.PUBLIC_URL} (API ${process.env.PUBLIC_URL}/api/v1, reference ${process.env.PUBLIC_URL}/docs)`,
  );
} catch (error) {
  console.error(`[start] failed: ${error?.message ?? error}`);
  await stop(1);
}

/** Which ffmpeg decodes uploaded videos: the same choice as lib/engines/video/ffmpeg.ts (FFMPEG_PATH, PATH, bundled). */
function ffmpegBanner() {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/bin", "/usr/local/bin"];
  const found =
    process.env.FFMPEG_PATH ||
    dirs.map((d) => path.join(d, "ffmpeg")).find((p) => !p.includes("node_modules") && existsSync(p));
  if (!found)
    return "ffmpeg: the bundled 2018 build (no security updates): install your system's ffmpeg (apt-get install -y ffmpeg)";
  const version =
    /ffmpeg version (\S+)/.exec(spawnSync(found, ["-version"], { encoding: "utf8", env: {} }).stdout ?? "")?.[1] ??
    "unknown version";
  return `ffmpeg: ${process.env.FFMPEG_PATH ? "FFMPEG_PATH" : "system"} ${version} (${found})`;
}

/** The demo account: only on an empty database, or always with --seed-demo (which mints new keys each time). */
function seedOnFirstStart(always) {
  const tsx = path.join(ROOT, "node_modules/.bin/tsx");
  const result = spawnSync(tsx, ["--conditions=react-server", "server/seed.ts", ...(always ? [] : ["--if-empty"])], {
    cwd: ROOT,
    env: process.env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error("seeding the demo account failed");
  const out = result.stdout.trim();
  if (!out) return;
  const demo = JSON.parse(out);
  log(`${always ? "--seed-demo" : "first start"}: demo account created. Keep these; the API keys are shown only once.`);
  console.log(`
  Sign-in     e-mail ${demo.dashboard.email}   password ${demo.dashboard.password}
              (the dashboard at ${demo.baseUrl.replace(/\/api\/v1\/?$/, "")}/dashboard)
  API         ${demo.baseUrl}
              X-CLIENT-ID: ${demo.clientId}
              Authorization: Bearer ${demo.apiKey}          (all scopes)
              Authorization: Bearer ${demo.readOnlyApiKey}  (verification:read)
  Workflows   ${Object.entries(demo.workflows)
    .map(([name, id]) => `${name}=${id}`)
    .join("\n              ")}
  Try it      curl -s -X POST ${demo.baseUrl}/verifications -H 'Authorization: Bearer ${demo.apiKey}' \\
                -H 'X-CLIENT-ID: ${demo.clientId}' -H 'Content-Type: application/json' \\
                -d '{"flowId":"${demo.workflows["address-only"]}","metadata":{"reference":"demo-1"}}'
  New keys any time: npm run seed
`);
}
