// The HTTP server in front of Next: it stamps the TCP peer address into a header the app trusts
// (lib/api/client-ip.ts) and drops any client-sent copy, because `next start` keeps a client's own
// X-Forwarded-For. Everything else is Next's request handler.
import http from "node:http";
import next from "next";

export const CLIENT_IP_HEADER = "x-openkyc-client-ip";

export async function startServer({ port, hostname = "0.0.0.0", dev = false, dir = process.cwd() }) {
  const app = next({ dev, dir, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "";
    handle(req, res);
  });
  // slow clients must not hold sockets forever; uploads of 67 MiB on a slow link still fit
  server.requestTimeout = 300_000;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  return {
    server,
    async close() {
      await new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections?.();
        setTimeout(() => server.closeAllConnections?.(), 5_000).unref();
      });
      await app.close?.();
    },
  };
}
