// `npm start`: the whole service from one command.
//  1. DATABASE_URL unset → start the embedded PostgreSQL (data in .data/pg); set → use that database.
//  2. Apply prisma/migrations.
//  3. The embedded database's first start (no account yet) → seed the demo account and print it. An external
//     database (DATABASE_URL) or one with accounts never gets a demo account or printed keys, unless --seed-demo.
//  4. Build the production app when no build of the current sources exists (`--dev` runs next dev instead).
//  5. Serve on PORT (3000). Ctrl-C stops the server, then the database, cleanly.
// Run as `node --require tsx/cjs server/start.ts`: this package's .ts files are CommonJS to tsx, so its require hook
// alone loads them, in this one process (SIGTERM reaches it directly). `--import tsx` would also start tsx's ESM
// loader thread, about half a second of CPU on every start that nothing here needs.
import "dotenv/config";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed";
import { runMigrations } from "./db";
import { env } from "@/lib/core/env";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-db";
import { startServer, type RunningServer } from "./http-front";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const seedDemo = process.argv.includes("--seed-demo");
const port = Number(process.env.PORT ?? 3000);
process.env.PUBLIC_URL ??= `http://localhost:${port}`;
const log = (msg: string) => console.log(`[start] ${msg}`);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

let db: EmbeddedDatabase | null = null;
let app: RunningServer | null = null;
let stopping = false;

async function stop(code = 0): Promise<void> {
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
    console.error(`[start] database stop: ${messageOf(e)}`);
  }
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

async function main(): Promise<void> {
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
    // the production server and the build both read it (Next's types declare it read-only, hence no plain assignment)
    Object.assign(process.env, { NODE_ENV: "production" });
    env(); // refuses settings unsafe in production (INNGEST_DEV) with a clear error, before the build and the server
    buildIfNeeded({ log });
  }
  log(ffmpegBanner());
  app = await startServer({ port, dev, dir: ROOT });
  log(
    `ready on ${process.env.PUBLIC_URL} (API ${process.env.PUBLIC_URL}/api/v1, reference ${process.env.PUBLIC_URL}/docs)`,
  );
}

// (a .ts file of this package is CommonJS to tsx: no top-level await)
main().catch(async (error: unknown) => {
  console.error(`[start] failed: ${messageOf(error)}`);
  await stop(1);
});

/** Which ffmpeg decodes uploaded videos: the same choice as lib/engines/video/ffmpeg.ts (FFMPEG_PATH, PATH, a bundled build an operator installed, none). */
function ffmpegBanner(): string {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/bin", "/usr/local/bin"];
  const found =
    process.env.FFMPEG_PATH ||
    dirs.map((d) => path.join(d, "ffmpeg")).find((p) => !p.includes("node_modules") && existsSync(p));
  if (!found && existsSync(path.join(ROOT, "node_modules", "@ffmpeg-installer", `${process.platform}-${process.arch}`)))
    return "ffmpeg: the bundled 2018 build (no security updates): install your system's ffmpeg (apt-get install -y ffmpeg)";
  if (!found)
    return "ffmpeg: NONE — videos cannot be checked and GET /api/ready is 503: install it (apt-get install -y ffmpeg)";
  const version =
    /ffmpeg version (\S+)/.exec(
      spawnSync(found, ["-version"], { encoding: "utf8", env: {} as NodeJS.ProcessEnv }).stdout ?? "",
    )?.[1] ?? "unknown version";
  return `ffmpeg: ${process.env.FFMPEG_PATH ? "FFMPEG_PATH" : "system"} ${version} (${found})`;
}

/** What `server/seed.ts` prints: the demo account's sign-in, keys and workflows. */
type DemoAccount = {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  readOnlyApiKey: string;
  dashboard: { email: string; password: string };
  workflows: Record<string, string>;
};

/** The demo account: only on an empty database, or always with --seed-demo (which mints new keys each time). */
function seedOnFirstStart(always: boolean): void {
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
  const demo = JSON.parse(out) as DemoAccount;
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
