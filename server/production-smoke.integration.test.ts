import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { startReceiver } from "@/test/webhook-receiver";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { startProductionServer, testServerPort, type ProductionServer } from "./production-server";

// The production build, served by server/http-front.ts as `npm start` serves it, driven over real HTTP. The other
// tests call route handlers in one module graph; this one catches what only the bundle does (two bundles with
// their own module state, rewritten require.resolve, …) — both happened.
let server: ProductionServer;
let base: string;
let account: TestAccount;

beforeAll(async () => {
  server = await startProductionServer({
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    // the engine's poll is ten minutes here: a webhook within the test's 30 s can only come from the wake-up that
    // the commit sends, never from the poll (a timed assertion instead failed once on a busy machine)
    ENGINE_POLL_MS: "600000",
  });
  base = server.base;
  account = await createTestAccount();
}, 240_000);

afterAll(() => {
  server?.stop();
});

describe("production build", () => {
  it("runs a verification end to end: API → engine (woken at once) → checks → signed webhook", async () => {
    const endpoint = await createWebhookEndpoint(account.accountId, {
      url: "http://127.0.0.1:9/",
      events: ["verification_completed"],
    });
    const receiver = await startReceiver(endpoint.secret);
    await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: receiver.url } });
    const headers = {
      authorization: `Bearer ${account.keys.full}`,
      "x-client-id": account.clientId,
      "content-type": "application/json",
    };

    const started = await fetch(`${base}/api/v1/verifications`, {
      method: "POST",
      headers: {
        ...headers,
        "x-forwarded-for": "6.6.6.6",
        "x-openkyc-client-ip": "6.6.6.6",
        "x-openkyc-client-stamp": "forged",
      },
      body: JSON.stringify({ flowId: account.workflows["address-only"], metadata: { reference: "smoke" } }),
    });
    expect(started.status).toBe(201);
    const { id, ipAddress } = await started.json();
    // the socket address, not the client's claim
    expect(ipAddress).toBe("127.0.0.1");
    await prisma.verification.update({ where: { id }, data: { ipAddress: "24.48.0.1" } });

    const sent = await fetch(`${base}/api/v1/verifications/${id}/send-inputs`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        inputs: [
          { fieldName: "ADDRESS_LINE", value: "1600 Amphitheatre Pkwy", type: "TEXT" },
          { fieldName: "CITY", value: "Mountain View", type: "TEXT" },
          { fieldName: "PROVINCE", value: "CA", type: "TEXT" },
          { fieldName: "POSTAL_CODE", value: "94043", type: "TEXT" },
          { fieldName: "COUNTRY", value: "US", type: "TEXT" },
        ],
      }),
    });
    expect(sent.status).toBe(200);

    const deadline = Date.now() + 30_000;
    while (!receiver.received.some((r) => r.json.verificationId === id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const completed = receiver.received.find((r) => r.json.verificationId === id);
    expect(completed?.json).toMatchObject({ eventName: "verification_completed", status: "COMPLETED" });
    expect(completed!.serviceSignatureValid).toBe(true);

    const record = await (await fetch(`${base}/api/v1/verifications/${id}`, { headers })).json();
    expect(record.steps[0]).toMatchObject({
      stepId: "ADDRESS_VERIFICATION",
      status: 200,
      data: { validation_result: "PASSED", postal_code: "94043" },
    });
    await receiver.close();
  }, 60_000);

  it("starts on another port when the one drawn is taken (the child exits rather than hanging)", async () => {
    const holder = createServer();
    const taken = await new Promise<number>((resolve) =>
      holder.listen(0, "127.0.0.1", () => resolve((holder.address() as { port: number }).port)),
    );
    const free = testServerPort();
    const other = await startProductionServer({}, [taken, free]);
    try {
      expect(other.base).toBe(`http://127.0.0.1:${free}`);
      expect((await fetch(`${other.base}/api/health`)).status).toBe(200);
    } finally {
      other.stop();
      holder.close();
    }
  }, 120_000);

  it("serves the API reference and the OpenAPI document", async () => {
    expect((await fetch(`${base}/docs`)).status).toBe(200);
    const doc = await (await fetch(`${base}/api/v1/openapi.json`)).json();
    expect(doc.openapi).toBe("3.1.0");
  });
});
