import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { resetEnvCache } from "@/lib/core/env";
import { createTestAccount, startVerification, type TestAccount } from "@/test/fixtures";
import { startReceiver } from "@/test/webhook-receiver";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { RACED, attemptDelivery, resendDelivery } from "@/lib/domain/webhooks/attempt-delivery";
import { postJson } from "@/lib/domain/webhooks/safe-request";

let account: TestAccount;

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true");
  resetEnvCache();
  account = await createTestAccount({ workflows: [{ name: "w", processes: ["EMAIL_CHECK"] }] });
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});
afterEach(() => vi.restoreAllMocks());

/** A receiver with its own endpoint, and one `verification_started` delivery pending for it. */
async function setup(behaviour: Parameters<typeof startReceiver>[1] = "ok") {
  const placeholder = await createWebhookEndpoint(account.accountId, {
    url: "http://127.0.0.1:9/",
    events: ["verification_started"],
  });
  const receiver = await startReceiver(placeholder.secret, behaviour);
  await prisma.webhookEndpoint.update({ where: { id: placeholder.id }, data: { url: receiver.url } });
  const { verificationId } = await startVerification(account, "w", { reference: "hooks" });
  const delivery = await prisma.webhookDelivery.findFirstOrThrow({
    where: { endpointId: placeholder.id, event: { verificationId } },
    include: { event: true },
  });
  return { receiver, delivery, endpointId: placeholder.id, verificationId };
}

describe("webhook delivery", () => {
  it("delivers the event signed with both schemes and logs the attempt", async () => {
    const { receiver, delivery, verificationId } = await setup("ok");
    const state = await attemptDelivery(delivery.id);
    expect(state.status).toBe("DELIVERED");
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.serviceSignatureValid).toBe(true);
    expect(got.standardSignatureValid).toBe(true);
    expect(got.headers["x-service-event-id"]).toBe(delivery.eventId);
    expect(got.headers["webhook-id"]).toBe(delivery.eventId);
    expect(got.headers["x-service-delivery-attempt"]).toBe("1");
    expect(Math.abs(Number(got.headers["x-service-timestamp"]) - Date.now() / 1000)).toBeLessThan(5);
    expect(got.json).toMatchObject({
      eventName: "verification_started",
      eventId: delivery.eventId,
      flowId: account.workflows.w,
      resource: `/api/v1/verifications/${verificationId}`,
      metadata: { reference: "hooks" },
    });
    expect(got.json.timeStamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const attempts = await prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempts).toMatchObject([{ attempt: 1, statusCode: 200, responseExcerpt: "thanks", error: null }]);
    // delivered is final: another call sends nothing
    await attemptDelivery(delivery.id);
    expect(receiver.received).toHaveLength(1);
    await receiver.close();
  });

  it("two workers racing on one delivery: one moves it on, both requests are logged, the loser's marked raced", async () => {
    const { receiver, delivery } = await setup("ok");
    const [a, b] = await Promise.all([attemptDelivery(delivery.id), attemptDelivery(delivery.id)]);
    expect(receiver.received).toHaveLength(2);
    expect([a.status, b.status]).toEqual(["DELIVERED", "DELIVERED"]);
    const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "DELIVERED", attempts: 1 });
    const attempts = await prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempts.map((x) => x.attempt)).toEqual([1, 1]);
    expect(attempts.map((x) => x.error).sort()).toEqual([RACED, null].sort());
    await receiver.close();
  });

  it("retries after exactly 1 min, 5 min, 15 min, 1 h and 6 h, then fails; the same event id every time", async () => {
    const { receiver, delivery } = await setup("fail500");
    let now = new Date("2030-01-01T00:00:00.000Z");
    vi.spyOn(clock, "now").mockImplementation(() => now);
    const gaps: number[] = [];
    let state = await attemptDelivery(delivery.id, { force: true });
    for (let i = 0; i < 5; i++) {
      expect(state.status).toBe("PENDING");
      const due = state.nextAttemptAt!;
      gaps.push(due.getTime() - now.getTime());
      // a second before it is due, nothing is sent
      now = new Date(due.getTime() - 1000);
      await attemptDelivery(delivery.id);
      expect(receiver.received).toHaveLength(i + 1);
      now = due;
      state = await attemptDelivery(delivery.id);
    }
    expect(gaps).toEqual([60_000, 300_000, 900_000, 3_600_000, 21_600_000]);
    expect(state).toMatchObject({ status: "FAILED", attempts: 6, nextAttemptAt: null });
    expect(receiver.received.map((r) => r.headers["x-service-delivery-attempt"])).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
    ]);
    expect(new Set(receiver.received.map((r) => r.headers["x-service-event-id"]))).toEqual(new Set([delivery.eventId]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const attempts = await prisma.webhookAttempt.findMany({
      where: { deliveryId: delivery.id },
      orderBy: { attempt: "asc" },
    });
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500, 500, 500]);
    expect(attempts[0]!.responseExcerpt!.length).toBeLessThanOrEqual(1024);

    // a failed delivery can be resent
    receiver.setBehaviour("ok");
    await resendDelivery(delivery.id);
    expect((await attemptDelivery(delivery.id)).status).toBe("DELIVERED");
    expect(receiver.received).toHaveLength(7);
    await receiver.close();
  });

  it.each([
    ["a connection reset", "reset", /network/],
    ["a redirect (not followed)", "redirect", /HTTP 302/],
  ] as const)("counts %s as a failed attempt", async (_, behaviour, error) => {
    const { receiver, delivery } = await setup(behaviour);
    const state = await attemptDelivery(delivery.id);
    expect(state.status).toBe("PENDING");
    const [attempt] = await prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempt!.error).toMatch(error);
    expect(receiver.received).toHaveLength(1);
    await receiver.close();
  });

  it("counts a receiver that is down as a failed attempt", async () => {
    const { receiver, delivery } = await setup("ok");
    await receiver.close();
    const state = await attemptDelivery(delivery.id);
    expect(state.status).toBe("PENDING");
    const [attempt] = await prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempt).toMatchObject({ statusCode: null });
    expect(attempt!.error).toMatch(/^network: ECONNREFUSED/);
  });

  it("gives up on a receiver that answers after more than 10 s", async () => {
    const { receiver, delivery } = await setup("slow");
    const started = Date.now();
    const state = await attemptDelivery(delivery.id);
    const waited = Date.now() - started;
    expect(state.status).toBe("PENDING");
    expect(waited).toBeGreaterThanOrEqual(9_900);
    expect(waited).toBeLessThan(10_900);
    const [attempt] = await prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempt!.error).toMatch(/^timeout/);
    await receiver.close();
  }, 20_000);
});

describe("SSRF protection", () => {
  const send = (url: string, allowPrivate = false) =>
    postJson(url, "{}", { "content-type": "application/json" }, { timeoutMs: 2_000, allowPrivate });

  it.each([
    "http://127.0.0.1:1/hook",
    "http://[::1]:1/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.5/hook",
    "http://192.168.1.1/hook",
    "http://0.0.0.0:1/hook",
  ])("refuses %s before connecting", async (url) => {
    const outcome = await send(url);
    expect(outcome).toMatchObject({ kind: "error", error: "refused_address" });
  });

  it("refuses a host name that resolves to an internal address (checked at connect time)", async () => {
    const receiver = await startReceiver(Buffer.alloc(32, 1).toString("base64"));
    const outcome = await send(`http://localhost:${receiver.port}/hooks`);
    expect(outcome).toMatchObject({ kind: "error", error: "refused_address" });
    expect(receiver.received).toHaveLength(0);
    // with the switch on (demo, tests) the same request goes through
    expect(await send(`http://localhost:${receiver.port}/hooks`, true)).toMatchObject({
      kind: "response",
      statusCode: 200,
    });
    await receiver.close();
  });

  it("refuses other protocols", async () => {
    expect(await send("file:///etc/passwd")).toMatchObject({ kind: "error", error: "bad_url" });
  });
});
