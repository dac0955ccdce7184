// The HTTP server in front of Next: it stamps the TCP peer address and the X-Forwarded-For it received into
// headers signed with a secret born with this process (lib/http/client-ip.ts verifies them; a request without a
// valid stamp has no known address), and drops any client-sent copy. Everything else is Next's request handler.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import {
  httpMetrics,
  markShuttingDown,
  rootLogger,
  routeLabel,
  runShutdownHooks,
  shutdownGraceMs,
  withRequestId,
} from "@/lib/core/observability/core";

export const CLIENT_IP_HEADER = "x-openkyc-client-ip";
const FORWARDED_HEADER = "x-openkyc-forwarded-for";
const STAMP_HEADER = "x-openkyc-client-stamp";
// the app runs in this process (next() below): it reads the secret from here; nothing else ever sees it
const SECRET_ENV = "OPENKYC_CLIENT_IP_SECRET";

export type ServerOptions = { port: number; hostname?: string; dev?: boolean; dir?: string };

export type RunningServer = {
  server: http.Server;
  /** Graceful shutdown; the same promise however often it is called. */
  close(): Promise<void>;
};

export async function startServer({
  port,
  hostname = "0.0.0.0",
  dev = false,
  dir = process.cwd(),
}: ServerOptions): Promise<RunningServer> {
  const secret = (process.env[SECRET_ENV] = randomBytes(32).toString("base64url"));
  const app = next({ dev, dir, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const logger = rootLogger().child({ component: "http" });
  const metrics = httpMetrics();
  const server = http.createServer((req, res) => {
    const socketIp = req.socket.remoteAddress ?? "";
    const forwarded = [req.headers["x-forwarded-for"] ?? ""].flat().join(",");
    req.headers[CLIENT_IP_HEADER] = socketIp;
    req.headers[FORWARDED_HEADER] = forwarded;
    req.headers[STAMP_HEADER] = createHmac("sha256", secret).update(`${socketIp}\n${forwarded}`).digest("base64url");
    // our own id for every request (a client's X-Request-Id is not trusted: it would go into logs and events),
    // sent back as X-Request-Id; the handler runs inside its context, so log lines and events written for it carry it
    const requestId = randomUUID();
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.once("finish", () => observe(req, res, requestId, started));
    withRequestId(requestId, () => handle(req, res));
  });
  /** One log line and the HTTP metrics per request: path without its query (tokens ride in query strings). */
  function observe(req: IncomingMessage, res: ServerResponse, requestId: string, started: bigint) {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    if (pathname.startsWith("/_next/") || pathname === "/favicon.ico") return;
    const route = routeLabel(pathname);
    const labels = { method: req.method ?? "", route, status: String(res.statusCode) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, seconds);
    if (res.statusCode === 429) metrics.rateLimited.inc({ route });
    const level = res.statusCode >= 500 ? "error" : "info";
    logger[level](
      { requestId, method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000) },
      "request",
    );
  }
  // slow clients must not hold sockets forever; uploads of 67 MiB on a slow link still fit
  server.requestTimeout = 300_000;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  let closing: Promise<void> | null = null;
  return {
    server,
    /**
     * Graceful shutdown: stop taking connections (GET /api/ready answers 503 from now on), let requests in flight
     * finish, then the shutdown hooks (the engine finishes its steps and deliveries and releases what it could not
     * finish; the pool closes), all within SHUTDOWN_GRACE_SECONDS. A kill -9 instead loses nothing either: claims
     * expire after ENGINE_LOCK_SECONDS and another instance takes the work over.
     */
    close() {
      closing ??= (async () => {
        const deadline = Date.now() + shutdownGraceMs();
        markShuttingDown();
        logger.info({ graceSeconds: shutdownGraceMs() / 1000 }, "shutting down: no new connections");
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // keep-alive sockets turn idle as their last request ends: close them as they do
          const idle = setInterval(() => server.closeIdleConnections(), 200);
          server.once("close", () => clearInterval(idle));
          setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now())).unref();
          server.closeIdleConnections();
        });
        await runShutdownHooks(deadline);
        await app.close();
        logger.info("stopped");
      })();
      return closing;
    },
  };
}
