// Test-only: a throwaway cluster of Debian's PostgreSQL 15 (apt: postgresql-15), whose pg_dump and pg_restore match
// it. The embedded PostgreSQL 18 ships no pg_dump, and Debian's pg_dump 15 refuses a newer server: backups of an
// external PostgreSQL, the production setup, are what this proves (docs/operations.md).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

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

export async function startDebianPostgres(port: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openkyc-pg15-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  pgBin("initdb", ["-D", dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  pgBin("pg_ctl", [
    "-D",
    dir,
    "-w",
    "-l",
    path.join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ]);
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
