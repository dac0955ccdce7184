import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import SlowFirstSequencer from "./test/slow-first-sequencer";

/**
 * How many test files vitest runs at once: TEST_WORKERS, 3 by default, 1 with an external DATABASE_URL (whose one
 * database the integration files would otherwise share; on the embedded PostgreSQL each worker gets a database of its
 * own, test/global-setup.ts). Many files wait on PostgreSQL, HTTP or child processes (the soak's instances, the
 * production build's smoke test) while others are CPU-bound, so three at a time keep a 2-core machine busier than two:
 * the whole `vitest run` of a clean checkout took 822 s (the slow files first, below) against 867–922 s with two
 * (2026-11-30). Timing targets live in the bench scripts, not in tests.
 */
const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? (process.env.DATABASE_URL ? 1 : 3)));

const root = fileURLToPath(new URL("./", import.meta.url));
const shared = {
  resolve: {
    alias: [
      { find: /^@\//, replacement: root },
      // modules marked server-only are exactly what these tests exercise
      { find: /^server-only$/, replacement: `${root}test/server-only-stub.ts` },
    ],
  },
};

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    // the files that take minutes first, so that neither worker waits on the other at the end (test/slow-first-sequencer.ts)
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          environment: "node",
          // ffmpeg, the face models and OCR run in these files, two files at a time on a 2-core machine that may be
          // building too: the 5 s default timed out a correct ffmpeg probe. This is a guard against a hang; timing
          // targets live in bench scripts, not here.
          testTimeout: 60_000,
          include: [
            "lib/**/*.test.ts",
            "server/**/*.test.ts",
            "tools/**/*.test.ts",
            "test/**/*.test.ts",
            "app/**/*.test.ts",
            "components/**/*.test.ts",
            "packages/*/test/**/*.test.ts",
          ],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**", "packages/*/dist/**"],
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          environment: "node",
          include: ["**/*.integration.test.ts"],
          exclude: ["**/node_modules/**", ".data/**", "packages/*/dist/**"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/integration-env.ts"],
          testTimeout: 30_000,
          // the integration files share one database and background workers that claim whatever is due in it: on CI a
          // file that lost such a race runs once more, as Playwright's specs do (a real defect fails twice)
          retry: process.env.CI ? 1 : 0,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
