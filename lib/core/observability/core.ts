// The pieces of observability that server/http-front.ts (the HTTP server in front of Next, loaded by tsx) and the
// app's code share, kept on globalThis: Next bundles instrumentation.ts and every route separately, each with its own
// copy of our modules, but one process must have ONE logger, ONE request context and ONE metrics registry.
// No `import "server-only"`: server/http-front.ts loads this file outside Next, without the react-server condition.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import client from "prom-client";

type RequestStore = { requestId: string };
type ShutdownHook = { name: string; order: number; fn: (deadline: number) => Promise<void> | void };

/** What this module keeps on globalThis, one copy per process whichever bundle asks. */
type Shared = {
  __openkycLogger?: Logger;
  __openkycLogDestination?: DestinationStream;
  __openkycRequestContext?: AsyncLocalStorage<RequestStore>;
  __openkycRouteLabels?: Set<string>;
  __openkycShutdownHooks?: ShutdownHook[];
  __openkycShuttingDown?: boolean;
};

const shared = globalThis as typeof globalThis & Shared;

// Never logged, whatever a call site passes: credentials, tokens, codes, and every field that may hold personal
// data (what the end user sent, what the checks read, the integrator's metadata). Values are replaced, keys kept.
export const REDACTED_PATHS: string[] = [
  "authorization",
  "cookie",
  "password",
  "secret",
  "token",
  "apiKey",
  "otp",
  "otpCode",
  "email",
  "metadata",
  "inputs",
  "value",
  "payload",
  "body",
  "query",
  "ip",
  "ipAddress",
  "fullName",
  "documentNumber",
  "address",
  "headers",
].flatMap((key) => [key, `*.${key}`]);

/** The process's logger: JSON lines on stdout (LOG_FORMAT=pretty: coloured lines for a terminal), LOG_LEVEL. */
export function rootLogger(): Logger {
  if (shared.__openkycLogger) return shared.__openkycLogger;
  const level = process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "warn" : "info");
  const options: LoggerOptions = {
    level,
    base: { pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // every line written while a request or a job runs carries its id
    mixin: () => {
      const store = requestContext().getStore();
      return store ? { requestId: store.requestId } : {};
    },
    serializers: { err: errorFields },
  };
  let destination = shared.__openkycLogDestination;
  if (!destination && process.env.LOG_FORMAT === "pretty") {
    // in this thread, not pino's worker-thread transport: Next's bundles cannot load that worker
    const pretty = createRequire(path.join(process.cwd(), "package.json"))("pino-pretty") as (
      options: Record<string, unknown>,
    ) => DestinationStream;
    destination = pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l" });
  }
  const logger = destination ? pino(options, destination) : pino(options);
  shared.__openkycLogger = logger;
  return logger;
}

/** Tests: send every line to `stream` (and build the logger again). */
export function setLogDestination(stream: DestinationStream | undefined): void {
  shared.__openkycLogDestination = stream;
  shared.__openkycLogger = undefined;
}

/** What an error may show in a log: its class and code, a few frames. Never its message (it may carry PII). */
export function errorFields(error: unknown): { name: string; code?: string; frames?: string[] } {
  if (!error || typeof error !== "object") return { name: String(error) };
  const { name, code, stack } = error as { name?: unknown; code?: unknown; stack?: unknown };
  return {
    name: typeof name === "string" ? name : "Error",
    ...(code ? { code: String(code) } : {}),
    ...(typeof stack === "string"
      ? {
          // only the "at …" lines: a stack starts with the message, which may run over several lines (Prisma's
          // do, with the query's arguments in them)
          frames: stack
            .split("\n")
            .map((l) => l.trim())
            .filter((l) => l.startsWith("at "))
            .slice(0, 5),
        }
      : {}),
  };
}

/** The id of the request (or background job run) this code runs for, shared by every bundle of the process. */
export function requestContext(): AsyncLocalStorage<RequestStore> {
  shared.__openkycRequestContext ??= new AsyncLocalStorage<RequestStore>();
  return shared.__openkycRequestContext;
}

export function currentRequestId(): string | null {
  return requestContext().getStore()?.requestId ?? null;
}

/** Runs `fn` as the work of one request or job, with a fresh id unless one is given. */
export function withRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return requestContext().run({ requestId: requestId ?? randomUUID() }, fn);
}

/** A metric of the process's registry, created once (a second bundle gets the same object). */
export function metric<M>(
  // each prom-client metric class takes its own configuration type
  Kind: new (config: never) => M,
  config: { name: string; help: string } & Record<string, unknown>,
): M {
  return (client.register.getSingleMetric(config.name) as M | undefined) ?? new Kind(config as never);
}

export const promClient = client;

/**
 * Low-cardinality route label for a path: ids (UUIDs, anything with digits, long tokens) become ":id"; beyond
 * 200 distinct labels everything else is "other", so a scanner cannot blow up the metric's series.
 */
export function routeLabel(pathname: string): string {
  const label = pathname
    .split("/")
    .map((segment) => (/^[a-z][a-z.-]{0,40}\d?$/i.test(segment) || segment === "" ? segment : ":id"))
    .join("/");
  const seen = (shared.__openkycRouteLabels ??= new Set<string>());
  if (seen.has(label)) return label;
  if (seen.size >= 200) return "other";
  seen.add(label);
  return label;
}

/** HTTP requests by method, route and status, with their latency; counted by server/http-front.ts for every request. */
export function httpMetrics(): {
  requests: client.Counter<"method" | "route" | "status">;
  duration: client.Histogram<"method" | "route" | "status">;
  rateLimited: client.Counter<"route">;
} {
  return {
    requests: metric(client.Counter<"method" | "route" | "status">, {
      name: "openkyc_http_requests_total",
      help: "[process] HTTP requests answered by this instance, by method, route and status",
      labelNames: ["method", "route", "status"],
    }),
    duration: metric(client.Histogram<"method" | "route" | "status">, {
      name: "openkyc_http_request_duration_seconds",
      help: "[process] time from request to the end of the answer, by method, route and status class",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
    rateLimited: metric(client.Counter<"route">, {
      name: "openkyc_rate_limit_refusals_total",
      help: "[process] requests refused with 429 by this instance, by route",
      labelNames: ["route"],
    }),
  };
}

/**
 * Graceful shutdown (SIGTERM): code that holds work registers a hook; server/http-front.ts (and `npm run worker`)
 * runs them once the HTTP server stops taking requests. Lower `order` first: the engine drains (order 10) before
 * the connection pool closes (order 90).
 */
export function onShutdown(name: string, order: number, fn: ShutdownHook["fn"]): void {
  (shared.__openkycShutdownHooks ??= []).push({ name, order, fn });
}

export function isShuttingDown(): boolean {
  return Boolean(shared.__openkycShuttingDown);
}

export function markShuttingDown(): void {
  shared.__openkycShuttingDown = true;
}

/** Runs every hook once, in order; `deadline` (epoch ms) is handed to each so they can bound their wait. */
export async function runShutdownHooks(deadline: number): Promise<void> {
  markShuttingDown();
  const hooks = (shared.__openkycShutdownHooks ?? []).splice(0).sort((a, b) => a.order - b.order);
  const logger = rootLogger().child({ component: "shutdown" });
  for (const hook of hooks) {
    const started = Date.now();
    try {
      await hook.fn(deadline);
      logger.info({ hook: hook.name, ms: Date.now() - started }, "shutdown step done");
    } catch (error) {
      logger.error({ hook: hook.name, err: error }, "shutdown step failed");
    }
  }
}

/** SHUTDOWN_GRACE_SECONDS (default 25) in milliseconds. */
export function shutdownGraceMs(): number {
  const seconds = Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 25);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : 25) * 1000;
}
