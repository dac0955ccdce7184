// Runs a command with DATABASE_URL pointing at a database: the one in the environment, or the embedded
// PostgreSQL (reused when `npm start` is already running it, started and stopped around the command otherwise).
//   node --require tsx/cjs server/with-db.ts <command> [args...]   (tsx's require hook: see server/start.ts)
import "dotenv/config";
import { spawn } from "node:child_process";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-db";

async function main(command: string, args: string[]): Promise<void> {
  let db: EmbeddedDatabase | null = null;
  if (!process.env.DATABASE_URL) {
    db = await startEmbeddedPostgres({ quiet: true });
    process.env.DATABASE_URL = db.url;
  }
  const child = spawn(command, args, { stdio: "inherit", env: process.env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  child.on("exit", async (code, signal) => {
    if (db) await db.stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: with-db.ts <command> [args...]");
  process.exit(2);
}
// (a .ts file of this package is CommonJS to tsx: no top-level await)
main(command, args).catch((error: unknown) => {
  console.error(`[with-db] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
