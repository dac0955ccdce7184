// Child process of tools/bench/api.mjs: the production app (server/http-front.ts, exactly what `npm start`
// serves) on 127.0.0.1:PORT, alone on its event loop. Reports readiness over IPC and exits when the parent
// goes away, so a killed benchmark never leaves a server behind.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../server/http-front.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const port = Number(process.env.PORT);

// Next.js keeps a process alive after an uncaught error: a port already taken would leave a child that never says it
// is ready. Exit instead, with EADDRINUSE's errno when the port was taken (server/production-server.ts tries another).
const app = await startServer({ port, hostname: "127.0.0.1", dev: false, dir: ROOT }).catch((error) => {
  console.error(`serve-app: ${error?.message ?? error}`);
  process.exit(error?.code === "EADDRINUSE" ? 98 : 1);
});
let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  // the parent has stopped the load already; lingering keep-alive sockets must not delay the exit
  app.server.closeAllConnections?.();
  await app.close().catch(() => undefined);
  process.exit(0);
}
process.on("SIGTERM", close);
process.on("SIGINT", close);
process.on("disconnect", close);
process.send?.({ ready: true, port });
