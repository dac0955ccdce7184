import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { TEST_WORKERS } from "./lib/testing/test-workers";

const root = fileURLToPath(new URL("./", import.meta.url));
const shared = {
  resolve: {
    alias: [
      { find: /^@\//, replacement: root },
      // modules marked server-only are exactly what these tests exercise
      { find: /^server-only$/, replacement: `${root}lib/testing/server-only-stub.ts` },
    ],
  },
};

export default defineConfig({
  test: {
    // files at once, in both projects (lib/testing/test-workers.ts); each integration worker has a database of its own
    maxWorkers: TEST_WORKERS,
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
            "scripts/**/*.test.ts",
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
          globalSetup: ["lib/testing/global-setup.ts"],
          setupFiles: ["lib/testing/integration-env.ts"],
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
