import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The small soak: `npm run soak:cluster` with 30 verifications (docs/operations.md). Two production app instances
// and a worker on a PostgreSQL of their own, a kill -9 of the worker and one app mid-run; the script itself checks
// every invariant from the database and the receiver and exits 1 when one fails. Here: it passed, and what it saw.
describe("several instances on one database (soak:cluster, small)", () => {
  it("keeps every invariant through a kill -9 of the worker and one app instance", async () => {
    const env = {
      ...process.env,
      SOAK_VERIFICATIONS: process.env.SOAK_VERIFICATIONS ?? "30",
      SOAK_PG_PORT: process.env.SOAK_PG_PORT ?? String(Number(process.env.TEST_PG_PORT ?? 54330) + 13),
      SOAK_PORT_BASE: process.env.SOAK_PORT_BASE ?? "3342",
      SOAK_WRITE_DOCS: "0",
      // the integration tests' own database and secrets are not the soak's: it makes its own
      DATABASE_URL: "",
    };
    const child = spawn(process.execPath, ["--import", "tsx", "tools/soak/cluster.mjs"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: string[] = [];
    const err: string[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d.toString()));
    child.stderr.on("data", (d: Buffer) => err.push(d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`soak failed (exit ${code}):\n${out.join("")}\n${err.join("").slice(-4000)}`);
    const report = JSON.parse(readFileSync(path.resolve("bench-results/soak-cluster.json"), "utf8"));
    expect(report.invariants.length).toBeGreaterThanOrEqual(9);
    for (const invariant of report.invariants) expect(invariant, invariant.name).toMatchObject({ ok: true });
    expect(report.deliveries.lost).toBe(0);
    expect(report.deliveries.firstAttemptsRefused).toBeGreaterThan(0); // the receiver did fail some: retries ran
    expect(report.logs.piiHits).toBe(0);
    expect(report.timings.killAfterSeconds).not.toBeNull();
  }, 900_000);
});
