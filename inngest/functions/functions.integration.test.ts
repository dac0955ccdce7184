import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { emailAccountWithLocalWebhooks, emailVerificationReadyToProcess, receiverFor } from "@/test/engine-fixtures";
import { functionOf } from "@/inngest/functions";

// The Inngest functions generated from the job registry, with @inngest/test: their real handlers and the real
// domain code on PostgreSQL. Only what needs an Inngest server is mocked: sleeps, and events sent to Inngest.

const runVerificationFunction = functionOf("run-verification");
const deliverWebhookFunction = functionOf("deliver-webhook");
const relayDeliveriesFunction = functionOf("relay-webhook-deliveries");
const sweepStaleFunction = functionOf("sweep-stale-verifications");
const testAccount = emailAccountWithLocalWebhooks();

describe("run-verification", () => {
  it("claims, plans, runs each step and finalizes", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(testAccount());
    const announced = ["announce-deliveries-0", "announce-deliveries"];
    const t = new InngestTestEngine({
      function: runVerificationFunction,
      events: [{ name: "openkyc/verification.ready", data: { verificationId } }],
      steps: announced.map((id) => ({ id, handler() {} })),
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ finalized: true });
    for (const id of ["claim", "plan", "step-0", "finalize"])
      expect(ctx.step.run).toHaveBeenCalledWith(id, expect.any(Function));
    // deliveries are announced with step.sendEvent, part of the run (never inngest.send from inside a step)
    for (const id of announced)
      expect(ctx.step.sendEvent).toHaveBeenCalledWith(id, [
        expect.objectContaining({ name: "openkyc/webhook.deliveries.due" }),
      ]);
    expect(await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).toMatchObject({
      status: "COMPLETED",
      result: "APPROVED",
    });
  });

  it("does nothing for a verification another run holds", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(testAccount());
    await prisma.job.updateMany({ where: { verificationId }, data: { lockedUntil: new Date(Date.now() + 60_000) } });
    const t = new InngestTestEngine({
      function: runVerificationFunction,
      events: [{ name: "openkyc/verification.ready", data: { verificationId } }],
    });
    const { result } = await t.execute();
    expect(result).toEqual({ skipped: "another run holds this verification" });
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).status).toBe("PROCESSING");
  });
});

describe("deliver-webhook", () => {
  it("delivers on the first attempt", async () => {
    const receiver = await receiverFor(testAccount(), "ok");
    await emailVerificationReadyToProcess(testAccount());
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: receiver.endpointId } });
    const t = new InngestTestEngine({
      function: deliverWebhookFunction,
      events: [{ name: "openkyc/webhook.delivery.created", data: { deliveryId: delivery.id } }],
    });
    const { result } = await t.execute();
    expect(result).toMatchObject({ status: "DELIVERED", attempts: 1 });
    expect(receiver.received).toHaveLength(1);
    await receiver.close();
  });

  it("sleeps until each retry time and gives up after the sixth attempt", async () => {
    const receiver = await receiverFor(testAccount(), "fail500");
    await emailVerificationReadyToProcess(testAccount());
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: receiver.endpointId } });
    const waits = [1, 2, 3, 4, 5].map((i) => ({ id: `wait-${i}`, handler() {} }));
    const t = new InngestTestEngine({
      function: deliverWebhookFunction,
      events: [{ name: "openkyc/webhook.delivery.created", data: { deliveryId: delivery.id } }],
      steps: waits,
    });
    const { result, ctx } = await t.execute();
    expect(result).toMatchObject({ status: "FAILED", attempts: 6 });
    expect(ctx.step.sleepUntil).toHaveBeenCalledTimes(5);
    expect(receiver.received.map((r) => r.headers["x-service-delivery-attempt"])).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
    ]);
    await receiver.close();
  });
});

describe("relay-webhook-deliveries", () => {
  it("fans due deliveries out to one delivery run each", async () => {
    const receiver = await receiverFor(testAccount(), "ok");
    await emailVerificationReadyToProcess(testAccount());
    const t = new InngestTestEngine({
      function: relayDeliveriesFunction,
      events: [{ name: "openkyc/webhook.deliveries.due", data: {} }],
      steps: [{ id: "fan-out", handler() {} }],
    });
    const { result, ctx } = await t.execute();
    expect((result as { announced: number }).announced).toBeGreaterThanOrEqual(2);
    const sent = (
      ctx.step.sendEvent as unknown as { mock: { calls: [string, { name: string; data: { deliveryId: string } }[]][] } }
    ).mock.calls[0]![1];
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((e) => e.name))).toEqual(new Set(["openkyc/webhook.delivery.created"]));
    const mine = await prisma.webhookDelivery.findMany({
      where: { endpointId: receiver.endpointId },
      select: { id: true, lockedUntil: true },
    });
    expect(mine.length).toBeGreaterThanOrEqual(2); // the started and inputs-completed events: never an empty list
    for (const d of mine) {
      expect(sent.map((e) => e.data.deliveryId)).toContain(d.id);
      expect(d.lockedUntil).not.toBeNull();
    }
    await receiver.close();
  });
});

describe("sweep-stale-verifications", () => {
  it("sweeps and re-announces jobs whose event was lost", async () => {
    const { verificationId } = await emailVerificationReadyToProcess(testAccount());
    await prisma.job.updateMany({ where: { verificationId }, data: { runAt: new Date(Date.now() - 5 * 60_000) } });
    const t = new InngestTestEngine({
      function: sweepStaleFunction,
      events: [{ name: "inngest/scheduled.timer", data: { cron: "*/5 * * * *" } }],
      steps: [
        { id: "re-announce", handler() {} },
        { id: "announce-deliveries", handler() {} },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toMatchObject({ abandoned: expect.any(Number), expired: expect.any(Number) });
    expect((result as { reannounced: number }).reannounced).toBeGreaterThanOrEqual(1);
    expect(ctx.step.run).toHaveBeenCalledWith("sweep", expect.any(Function));
  });
});
