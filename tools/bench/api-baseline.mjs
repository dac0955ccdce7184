// Child process of tools/bench/api.mjs: the ceiling the app is compared with. A bare node:http server that
// answers every request with the same small JSON body: no framework, no database, same machine and load.
import http from "node:http";

const port = Number(process.env.PORT);
// shaped like a status response, so the bytes on the wire are of the same order as the app's
const body = JSON.stringify({
  verificationId: "0197a5c2-7f3e-7b1a-9c4d-2e8f6a1b3c5d",
  status: "PENDING",
  steps: [{ processType: "ADDRESS_VERIFICATION", status: "PENDING" }],
  missingInputs: ["ADDRESS", "PROOF_OF_ADDRESS"],
});
const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };

const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => process.send?.({ ready: true, port }));

const close = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on("SIGTERM", close);
process.on("SIGINT", close);
process.on("disconnect", close);
