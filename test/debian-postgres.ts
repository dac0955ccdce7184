// Test-only: a throwaway cluster of Debian's PostgreSQL 15 (apt: postgresql-15), whose pg_dump and pg_restore match
// it. The embedded PostgreSQL 18 ships no pg_dump, and Debian's pg_dump 15 refuses a newer server: backups of an
// external PostgreSQL, the production setup, are what this proves (docs/operations.md).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../server/free-port";

export const PG15_BIN = "/usr/lib/postgresql/15/bin";

export function hasDebianPostgres(): boolean {
  return ["initdb", "pg_ctl", "postgres", "pg_dump", "pg_restore"].every((b) => existsSync(path.join(PG15_BIN, b)));
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres system user when we are root (PostgreSQL refuses to run as root). */
export function pgBin(name: string, args: string[], options: { input?: Buffer } = {}): Buffer {
  const file = path.join(PG15_BIN, name);
  return asRoot
    ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { input: options.input, stdio: "pipe" })
    : execFileSync(file, args, { input: options.input, stdio: "pipe" });
}

/**
 * initdb and start a cluster on a free loopback port (`preferredPort` when nothing holds it). A port in the
 * ephemeral range can be taken at any moment by a client connection of the tests running beside this one, so a start
 * that fails is tried again on another port, up to three times, and the last failure carries the server's own log.
 */
export async function startDebianPostgres(preferredPort: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openkyc-pg15-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  pgBin("initdb", ["-D", dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const logFile = path.join(dir, "log");
  let port: number;
  for (let attempt = 1; ; attempt++) {
    port = await freePort(attempt === 1 ? preferredPort : 0);
    try {
      pgBin("pg_ctl", [
        "-D",
        dir,
        "-w",
        "-l",
        logFile,
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        "start",
      ]);
      break;
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-2000) : "(no log)";
      if (attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`PostgreSQL 15 did not start on port ${port}: ${(error as Error).message}\n${log}`, {
          cause: error,
        });
      }
    }
  }
  const base = `postgresql://postgres@127.0.0.1:${port}`;
  return {
    url: (database: string) => `${base}/${database}`,
    stop() {
      spawnSync(asRoot ? "runuser" : path.join(PG15_BIN, "pg_ctl"), [
        ...(asRoot ? ["-u", "postgres", "--", path.join(PG15_BIN, "pg_ctl")] : []),
        "-D",
        dir,
        "-m",
        "immediate",
        "stop",
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
