// What the benchmark scripts share: servers in child processes (a server on the load generator's event loop
// would be slowed by the very load it is measured under), free loopback ports, and autocannon runs reduced to
// the figures we report. autocannon's own histogram has no p95, so latencies are collected per response.
import { fork } from "node:child_process";
import net from "node:net";
import autocannon from "autocannon";

export const HOST = "127.0.0.1";

const children = new Set();

// last resort: a crash of this process must not leave servers running (they also exit on IPC disconnect)
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

function tryListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(null));
    server.listen(port, HOST, () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/** `preferred` when nothing listens on it, otherwise any free port the OS hands out. */
export async function freePort(preferred) {
  return (await tryListen(preferred)) ?? (await tryListen(0));
}

/**
 * Forks `script` with `env` and resolves once it sends `{ ready: true }` over IPC. Its stdout goes to our stderr,
 * so that our stdout carries only the results.
 */
export function startChild(script, { name, env, readyTimeoutMs = 120_000 }) {
  const child = fork(script, [], { env, stdio: ["ignore", 2, 2, "ipc"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} was not ready within ${readyTimeoutMs / 1000} s`)), readyTimeoutMs);
    child.once("message", (message) => {
      clearTimeout(timer);
      if (message?.ready) resolve(child);
      else reject(new Error(`${name}: unexpected message ${JSON.stringify(message)}`));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready`));
    });
  });
}

export async function stopChildren() {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", resolve);
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
        }),
    ),
  );
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));

/**
 * A warm-up run (discarded: JIT, connection pools, Next's lazily loaded route modules), then the measured run.
 * `request` is { method, path, headers, body } against `origin`.
 */
export async function measure({ origin, request, connections, seconds, warmupSeconds }) {
  const options = { url: `${origin}${request.path}`, method: request.method ?? "GET", headers: request.headers, body: request.body, connections, timeout: 10 };
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });

  const latencies = [];
  const instance = autocannon({ ...options, duration: seconds });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);

  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
  return {
    requests: latencies.length,
    seconds: round(result.duration, 2),
    reqPerSec: round(result.requests.average, 1),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? null),
      mean: round(latencies.length ? latencies.reduce((sum, v) => sum + v, 0) / latencies.length : null),
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
