// Child process of bench:webhooks and bench:pipeline: an integrator's webhook receiver on 127.0.0.1:PORT, alone on
// its event loop so that the time it records is not delayed by the benchmark's own work. It answers 200 at once,
// records when each delivery arrived (this machine's wall clock, like the events' createdAt), and checks both
// signature schemes (X-Service-Signature and Standard Webhooks) on every SIGNATURE_SAMPLE_EVERY-th delivery
// with its own HMAC code. WEBHOOK_SECRET is the endpoint's secret (never printed).
// IPC: { type: "count", tag } → distinct eventIds received with metadata.bench = tag; { type: "snapshot" } → every
// record; events named in NOTIFY_EVENTS (comma-separated) are also pushed to the parent as { type: "event" }.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";

const port = Number(process.env.PORT);
const key = Buffer.from(process.env.WEBHOOK_SECRET ?? "", "base64");
const sampleEvery = Math.max(1, Number(process.env.SIGNATURE_SAMPLE_EVERY ?? 10));
const notify = new Set((process.env.NOTIFY_EVENTS ?? "").split(",").filter(Boolean));

const records = [];
const seenByTag = new Map();
const signatures = { checked: 0, valid: 0, invalid: 0 };

const same = (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function signaturesValid(headers, body) {
  const service = createHmac("sha256", key).update(body).digest("hex");
  const standard = createHmac("sha256", key)
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest("base64");
  return (
    same(service, String(headers["x-service-signature"] ?? "").replace(/^sha256=/, "")) &&
    same(standard, String(headers["webhook-signature"] ?? "").replace(/^v1,/, ""))
  );
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const receivedAt = Date.now();
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    const body = Buffer.concat(chunks).toString("utf8");
    let json = null;
    try {
      json = JSON.parse(body);
    } catch {
      /* recorded without its fields */
    }
    const record = {
      eventId: String(req.headers["webhook-id"] ?? json?.eventId ?? ""),
      eventName: json?.eventName ?? null,
      verificationId: json?.verificationId ?? null,
      tag: json?.metadata?.bench ?? null,
      attempt: Number(req.headers["x-service-delivery-attempt"] ?? 0),
      receivedAt,
    };
    if (records.length % sampleEvery === 0) {
      signatures.checked++;
      if (signaturesValid(req.headers, body)) signatures.valid++;
      else signatures.invalid++;
    }
    records.push(record);
    if (record.tag) {
      if (!seenByTag.has(record.tag)) seenByTag.set(record.tag, new Set());
      seenByTag.get(record.tag).add(record.eventId);
    }
    if (notify.has(record.eventName)) process.send?.({ type: "event", record });
  });
});
server.keepAliveTimeout = 5_000;

process.on("message", (message) => {
  if (message?.type === "count")
    process.send({ id: message.id, count: seenByTag.get(message.tag)?.size ?? 0, requests: records.length });
  if (message?.type === "snapshot") process.send({ id: message.id, records, signatures });
});

function close() {
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
}
process.on("SIGTERM", close);
process.on("SIGINT", close);
process.on("disconnect", close);

server.listen(port, "127.0.0.1", () => process.send?.({ ready: true, port }));
