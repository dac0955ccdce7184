// Test-only: the production build (built when the sources changed) served by server/http-front.ts as `npm start`
// serves it, in a child process on a free port, for tests that drive the app over real HTTP.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed";

export type ProductionServer = { base: string; stop: () => void };

/** tools/bench/serve-app.mjs's exit code when its port was taken (EADDRINUSE's errno). */
export const PORT_TAKEN_EXIT = 98;

/**
 * A port for a test server, below Linux's ephemeral range (32768–60999), where the kernel picks the local ports of
 * outgoing connections: a port drawn from 20000–40000 was once held by one (EADDRINUSE, and the child never said it
 * was ready: a 300-s hook timeout in CI). Another test's server can still hold it: startProductionServer then tries
 * another.
 */
export const testServerPort = () => 20_000 + Math.floor(Math.random() * 12_000);

const ATTEMPTS = 5;

/** `ports`: the ports to try, in order (tests); by default ATTEMPTS drawn by testServerPort. */
export async function startProductionServer(
  env: Record<string, string> = {},
  ports: number[] = Array.from({ length: ATTEMPTS }, testServerPort),
): Promise<ProductionServer> {
  buildIfNeeded({ log: () => undefined });
  for (const port of ports) {
    const server: ChildProcess = fork(path.resolve("tools/bench/serve-app.mjs"), [], {
      // it imports server/http-front.ts
      execArgv: ["--import", "tsx"],
      // PRELOAD_MODELS off unless a test asks: these tests run address and e-mail workflows, and each preload costs a
      // core ~10 s (face models, tesseract, PaddleOCR run once) that a busy `npm test` pays for nothing; a check that
      // needs a model still loads it on first use (the preload itself: lib/jobs/preload-models.test.ts, the e2e server)
      env: { ...process.env, PORT: String(port), NODE_ENV: "production", PRELOAD_MODELS: "false", ...env },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const ready = await new Promise<boolean>((resolve, reject) => {
      server.once("message", () => resolve(true));
      server.once("exit", (code) =>
        code === PORT_TAKEN_EXIT ? resolve(false) : reject(new Error(`server exited (${code})`)),
      );
    });
    if (ready) return { base: `http://127.0.0.1:${port}`, stop: () => void server.kill("SIGTERM") };
  }
  throw new Error(`no free port for the production server (tried ${ports.join(", ")})`);
}
