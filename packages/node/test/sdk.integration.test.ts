import {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  OpenKYC,
  OpenKYCError,
  PermissionError,
  RateLimitError,
  verifyWebhook,
  WebhookVerificationError,
} from "@openkyc/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { startReceiver } from "@/test/webhook-receiver";
import { startProductionServer, type ProductionServer } from "@/server/production-server";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";

// The built SDK (packages/node/dist, as an integrator installs it) against the production app over HTTP:
// every endpoint, every error family, idempotency, and a real webhook delivery checked with verifyWebhook.
let server: ProductionServer;
let account: TestAccount;
let other: TestAccount;
let sdk: OpenKYC;

const client = (apiKey: string, extra: Partial<ConstructorParameters<typeof OpenKYC>[0]> = {}) =>
  new OpenKYC({ apiKey, clientId: account.clientId, baseUrl: server.base, ...extra });

const ADDRESS = [
  { fieldName: "ADDRESS_LINE", value: "1600 Amphitheatre Pkwy", type: "TEXT" as const },
  { fieldName: "CITY", value: "Mountain View", type: "TEXT" as const },
  { fieldName: "PROVINCE", value: "CA", type: "TEXT" as const },
  { fieldName: "POSTAL_CODE", value: "94043", type: "TEXT" as const },
  { fieldName: "COUNTRY", value: "US", type: "TEXT" as const },
];

async function rejection(promise: Promise<unknown>): Promise<OpenKYCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OpenKYCError);
  return error as OpenKYCError;
}

beforeAll(async () => {
  server = await startProductionServer({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", ENGINE_POLL_MS: "5000" });
  account = await createTestAccount();
  other = await createTestAccount();
  sdk = client(account.keys.full);
}, 300_000);

afterAll(() => server?.stop());

describe("@openkyc/node against the running app", () => {
  it("starts, reads and completes a verification with typed answers", async () => {
    const started = await sdk.verifications.start({
      flowId: account.workflows["address-only"]!,
      metadata: { reference: "sdk-1" },
    });
    expect(started.status).toBe("pending");
    expect(started.verificationUrl).toContain("/verify?");
    expect(started.inputs.map((i) => i.fieldName)).toContain("POSTAL_CODE");

    const sent = await sdk.verifications.sendInputs(started.verificationId, { inputs: ADDRESS });
    expect(sent).toBeTruthy();
    const record = await sdk.verifications.get(started.verificationId);
    expect(record.id).toBe(started.verificationId);
    const status = await sdk.verifications.status(started.verificationId);
    expect(["PROCESSING", "COMPLETED", "INITIATED"]).toContain(status.status);

    // a completed verification takes no more inputs: 409 INVALID_STATE
    const late = await rejection(sdk.verifications.sendInputs(started.verificationId, { inputs: ADDRESS }));
    expect(late).toBeInstanceOf(ConflictError);
    expect(late.code).toBe("INVALID_STATE");
  });

  it("sends an Idempotency-Key: the same key and body replay one verification, another body is refused", async () => {
    const body = { flowId: account.workflows["address-only"]!, metadata: { order: "A-17" } };
    const before = await prisma.verification.count({ where: { accountId: account.accountId } });
    const [a, b] = await Promise.all([
      sdk.verifications.start(body, { idempotencyKey: "order-A-17" }),
      sdk.verifications.start(body, { idempotencyKey: "order-A-17" }),
    ]);
    expect(b.verificationId).toBe(a.verificationId);
    expect(await prisma.verification.count({ where: { accountId: account.accountId } })).toBe(before + 1);
    const reused = await rejection(
      sdk.verifications.start({ ...body, metadata: { order: "B" } }, { idempotencyKey: "order-A-17" }),
    );
    expect(reused).toBeInstanceOf(ConflictError);
    expect(reused.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(reused.status).toBe(409);
  });

  it("reads workflows' document types and mints a link", async () => {
    const all = await sdk.workflows.supportedDocumentTypes();
    expect(all.map((d) => d.name)).toContain("PASSPORT");
    const forFlow = await sdk.workflows.documentTypes(account.workflows["full-kyc"]!, { country: "DE" });
    expect(forFlow.length).toBeGreaterThan(0);
    const link = await sdk.workflows.createLink(account.workflows["address-only"]!, { metadata: { userId: "u-1" } });
    expect(link.url).toContain("sig=");
  });

  it("throws typed errors carrying the spec's code, status and request id", async () => {
    const invalid = await rejection(sdk.verifications.start({ flowId: "00000000-0000-4000-8000-000000000000" }));
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid.code).toBe("INVALID_WORKFLOW");
    expect(invalid.requestId).toMatch(/[0-9a-f-]{36}/);

    const malformed = await rejection(sdk.verifications.start({ flowId: 42 } as never));
    expect(malformed.code).toBe("VALIDATION_ERROR");
    expect(malformed.details?.[0]?.field).toBe("flowId");

    const tooLarge = await rejection(
      sdk.verifications.start({ flowId: account.workflows["address-only"]!, metadata: { x: "y".repeat(70_000) } }),
    );
    expect(tooLarge.code).toBe("PAYLOAD_TOO_LARGE");
    expect(tooLarge.status).toBe(413);

    const badKey = await rejection(client("sk_not_a_key").verifications.get(crypto.randomUUID()));
    expect(badKey).toBeInstanceOf(AuthenticationError);
    expect(badKey.code).toBe("INVALID_API_KEY");

    const readOnly = await rejection(
      client(account.keys.read).verifications.start({ flowId: account.workflows["address-only"]! }),
    );
    expect(readOnly).toBeInstanceOf(PermissionError);
    expect(readOnly.code).toBe("INSUFFICIENT_PERMISSIONS");

    // another account's verification is a 404, like one that does not exist
    const theirs = await new OpenKYC({
      apiKey: other.keys.full,
      clientId: other.clientId,
      baseUrl: server.base,
    }).verifications.start({ flowId: other.workflows["address-only"]! });
    const notMine = await rejection(sdk.verifications.status(theirs.verificationId));
    expect(notMine).toBeInstanceOf(NotFoundError);
    expect(notMine.code).toBe("VERIFICATION_NOT_FOUND");

    const noWorkflow = await rejection(sdk.workflows.documentTypes(crypto.randomUUID()));
    expect(noWorkflow.code).toBe("WORKFLOW_NOT_FOUND");
    const badCountry = await rejection(sdk.workflows.documentTypes(account.workflows["full-kyc"]!, { country: "QQ" }));
    expect(badCountry.code).toBe("INVALID_COUNTRY_CODE");
  });

  it("throws RateLimitError with Retry-After when it may not wait", async () => {
    const limited = await createTestAccount({ rateLimitPerMinute: 2 });
    const impatient = new OpenKYC({
      apiKey: limited.keys.full,
      clientId: limited.clientId,
      baseUrl: server.base,
      maxRetryAfterMs: 0,
    });
    const flowId = limited.workflows["address-only"]!;
    await impatient.verifications.start({ flowId });
    await impatient.verifications.start({ flowId });
    const error = await rejection(impatient.verifications.start({ flowId }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.retryAfter).toBeGreaterThan(0);
  });

  it("reports an unreachable service as a ConnectionError", async () => {
    const nowhere = new OpenKYC({
      apiKey: "k",
      clientId: "c",
      baseUrl: "http://127.0.0.1:9",
      maxRetries: 1,
      timeoutMs: 2_000,
    });
    await expect(nowhere.workflows.supportedDocumentTypes()).rejects.toBeInstanceOf(ConnectionError);
  });

  it("verifies a real delivery with verifyWebhook; a changed byte or a 301 s old timestamp is refused", async () => {
    const receiver = await startReceiver();
    const endpoint = await createWebhookEndpoint(account.accountId, {
      url: receiver.url,
      events: ["verification_started"],
    });
    try {
      const started = await sdk.verifications.start({ flowId: account.workflows["address-only"]! });
      const deadline = Date.now() + 30_000;
      const find = () => receiver.received.find((d) => d.body.includes(started.verificationId));
      while (!find() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const delivery = find()!;
      expect(delivery).toBeDefined();

      const event = verifyWebhook(delivery.body, delivery.headers, endpoint.secret);
      expect(event).toMatchObject({ eventName: "verification_started", verificationId: started.verificationId });
      // each scheme on its own verifies too; the spec's body-only one only where the receiver opts in
      const { "webhook-signature": _sw, ...serviceOnly } = delivery.headers;
      expect(() => verifyWebhook(delivery.body, serviceOnly, endpoint.secret)).toThrow(/body-only/);
      const bodyOnly = { acceptBodyOnlySignature: true };
      expect(verifyWebhook(delivery.body, serviceOnly, endpoint.secret, bodyOnly).eventId).toBe(event.eventId);
      const { "x-service-signature": _ss, ...standardOnly } = delivery.headers;
      expect(verifyWebhook(delivery.body, standardOnly, endpoint.secret).eventId).toBe(event.eventId);

      const flipped = Buffer.from(delivery.body);
      flipped[flipped.length - 2]! ^= 1;
      for (const headers of [delivery.headers, serviceOnly, standardOnly])
        expect(() => verifyWebhook(flipped, headers, endpoint.secret, bodyOnly)).toThrow(WebhookVerificationError);

      const sentAt = Number(delivery.headers["webhook-timestamp"]) * 1000;
      for (const headers of [delivery.headers, serviceOnly, standardOnly]) {
        expect(() =>
          verifyWebhook(delivery.body, headers, endpoint.secret, { ...bodyOnly, now: new Date(sentAt + 300_000) }),
        ).not.toThrow();
        expect(() =>
          verifyWebhook(delivery.body, headers, endpoint.secret, { ...bodyOnly, now: new Date(sentAt + 301_000) }),
        ).toThrow(/300 s/);
      }
      expect(() => verifyWebhook(delivery.body, delivery.headers, Buffer.alloc(32, 1).toString("base64"))).toThrow(
        WebhookVerificationError,
      );
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
