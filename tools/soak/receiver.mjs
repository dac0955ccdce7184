// The soak's webhook receiver (tools/soak/cluster.mjs): what an integrator runs, recording every delivery.
import { createHmac } from "node:crypto";
import http from "node:http";

/** The integrator's receiver: records every delivery, checks its signature, fails 20 % of first attempts. */
export function startReceiver(port, secret) {
  const key = Buffer.from(secret, "base64");
  const deliveries = []; // { eventId, attempt, answered, valid }
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const valid = createHmac("sha256", key).update(body).digest("hex") === req.headers["x-service-signature"];
      const attempt = Number(req.headers["x-service-delivery-attempt"]);
      const answered = attempt === 1 && Math.random() < 0.2 ? 500 : 200;
      deliveries.push({ eventId: req.headers["x-service-event-id"], attempt, answered, valid });
      res.writeHead(answered).end(answered === 200 ? "ok" : "not now");
    });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${port}/hooks`, deliveries, server })),
  );
}
