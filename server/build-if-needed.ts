// Builds the production app when there is no build of the current sources (a hash of them is kept next to
// the build). `npm start` and the benchmarks call it.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INPUTS = [
  "app",
  "components",
  "lib",
  "inngest",
  "public",
  "types",
  "generated",
  "prisma/schema.prisma",
  "next.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "proxy.ts",
  "auth.ts",
  "instrumentation.ts",
];
const STAMP = path.join(ROOT, ".next/openkyc-source-hash");

function* files(entry: string): Generator<string> {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of readdirSync(full).sort()) yield* files(path.join(entry, child));
}

export function sourceHash(): string {
  const hash = createHash("sha256");
  for (const input of INPUTS)
    for (const file of files(input))
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(path.join(ROOT, file)));
  return hash.digest("hex");
}

export type BuildLog = (message: string) => void;

/** Builds when needed; true when it built, false when the build of the current sources was there already. */
export function buildIfNeeded({ log = console.error }: { log?: BuildLog } = {}): boolean {
  const current = sourceHash();
  const isBuilt = () =>
    (existsSync(path.join(ROOT, ".next/BUILD_ID")) && existsSync(STAMP) ? readFileSync(STAMP, "utf8") : null) ===
    current;
  if (isBuilt()) return false;
  // several test files start the production app side by side (smoke, SDK, example): one builds, the others wait
  return withBuildLock(() => (isBuilt() ? false : build(current, log)));
}

const LOCK = path.join(ROOT, ".next-build.lock");

function withBuildLock<T>(run: () => T): T {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // a lock left by a build that was killed: a build takes minutes, not a quarter of an hour
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 15 * 60_000) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return run();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function build(current: string, log: BuildLog): true {
  log("[build] no build of the current sources: running `next build` (a minute or two on 2 cores)…");
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`);
  writeFileSync(STAMP, current);
  log(`[build] done in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) buildIfNeeded();
