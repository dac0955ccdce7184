import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { emailVerificationReadyToProcess } from "@/test/engine-fixtures";

// SIGTERM to `npm run worker` mid-step: it stops claiming, lets the step finish within SHUTDOWN_GRACE_SECONDS, and
// releases what did not finish so another instance takes it over at once (claims here last 120 s: an expiry cannot
// be what hands the work over).

let account: TestAccount;
const children: ChildProcess[] = [];

function startWorker(graceSeconds: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "server/worker.ts"], {
    env: {
      ...process.env,
      ENGINE_LOCK_SECONDS: "120",
      ENGINE_POLL_MS: "100",
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      PRELOAD_MODELS: "false",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  child.stdout!.on("data", (d: Buffer) => lines.push(...d.toString().split("\n").filter(Boolean)));
  child.stderr!.on("data", (d: Buffer) => lines.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  children.push(child);
  return { child, lines, exited };
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting");
}

/** Holds the verification's row: the worker's step transaction waits on it, mid-step. */
async function blockVerification(verificationId: string) {
  const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await blocker.connect();
  await blocker.query("BEGIN");
  await blocker.query('SELECT 1 FROM "Verification" WHERE "id" = $1 FOR NO KEY UPDATE', [verificationId]);
  return async () => {
    await blocker.query("ROLLBACK");
    await blocker.end();
  };
}

const stepRunning = (verificationId: string) => async () =>
  (await prisma.verificationStep.count({ where: { verificationId, status: "RUNNING" } })) === 1;
const status = async (verificationId: string) =>
  (await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).status;

beforeAll(async () => {
  account = await createTestAccount({ workflows: [{ name: "email", processes: ["EMAIL_CHECK"] }] });
});
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
});

describe("graceful shutdown of a worker", () => {
  it("keeps running while it has nothing to do, until it is told to stop", async () => {
    const worker = startWorker(5);
    await until(() => worker.lines.some((l) => l.includes('"msg":"worker started"')));
    // the re-screening run at its start and a few empty polls: an idle worker once exited here, with 0
    await new Promise((r) => setTimeout(r, 4_000));
    expect(worker.child.exitCode, worker.lines.join("\n")).toBeNull();
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(worker.lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  }, 60_000);

  it("lets the step in hand finish within the grace period, then exits", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(account);
    const release = await blockVerification(verificationId);
    const worker = startWorker(20);
    await until(stepRunning(verificationId));
    worker.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(worker.child.exitCode).toBeNull(); // still draining
    await release();
    expect(await worker.exited).toBe(0);
    expect(await status(verificationId)).toBe("COMPLETED");
    expect(worker.lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  }, 60_000);

  it("releases the claim of a step that outlives the grace period, so another worker finishes it at once", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(account);
    const release = await blockVerification(verificationId);
    const first = startWorker(1);
    await until(stepRunning(verificationId));
    const job = () => prisma.job.findFirstOrThrow({ where: { verificationId } });
    expect((await job()).lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.lines.some((l) => l.includes("grace over: released claims"))).toBe(true);
    expect((await job()).lockedUntil).toBeNull();
    await release();
    expect(await status(verificationId)).toBe("PROCESSING");

    const second = startWorker(5);
    await until(async () => (await status(verificationId)) === "COMPLETED", 20_000);
    second.child.kill("SIGTERM");
    await second.exited;
    const events = await prisma.event.findMany({ where: { verificationId }, select: { name: true } });
    expect(events.filter((e) => e.name === "verification_completed")).toHaveLength(1);
  }, 60_000);
});
