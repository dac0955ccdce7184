// What the benchmark scripts share: servers in child processes (a server on the load generator's event loop
// would be slowed by the very load it is measured under), free loopback ports, and autocannon runs reduced to
// the figures we report. autocannon's own histogram has no p95, so latencies are collected per response.
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

export { HOST, freePort } from "../../server/free-port.ts";

const children = new Set();

// last resort: a crash of this process must not leave servers running (they also exit on IPC disconnect)
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Forks `script` with `env` (and `execArgv`, e.g. `--import tsx` for a TypeScript entry point) and resolves once it
 * sends `{ ready: true }` over IPC. Its stdout goes to our stderr, so that our stdout carries only the results.
 */
export function startChild(script, { name, env, execArgv = process.execArgv, readyTimeoutMs = 120_000 }) {
  const child = fork(script, [], { env, execArgv, stdio: ["ignore", 2, 2, "ipc"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} was not ready within ${readyTimeoutMs / 1000} s`)),
      readyTimeoutMs,
    );
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

/**
 * Runs a TypeScript entry point (`node --import tsx --conditions=react-server <script>`, like `npm run worker`)
 * as a child and resolves once a line of its stdout matches `readyLine`. It has an IPC channel only so that it
 * can notice our exit: exit-with-parent.mjs turns the disconnect into the SIGTERM it already handles.
 */
export function startTsChild(script, { name, env, readyLine, readyTimeoutMs = 120_000 }) {
  const execArgv = [
    "--import",
    "tsx",
    "--conditions=react-server",
    "--import",
    new URL("./exit-with-parent.mjs", import.meta.url).href,
  ];
  const child = fork(script, [], { env, execArgv, stdio: ["ignore", "pipe", 2, "ipc"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    let ready = false;
    let pending = "";
    const timer = setTimeout(
      () => reject(new Error(`${name} was not ready within ${readyTimeoutMs / 1000} s`)),
      readyTimeoutMs,
    );
    child.stdout.on("data", (chunk) => {
      process.stderr.write(chunk);
      if (ready) return;
      pending += chunk;
      if (!pending.split("\n").some((line) => readyLine.test(line))) return;
      ready = true;
      clearTimeout(timer);
      resolve(child);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${name} exited (${signal ?? code}) before it was ready`));
    });
  });
}

/** One request/answer over a child's IPC channel: sends `{ ...message, id }`, resolves with the answer of that id. */
let nextAskId = 0;
export function ask(child, message, timeoutMs = 30_000) {
  const id = ++nextAskId;
  return new Promise((resolve, reject) => {
    const onMessage = (answer) => {
      if (answer?.id !== id) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      reject(new Error(`no answer to ${message.type} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on("message", onMessage);
    child.send({ ...message, id });
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

// CPU time (ms) a process has used so far, from /proc (Linux); null elsewhere. Clock ticks are 100/s on Linux.
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Resident memory of a process now and at its peak (Linux /proc), in MB. */
export function memoryMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
    return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
  } catch {
    return null;
  }
}

/** A process's child processes now (a server's launcher helper, lib/engines/video/launcher.ts …): command, RSS, peak. */
export function childrenMemoryMb(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    const command = (child) =>
      readFileSync(`/proc/${child}/cmdline`, "utf8")
        .split("\0")
        .filter(Boolean)
        .map((a) => path.basename(a))
        .join(" ");
    return children.map((child) => ({ command: command(child).slice(0, 80), ...memoryMb(child) }));
  } catch {
    return [];
  }
}

// Busy CPU time (ms) of the whole machine so far, from /proc/stat (Linux); null elsewhere.
export function machineBusyMs() {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const idle = ticks[3] + ticks[4];
    // user nice system idle iowait irq softirq (steal is the hypervisor's, not ours)
    return (ticks.slice(0, 7).reduce((sum, v) => sum + v, 0) - idle) * 10;
  } catch {
    return null;
  }
}

export function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));

/**
 * A warm-up run (discarded: JIT, connection pools, Next's lazily loaded route modules), then the measured run.
 * `request` is { method, path, headers, body } against `origin`. With `serverPid`, the server's CPU time is
 * reported too: a server near 1000 ms of CPU per second is bound by its own single thread, not by waiting.
 */
export async function measure({ origin, request, connections, seconds, warmupSeconds, serverPid }) {
  const options = {
    url: `${origin}${request.path}`,
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    connections,
    timeout: 10,
  };
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });

  const latencies = [];
  const cpuBefore = serverPid ? cpuMs(serverPid) : null;
  const machineBefore = machineBusyMs();
  const selfBefore = process.cpuUsage();
  const instance = autocannon({ ...options, duration: seconds });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const cpuUsed = cpuBefore === null ? null : cpuMs(serverPid) - cpuBefore;
  const machineUsed = machineBefore === null ? null : machineBusyMs() - machineBefore;
  const { user, system } = process.cpuUsage(selfBefore);
  const cores = (ms) => (ms === null ? null : round(ms / 1000 / result.duration));
  latencies.sort((a, b) => a - b);

  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
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
    serverCpu:
      cpuUsed === null
        ? null
        : {
            msPerRequest: latencies.length ? round(cpuUsed / latencies.length, 4) : null,
            coresBusy: cores(cpuUsed),
          },
    // where the machine's cores went: the server, the load generator (this process), everything else
    // (PostgreSQL for the app scenarios, plus whatever else runs on the machine)
    coresBusy: {
      machine: cores(machineUsed),
      server: cores(cpuUsed),
      loadGenerator: cores((user + system) / 1000),
      other: machineUsed === null || cpuUsed === null ? null : cores(machineUsed - cpuUsed - (user + system) / 1000),
    },
  };
}
