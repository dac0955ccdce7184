import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { prisma } from "@/lib/core/db";
import { resetEnvCache } from "@/lib/core/env";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { emailVerificationReadyToProcess, receiverFor } from "@/test/engine-fixtures";

// kill -9 of a worker process in the middle of its work, then a new one: nothing is lost.
let account: TestAccount;
const children: ChildProcess[] = [];
const output: string[] = [];

function startWorker(): ChildProcess {
  // node itself (tsx as a loader), not the tsx launcher: SIGKILL must hit the process doing the work
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "server/worker.ts"], {
    // e-mail checks only: no model preload (~10 s of a core per worker start, four starts here)
    env: {
      ...process.env,
      ENGINE_LOCK_SECONDS: "2",
      ENGINE_POLL_MS: "100",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      PRELOAD_MODELS: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // kept for the failure message: what the worker said
  child.stdout!.on("data", (d: Buffer) => output.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => output.push(d.toString()));
  children.push(child);
  return child;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting; worker output:\n${output.join("").slice(-3000)}`);
}

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true");
  resetEnvCache();
  account = await createTestAccount({ workflows: [{ name: "email", processes: ["EMAIL_CHECK"] }] });
});
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe("crash recovery", () => {
  it("finishes a verification whose worker was killed mid-processing", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(account);
    // hold the verification's row: the worker's step transaction blocks on it, mid-processing
    const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await blocker.connect();
    await blocker.query("BEGIN");
    // NO KEY: the step rows' foreign-key checks pass; the step's update of the verification waits
    await blocker.query('SELECT 1 FROM "Verification" WHERE "id" = $1 FOR NO KEY UPDATE', [verificationId]);
    const first = startWorker();
    await until(
      async () => (await prisma.verificationStep.count({ where: { verificationId, status: "RUNNING" } })) === 1,
    );
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    await blocker.query("ROLLBACK");
    await blocker.end();
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).status).toBe("PROCESSING");

    const second = startWorker();
    await until(
      async () =>
        (await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).status === "COMPLETED",
    );
    second.kill("SIGTERM");
    const events = await prisma.event.findMany({ where: { verificationId }, select: { name: true } });
    expect(events.filter((e) => e.name === "step_completed")).toHaveLength(1);
    expect(events.filter((e) => e.name === "verification_completed")).toHaveLength(1);
  }, 60_000);

  it("delivers an event whose worker was killed mid-delivery", async () => {
    const receiver = await receiverFor(account, "hang");
    const { verificationId } = await emailVerificationReadyToProcess(account);
    const first = startWorker();
    await until(() => receiver.received.some((r) => r.json.verificationId === verificationId));
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    receiver.setBehaviour("ok");

    const second = startWorker();
    await until(async () => {
      const pending = await prisma.webhookDelivery.count({
        where: { endpointId: receiver.endpointId, event: { verificationId }, status: { not: "DELIVERED" } },
      });
      const total = await prisma.webhookDelivery.count({
        where: { endpointId: receiver.endpointId, event: { verificationId } },
      });
      return total === 4 && pending === 0;
      // another test file's in-process worker may claim one of these deliveries first (the database is shared) and
      // fail it into its retry back-off (25 s): the wait outlasts one back-off
    }, 100_000).catch(async (error) => {
      const rows = await prisma.webhookDelivery.findMany({
        where: { endpointId: receiver.endpointId },
        select: {
          status: true,
          attempts: true,
          lockedUntil: true,
          nextAttemptAt: true,
          event: { select: { name: true } },
        },
      });
      throw new Error(`${(error as Error).message}\n${JSON.stringify(rows)} now=${new Date().toISOString()}`);
    });
    second.kill("SIGTERM");
    const names = new Set(
      receiver.received.filter((r) => r.json.verificationId === verificationId).map((r) => r.json.eventName),
    );
    expect(names).toEqual(
      new Set(["verification_started", "verification_inputs_completed", "step_completed", "verification_completed"]),
    );
    await receiver.close();
  }, 120_000);
});
