import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** tools/bench/account.ts in its own process (it needs the react-server condition): its JSON answer, as printed. */
export function runBenchAccount(args: string[] = []): string {
  const result = spawnSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "tools/bench/account.ts", ...args],
    { cwd: ROOT, env: process.env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (result.status !== 0) throw new Error(`tools/bench/account.ts ${args.join(" ")} failed (exit ${result.status})`);
  return result.stdout.trim();
}
