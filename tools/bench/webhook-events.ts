// Data for bench:webhooks and bench:pipeline, through the domain code the app uses (TypeScript with
// `import "server-only"`: run with `node --import tsx --conditions=react-server`). Prints ONE JSON line.
//   endpoint --account ID --url URL                       a webhook endpoint for every event → { endpointId, secret }
//   enqueue --verification ID --tag T --count N           N events + deliveries in ONE transaction, all due now
//   enqueue --verification ID --tag T --rate R --seconds S   R events/s for S s, a transaction every 50 ms
// Events are recorded by recordEventsBulk (the sweep's bulk outbox write: one insert of events, one of
// deliveries per transaction) for the bench account's one verification; metadata.bench = T tells the receiver
// and the checks which scenario an event belongs to. The secret goes to the receiver child only: never logged.
import { parseArgs } from "node:util";
import { prisma } from "@/lib/core/db";
import { recordEventsBulk } from "@/lib/domain/events/record-events-bulk";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";

const TICK_MS = 50;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    account: { type: "string" },
    url: { type: "string" },
    verification: { type: "string" },
    tag: { type: "string" },
    count: { type: "string" },
    rate: { type: "string" },
    seconds: { type: "string" },
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function required(name: keyof typeof values): string {
  const value = values[name];
  if (!value) throw new Error(`--${name} is required`);
  return value;
}

async function endpoint() {
  const created = await createWebhookEndpoint(required("account"), { url: required("url"), events: [] });
  return { endpointId: created.id, secret: created.secret };
}

async function enqueue() {
  const verification = await prisma.verification.findUniqueOrThrow({
    where: { id: required("verification") },
    select: { id: true, accountId: true, workflowId: true, linkSigned: true },
  });
  const tag = required("tag");
  let sequence = 0;
  // one transaction: every event of the batch and its deliveries commit (become claimable) together
  const write = async (count: number) => {
    const now = new Date();
    const subjects = Array.from({ length: count }, () => ({
      ...verification,
      metadata: { bench: tag, sequence: sequence++ },
    }));
    return prisma.$transaction(
      (tx) => recordEventsBulk(tx, subjects, "step_completed", { processType: "BENCHMARK", result: "APPROVED" }, now),
      { timeout: 60_000 },
    );
  };
  await prisma.$queryRaw`SELECT 1`; // the pool's first connection is not part of the timing

  if (values.count) {
    const startedAt = Date.now();
    const deliveries = await write(Number(values.count));
    const committedAt = Date.now();
    return { mode: "burst", events: sequence, deliveries, startedAt, committedAt, insertMs: committedAt - startedAt };
  }
  const rate = Number(required("rate"));
  const seconds = Number(required("seconds"));
  const total = Math.round(rate * seconds);
  const startedAt = Date.now();
  let deliveries = 0;
  let transactions = 0;
  let maxTransactionMs = 0;
  while (sequence < total) {
    const due = Math.min(total, Math.floor(((Date.now() - startedAt) / 1000) * rate));
    if (due > sequence) {
      const before = Date.now();
      deliveries += await write(due - sequence);
      maxTransactionMs = Math.max(maxTransactionMs, Date.now() - before);
      transactions++;
    }
    await sleep(Math.max(0, TICK_MS - ((Date.now() - startedAt) % TICK_MS)));
  }
  const endedAt = Date.now();
  return {
    mode: "steady",
    events: sequence,
    deliveries,
    startedAt,
    endedAt,
    offeredPerSec: Number((sequence / ((endedAt - startedAt) / 1000)).toFixed(1)),
    transactions,
    maxTransactionMs,
  };
}

async function main() {
  const command = positionals[0];
  const result = command === "endpoint" ? await endpoint() : command === "enqueue" ? await enqueue() : null;
  if (!result) throw new Error("usage: webhook-events.ts endpoint|enqueue …");
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main()
  .catch((error) => {
    console.error(`[bench webhook-events] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
