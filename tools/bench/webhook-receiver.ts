// The webhook receiver (test/webhook-receiver.ts) as a process of its own, for bench:webhooks and bench:pipeline:
// alone on its event loop, the time it records is not delayed by the benchmark's own work. It answers 200 at once
// and checks both signature schemes on every SIGNATURE_SAMPLE_EVERY-th delivery (10). WEBHOOK_SECRET is the
// endpoint's secret (never printed), PORT its port on 127.0.0.1.
// IPC: { type: "count", tag } → distinct eventIds received with metadata.bench = tag; { type: "snapshot" } → every
// record; events named in NOTIFY_EVENTS (comma-separated) are also pushed to the parent as { type: "event" }.
// By hand: `PORT=3197 node --import tsx tools/bench/webhook-receiver.ts` (Ctrl-C stops it).
import { startReceiver, type Received } from "@/test/webhook-receiver";

type BenchRecord = {
  eventId: string;
  eventName: string | null;
  verificationId: string | null;
  tag: string | null;
  attempt: number;
  receivedAt: number;
};

// what the benchmarks read of a delivery: small enough to send thousands of them over IPC
const benchRecord = (delivery: Received): BenchRecord => ({
  eventId: delivery.eventId,
  eventName: delivery.eventName,
  verificationId: delivery.json?.verificationId ?? null,
  tag: delivery.json?.metadata?.bench ?? null,
  attempt: delivery.attempt,
  receivedAt: delivery.receivedAt,
});

const notify = new Set((process.env.NOTIFY_EVENTS ?? "").split(",").filter(Boolean));
const seenByTag = new Map<string, Set<string>>();

async function main() {
  const receiver = await startReceiver(process.env.WEBHOOK_SECRET, "ok", {
    port: Number(process.env.PORT ?? 0),
    checkSignaturesEvery: Number(process.env.SIGNATURE_SAMPLE_EVERY ?? 10),
    onDelivery(delivery) {
      const record = benchRecord(delivery);
      if (record.tag) {
        if (!seenByTag.has(record.tag)) seenByTag.set(record.tag, new Set());
        seenByTag.get(record.tag)!.add(record.eventId);
      }
      if (record.eventName && notify.has(record.eventName)) process.send?.({ type: "event", record });
    },
  });

  type Message = { id?: number; type?: string; tag?: string };
  process.on("message", (message: Message) => {
    if (message?.type === "count")
      process.send?.({
        id: message.id,
        count: seenByTag.get(message.tag ?? "")?.size ?? 0,
        requests: receiver.received.length,
      });
    if (message?.type === "snapshot")
      process.send?.({ id: message.id, records: receiver.received.map(benchRecord), signatures: receiver.signatures });
  });

  function stop() {
    setTimeout(() => process.exit(0), 2_000).unref();
    void receiver.close().then(() => process.exit(0));
  }
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);

  // the parent waits for this message; by hand, the address is printed instead
  if (process.send) process.send({ ready: true, port: receiver.port });
  else console.log(`webhook receiver on ${receiver.url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
