import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { OpenKYC } from "@openkyc/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer, type ProductionServer } from "@/server/production-server";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
// @ts-expect-error plain ESM example without type declarations
import { createApp } from "./app.mjs";

// The example integration against the production app: its server starts a verification with the SDK, its page
// embeds the flow from the service's /embed.js, and its webhook route receives the outcome and checks it with
// verifyWebhook (a forged delivery is refused).
let service: ProductionServer;
let account: TestAccount;
let shop: Server;
let shopUrl: string;

beforeAll(async () => {
  service = await startProductionServer({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", ENGINE_POLL_MS: "5000" });
  account = await createTestAccount();
  const endpoint = await createWebhookEndpoint(account.accountId, { url: "http://127.0.0.1:9/webhooks", events: [] });
  const { app } = createApp({
    serviceUrl: service.base,
    apiKey: account.keys.full,
    clientId: account.clientId,
    flowId: account.workflows["address-only"],
    webhookSecret: endpoint.secret,
  });
  shop = await new Promise<Server>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server));
  });
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  const { prisma } = await import("@/lib/core/db");
  await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: `${shopUrl}/webhooks` } });
}, 300_000);

afterAll(() => {
  shop?.close();
  service?.stop();
});

describe("examples/express-integration", () => {
  it("serves a page that embeds the flow from the service", async () => {
    const html = await (await fetch(`${shopUrl}/`)).text();
    expect(html).toContain(`<script src="${service.base}/embed.js"></script>`);
    expect(html).toContain("OpenKYC.open");
    const script = await fetch(`${service.base}/embed.js`);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect(await script.text()).toContain("window.OpenKYC");
  });

  it("starts a verification, and receives and verifies its webhooks", async () => {
    const started = await fetch(`${shopUrl}/verifications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderId: "A-1" }),
    });
    expect(started.status).toBe(201);
    const { verificationId, verificationUrl } = await started.json();
    expect(verificationUrl).toContain(`verificationId=${verificationId}`);
    // the same order again: the example's idempotency key replays the first verification
    const again = await (
      await fetch(`${shopUrl}/verifications`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ orderId: "A-1" }),
      })
    ).json();
    expect(again.verificationId).toBe(verificationId);

    // the end user's part (in the embedded page; here through the API)
    const kyc = new OpenKYC({ baseUrl: service.base, apiKey: account.keys.full, clientId: account.clientId });
    await kyc.verifications.sendInputs(verificationId, {
      inputs: [
        { fieldName: "ADDRESS_LINE", value: "1600 Amphitheatre Pkwy", type: "TEXT" },
        { fieldName: "CITY", value: "Mountain View", type: "TEXT" },
        { fieldName: "PROVINCE", value: "CA", type: "TEXT" },
        { fieldName: "POSTAL_CODE", value: "94043", type: "TEXT" },
        { fieldName: "COUNTRY", value: "US", type: "TEXT" },
      ],
    });

    const deadline = Date.now() + 30_000;
    let names: string[] = [];
    while (!names.includes("verification_completed") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      names = (await (await fetch(`${shopUrl}/verifications/${verificationId}/events`)).json()).map(
        (e: { eventName: string }) => e.eventName,
      );
    }
    expect(names).toEqual(
      expect.arrayContaining(["verification_started", "verification_inputs_completed", "verification_completed"]),
    );
  }, 60_000);

  it("refuses a forged delivery", async () => {
    const body = JSON.stringify({ eventName: "verification_completed", eventId: "x", verificationId: "forged" });
    const forged = await fetch(`${shopUrl}/webhooks`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": "x",
        "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
        "webhook-signature": "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
      },
      body,
    });
    expect(forged.status).toBe(400);
    expect(await (await fetch(`${shopUrl}/verifications/forged/events`)).json()).toEqual([]);
  });
});
