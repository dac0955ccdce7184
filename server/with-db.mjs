#!/usr/bin/env node
// Runs a command with DATABASE_URL pointing at a database: the one in the environment, or the embedded
// PostgreSQL (reused when `npm start` is already running it, started and stopped around the command otherwise).
//   node server/with-db.mjs <command> [args...]
import "dotenv/config";
import { spawn } from "node:child_process";
import { startEmbeddedPostgres } from "./embedded-db.mjs";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: with-db.mjs <command> [args...]");
  process.exit(2);
}

let db = null;
if (!process.env.DATABASE_URL) {
  db = await startEmbeddedPostgres({ quiet: true });
  process.env.DATABASE_URL = db.url;
}
const child = spawn(command, args, { stdio: "inherit", env: process.env });
const forward = (signal) => child.kill(signal);
process.on("SIGINT", forward);
process.on("SIGTERM", forward);
child.on("exit", async (code, signal) => {
  if (db) await db.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
