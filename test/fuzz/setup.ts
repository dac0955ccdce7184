// Test-only: what every fuzz file of the API shares — the case counts (FUZZ_SCALE), the test data (pool.ts) created
// before its properties run, and the server's error log, whose unknown failures fuzzCall reports.
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/core/env";
import { setLogDestination } from "@/lib/core/observability/core";
import { createFuzzPool } from "@/test/fuzz/pool";
import { outcomeSummary, recordServerLog } from "@/test/fuzz/response-checks";

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
/** `n` cases, times FUZZ_SCALE (FUZZ_SCALE=5 runs five times as many; the default keeps each file under a minute). */
export const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
export const TIMEOUT = 120_000 * Math.max(1, SCALE);
export const ASSERT = { endOnFailure: true } as const;

/** Registers the file's beforeAll (the test data, the error log) and afterAll; call at the file's top level. */
export function setUpFuzzPool(): void {
  // One session token is used for hundreds of requests here; its per-verification limit (120/min) would turn
  // most of them into 429s and hide the validation paths. A 429 would still be checked like any other answer.
  process.env.SESSION_RATE_LIMIT_PER_MINUTE = "1000000";
  resetEnvCache();

  beforeAll(async () => {
    // the server logs unknown failures (name, code, stack frames) as error lines: fuzzCall reports them
    setLogDestination({ write: (line: string) => void (JSON.parse(line).level >= 50 && recordServerLog(line)) });
    await createFuzzPool();
  });

  afterAll(() => {
    setLogDestination(undefined);
    // FUZZ_STATS=1 prints how often each endpoint answered each status and code (is validation being reached?)
    if (process.env.FUZZ_STATS) console.log(outcomeSummary());
  });
}
