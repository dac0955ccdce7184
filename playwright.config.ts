import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from "./e2e/chromium";

// End-to-end tests (e2e/*.spec.ts) in Debian's Chromium against the production build, served by e2e/server.ts
// on a database of its own. Never `npx playwright install`: it downloads browsers (no internet here).
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const FAKE_CAMERA = path.resolve(__dirname, "e2e/fixtures/fake-camera.y4m");
const PHONE_SPECS = /phone\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  // two spec files at a time (E2E_WORKERS): one Chromium and one server leave a 2-core machine ~20 % idle (the browser
  // waits on the server, the server on the browser); 87 tests 580 → 522 s here (docs/benchmarks.md, "Test suite").
  // Specs side by side never touch each other's records: each starts verifications of its own and finds them by id
  // or a reference of its own; a spec that changes what decides (rules, a list, reviewers) does it on a workflow, a
  // list or an account of its own. The demo owner signs in once per worker (dashboard-session.ts: 5 per 15 min)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["html", { outputFolder: "test-results/e2e-report", open: "never" }]],
  outputDir: "test-results/e2e",
  // writes the fake camera (e2e/fixtures/fake-camera.y4m) when it is missing
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: BASE_URL,
    screenshot: "on",
    trace: "retain-on-failure",
    video: "off",
    permissions: ["camera", "geolocation"],
    geolocation: { latitude: 40.7128, longitude: -74.006 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // camera: getUserMedia granted without a prompt, frames from the y4m file
      args: [...CHROMIUM_ARGS, ...fakeCameraArgs(FAKE_CAMERA)],
    },
  },
  projects: [
    { name: "desktop", testIgnore: PHONE_SPECS, use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "phone",
      testMatch: PHONE_SPECS,
      use: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: false, hasTouch: true },
    },
  ],
  webServer: {
    command: "node --import tsx e2e/server.ts",
    url: `${BASE_URL}/api/v1/workflows/supported-document-types`,
    reuseExistingServer: false,
    // includes `next build` when the sources changed since the last build (minutes on 2 cores)
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
