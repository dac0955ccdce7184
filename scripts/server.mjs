// The HTTP server in front of Next: it stamps the TCP peer address and the X-Forwarded-For it received into
// headers signed with a secret born with this process (lib/api/client-ip.ts verifies them; a request without a
// valid stamp has no known address), and drops any client-sent copy. Everything else is Next's request handler.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import next from "next";

export const CLIENT_IP_HEADER = "x-openkyc-client-ip";
const FORWARDED_HEADER = "x-openkyc-forwarded-for";
const STAMP_HEADER = "x-openkyc-client-stamp";
// the app runs in this process (next() below): it reads the secret from here; nothing else ever sees it
const SECRET_ENV = "OPENKYC_CLIENT_IP_SECRET";

export async function startServer({ port, hostname = "0.0.0.0", dev = false, dir = process.cwd() }) {
  const secret = (process.env[SECRET_ENV] = randomBytes(32).toString("base64url"));
  const app = next({ dev, dir, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    const socketIp = req.socket.remoteAddress ?? "";
    const forwarded = [req.headers["x-forwarded-for"] ?? ""].flat().join(",");
    req.headers[CLIENT_IP_HEADER] = socketIp;
    req.headers[FORWARDED_HEADER] = forwarded;
    req.headers[STAMP_HEADER] = createHmac("sha256", secret).update(`${socketIp}\n${forwarded}`).digest("base64url");
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
