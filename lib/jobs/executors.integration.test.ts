import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { functionOf } from "@/inngest/functions";
import { prisma } from "@/lib/core/db";
import { inProcessDurable, runInProcess } from "@/lib/jobs/durable";
import { STEP_RETRIES } from "@/lib/jobs/run-verification";
import { deliverWebhookJob } from "@/lib/jobs/definitions/deliver-webhook";
import { verificationRun } from "@/lib/jobs/verification-run";
import { emailCheck } from "@/lib/checks/email-check/email-check";
import { emailAccountWithLocalWebhooks, emailVerificationReadyToProcess, receiverFor } from "@/test/engine-fixtures";

// One job, two executors: the same verification run (lib/jobs/verification-run.ts) and delivery job
// (lib/jobs/definitions/deliver-webhook.ts) run through the in-process adapter and through Inngest's (the functions
// generated from the registry, under @inngest/test) leave the same rows.

const runVerificationFunction = functionOf("run-verification");
const deliverWebhookFunction = functionOf("deliver-webhook");
const deliveryRun = (id: string) => runInProcess((d) => deliverWebhookJob.handler({ deliveryId: id }, d));

const testAccount = emailAccountWithLocalWebhooks();
afterEach(() => vi.restoreAllMocks());

/** What a verification's processing left, without ids and times. */
async function rowsOf(verificationId: string) {
  const v = await prisma.verification.findUniqueOrThrow({
    where: { id: verificationId },
    select: {
      status: true,
      result: true,
      steps: {
        select: { processType: true, status: true, result: true, attempts: true, error: true, checks: true },
        orderBy: { position: "asc" },
      },
      events: {
        select: { name: true, payload: true, deliveries: { select: { status: true, attempts: true } } },
        orderBy: { createdAt: "asc" },
      },
      jobs: { select: { doneAt: true } },
    },
  });
  return {
    status: v.status,
    result: v.result,
    steps: v.steps,
    events: v.events.map((e) => ({
      name: e.name,
      verificationStatus: (e.payload as { verificationStatus?: string }).verificationStatus ?? null,
      deliveries: e.deliveries,
    })),
    jobsDone: v.jobs.map((j) => j.doneAt !== null),
  };
}

async function deliverAll(verificationId: string, through: "in-process" | "inngest") {
  const deliveries = await prisma.webhookDelivery.findMany({
    where: { event: { verificationId } },
    select: { id: true },
  });
  for (const { id } of deliveries) {
    if (through === "in-process") await deliveryRun(id);
    else
      await new InngestTestEngine({
        function: deliverWebhookFunction,
        events: [{ name: "openkyc/webhook.delivery.created", data: { deliveryId: id } }],
      }).execute();
  }
}

/**
 * The Inngest function as the Inngest server drives it: an execution whose step throws is executed again (up to
 * STEP_RETRIES times), with the steps that returned memoized (here: claim and plan of a one-process workflow).
 */
async function runInngest(verificationId: string) {
  for (let execution = 1; execution <= STEP_RETRIES + 1; execution++) {
    const memoized =
      execution === 1
        ? []
        : [
            { id: "claim", handler: () => true },
            { id: "plan", handler: () => ({ waves: [[0]] }) },
          ];
    const steps = [
      ...memoized,
      ...["announce-deliveries-0", "announce-deliveries"].map((id) => ({ id, handler() {} })),
    ];
    const { error } = await new InngestTestEngine({
      function: runVerificationFunction,
      events: [{ name: "openkyc/verification.ready", data: { verificationId } }],
      steps,
    }).execute();
    if (!error) return;
  }
  throw new Error("the function still failed after its retries");
}

describe("the same job through both adapters", () => {
  it("a verification that passes: the same steps, events, deliveries and job state", async () => {
    const receiver = await receiverFor(testAccount(), "ok");
    const a = await emailVerificationReadyToProcess(testAccount());
    const b = await emailVerificationReadyToProcess(testAccount());
    await runInProcess((d) => verificationRun(d, a.verificationId), inProcessDurable([0]));
    await runInngest(b.verificationId);
    await deliverAll(a.verificationId, "in-process");
    await deliverAll(b.verificationId, "inngest");
    const [inProcess, inngest] = [await rowsOf(a.verificationId), await rowsOf(b.verificationId)];
    expect(inProcess).toMatchObject({ status: "COMPLETED", result: "APPROVED", jobsDone: [true] });
    expect(inProcess.events.map((e) => e.name)).toEqual([
      "verification_started",
      "verification_inputs_completed",
      "step_completed",
      "verification_completed",
    ]);
    expect(inProcess.events.every((e) => e.deliveries.every((d) => d.status === "DELIVERED" && d.attempts === 1))).toBe(
      true,
    );
    expect(inngest).toEqual(inProcess);
    await receiver.close();
  });

  it("a process that always throws: MAX_STEP_ATTEMPTS attempts in both, then FAILED and NEEDS_REVIEW", async () => {
    vi.spyOn(emailCheck, "run").mockRejectedValue(new Error("model not loaded"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const a = await emailVerificationReadyToProcess(testAccount());
    const b = await emailVerificationReadyToProcess(testAccount());
    await runInProcess((d) => verificationRun(d, a.verificationId), inProcessDurable([0]));
    await runInngest(b.verificationId);
    const [inProcess, inngest] = [await rowsOf(a.verificationId), await rowsOf(b.verificationId)];
    expect(inProcess).toMatchObject({ status: "FAILED", steps: [{ status: "FAILED", attempts: 3 }] });
    expect(inProcess.events.at(-1)).toMatchObject({
      name: "verification_completed",
      verificationStatus: "NEEDS_REVIEW",
    });
    expect(inngest).toEqual(inProcess);
  });

  it("a receiver that fails: the in-process run hands the delivery back at its wait, Inngest sleeps; both record attempt 1 and the retry time", async () => {
    const receiver = await receiverFor(testAccount(), "fail500");
    await emailVerificationReadyToProcess(testAccount());
    const [first, second] = await prisma.webhookDelivery.findMany({
      where: { endpointId: receiver.endpointId },
      take: 2,
      orderBy: { createdAt: "asc" },
    });
    expect(await deliveryRun(first!.id)).toBeNull(); // suspended at wait-1
    const t = new InngestTestEngine({
      function: deliverWebhookFunction,
      events: [{ name: "openkyc/webhook.delivery.created", data: { deliveryId: second!.id } }],
      steps: [
        { id: "wait-1", handler() {} },
        { id: "attempt-2", handler: () => ({ status: "PENDING", nextAttemptAt: null, attempts: 1 }) },
      ],
    });
    await t.execute();
    const rows = await prisma.webhookDelivery.findMany({
      where: { id: { in: [first!.id, second!.id] } },
      select: { id: true, status: true, attempts: true, nextAttemptAt: true, lockedUntil: true },
    });
    for (const row of rows)
      expect(row).toMatchObject({ status: "PENDING", attempts: 1, nextAttemptAt: expect.any(Date) });
    // the one difference, by design: the sleeping Inngest run holds its delivery; the in-process one leaves it to the poller
    expect(rows.find((r) => r.id === first!.id)!.lockedUntil).toBeNull();
    expect(rows.find((r) => r.id === second!.id)!.lockedUntil).not.toBeNull();
    await receiver.close();
  });
});
