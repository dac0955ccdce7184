// Test-only: the production build (built when the sources changed) served by server/http-front.ts as `npm start`
// serves it, in a child process on a free port, for tests that drive the app over real HTTP.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed";

export type ProductionServer = { base: string; stop: () => void };

export async function startProductionServer(env: Record<string, string> = {}): Promise<ProductionServer> {
  buildIfNeeded({ log: () => undefined });
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server: ChildProcess = fork(path.resolve("tools/bench/serve-app.mjs"), [], {
    // it imports server/http-front.ts
    execArgv: ["--import", "tsx"],
    // PRELOAD_MODELS off unless a test asks: these tests run address and e-mail workflows, and each preload costs a
    // core ~10 s (face models, tesseract, PaddleOCR run once) that a busy `npm test` pays for nothing; a check that
    // needs a model still loads it on first use (the preload itself: lib/jobs/preload-models.test.ts, the e2e server)
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", PRELOAD_MODELS: "false", ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    server.once("message", () => resolve());
    server.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => void server.kill("SIGTERM") };
}
