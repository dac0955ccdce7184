import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { StartVerificationResponse } from "@/lib/http/schemas";
import * as startModule from "@/app/api/v1/verifications/route";
import { call, route, type CallOptions } from "@/test/api-client";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { publishWorkflow } from "@/lib/domain/flows/publish-workflow";

const startRoute = route("/api/v1/verifications", startModule);

let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  account = await createTestAccount();
  other = await createTestAccount();
});

const start = (body: unknown, auth = account.auth, extra: CallOptions = {}) =>
  call(startRoute, "/api/v1/verifications", { ...auth, body, ...extra });

describe("POST /api/v1/verifications", () => {
  it("starts a verification and answers both response shapes with 201", async () => {
    const response = await start({
      flowId: account.workflows["full-kyc"],
      metadata: { reference: "ref-1", userId: "user-1" },
    });
    expect(response.status).toBe(201);
    const body = StartVerificationResponse.parse(response.body);
    expect(body.id).toBe(body.verificationId);
    expect(body.status).toBe("pending");
    expect(body.flowId).toBe(account.workflows["full-kyc"]);
    expect(body.metadata).toEqual({ reference: "ref-1", userId: "user-1" });
    expect(body.ipAddress).toBe("203.0.113.7");
    expect(body.inputs.map((i) => i.fieldName)).toEqual([
      "DOCUMENT_COUNTRY",
      "DOCUMENT_TYPE",
      "DOCUMENT_FRONT",
      "DOCUMENT_BACK",
      "SELFIE_VIDEO",
      "SELFIE_PHOTO",
      "ADDRESS_LINE",
      "CITY",
      "PROVINCE",
      "POSTAL_CODE",
      "COUNTRY",
    ]);
    expect(body.inputs.find((i) => i.fieldName === "DOCUMENT_TYPE")?.data).toEqual({
      options: ["PASSPORT", "NATIONAL_ID", "DRIVERS_LICENSE"],
    });
    expect(body.inputs.find((i) => i.fieldName === "SELFIE_VIDEO")?.group).toBe(1);
    expect(body.settings.map((s) => [s.fieldName, s.type, s.value])).toEqual(
      expect.arrayContaining([
        ["POSTAL_VALIDATION", "BOOLEAN", "true"],
        ["LIVENESS_CHALLENGE", "ENUM", "TURN_HEAD_LEFT_RIGHT"],
      ]),
    );
    const url = new URL(body.verificationUrl);
    expect(url.pathname).toBe("/verify");
    expect(url.searchParams.get("flowId")).toBe(body.flowId);
    expect(url.searchParams.get("clientId")).toBe(account.clientId);
    // the metadata (here a userId) stays on the server: the URL carries ids and the resume token only
    expect(url.searchParams.has("metadata")).toBe(false);
    expect(body.verificationUrl).not.toContain("user-1");
    expect(url.searchParams.get("verificationId")).toBe(body.id);
    expect(url.searchParams.get("token")).toMatch(/^vst_/);

    const stored = await prisma.verification.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored.status).toBe("PENDING");
    const events = await prisma.event.findMany({ where: { verificationId: body.id } });
    expect(events.map((e) => e.name)).toEqual(["verification_started"]);
    expect(events[0]!.payload).toMatchObject({
      eventName: "verification_started",
      eventId: events[0]!.id,
      flowId: body.flowId,
      resource: `/api/v1/verifications/${body.id}`,
      metadata: body.metadata,
    });
  });

  it("writes one verification_started delivery per subscribed endpoint, and the personal data sealed at rest", async () => {
    const own = await createTestAccount();
    const endpoint = (events: string[], enabled = true) =>
      prisma.webhookEndpoint.create({
        data: { accountId: own.accountId, url: "https://hooks.example.com/x", secretEncrypted: "x", events, enabled },
      });
    const every = await endpoint([]);
    const started = await endpoint(["verification_started", "verification_completed"]);
    await endpoint(["verification_completed"]);
    await endpoint([], false);
    const response = await start(
      { flowId: own.workflows["address-only"], metadata: { email: "Ana@Example.com", reference: "ref-77" } },
      own.auth,
    );
    expect(response.status).toBe(201);
    const id = (response.body as { id: string }).id;
    const [event] = await prisma.event.findMany({ where: { verificationId: id }, include: { deliveries: true } });
    expect(event!.deliveries.map((d) => d.endpointId).sort()).toEqual([every.id, started.id].sort());
    expect(event!.deliveries.every((d) => d.status === "PENDING" && d.attempts === 0)).toBe(true);
    // uuidv7 ids (time-ordered), as Prisma writes them
    expect(event!.deliveries[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const stored = await prisma.verification.findUniqueOrThrow({ where: { id } });
    expect(stored.createdAt.toISOString()).toBe((response.body as { createdAt: string }).createdAt);
    expect(stored.metadata).toEqual({ email: "Ana@Example.com", reference: "ref-77" });
    expect(stored.emailIndex).toMatch(/\S/);
    expect(stored.referencePrefixes.length).toBeGreaterThan(0);
    const [raw] = await prisma.$queryRaw<{ metadata: unknown; payload: unknown }[]>`
      SELECT v."metadata", e."payload" FROM "Verification" v JOIN "Event" e ON e."verificationId" = v."id"
      WHERE v."id" = ${id}::uuid`;
    expect(JSON.stringify(raw)).not.toContain("Ana@Example.com");
    expect(raw!.metadata).toHaveProperty("$sealed");
    expect(raw!.payload).toHaveProperty("$sealed");
  });

  it("reuses the identity of a known metadata.userId and creates a new one otherwise", async () => {
    const a = await start({ flowId: account.workflows["address-only"], metadata: { userId: "same-user" } });
    const b = await start({ flowId: account.workflows["address-only"], metadata: { userId: "same-user" } });
    const c = await start({ flowId: account.workflows["address-only"] });
    expect(b.body.identityId).toBe(a.body.identityId);
    expect(c.body.identityId).not.toBe(a.body.identityId);
    // the same userId in another account is another identity
    const d = await start({ flowId: other.workflows["address-only"], metadata: { userId: "same-user" } }, other.auth);
    expect(d.body.identityId).not.toBe(a.body.identityId);
  });

  it("takes ipAddress from metadata when given", async () => {
    const response = await start({ flowId: account.workflows["liveness"], metadata: { ipAddress: "198.51.100.4" } });
    expect(response.body.ipAddress).toBe("198.51.100.4");
  });

  it("ignores a client's X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const response = await start({ flowId: account.workflows["liveness"] }, account.auth, {
      headers: { "x-forwarded-for": "6.6.6.6" },
    });
    expect(response.body.ipAddress).toBe("203.0.113.7");
  });

  it.each([
    ["a malformed id", "not-a-uuid"],
    ["an unknown workflow", "01a20190-0000-7000-8000-000000000000"],
  ])("refuses %s with 400 INVALID_WORKFLOW", async (_, flowId) => {
    const response = await start({ flowId });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "INVALID_WORKFLOW" });
  });

  it("refuses another account's workflow with INVALID_WORKFLOW and stores nothing", async () => {
    const before = await prisma.verification.count({ where: { workflowId: other.workflows["full-kyc"] } });
    const response = await start({ flowId: other.workflows["full-kyc"] });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("INVALID_WORKFLOW");
    expect(await prisma.verification.count({ where: { workflowId: other.workflows["full-kyc"] } })).toBe(before);
  });

  it("refuses an archived workflow", async () => {
    const fresh = await createTestAccount({ workflows: [{ name: "old", processes: ["LIVENESS"] }] });
    await prisma.workflow.update({ where: { id: fresh.workflows.old }, data: { archivedAt: new Date() } });
    const response = await start({ flowId: fresh.workflows.old }, fresh.auth);
    expect(response.body.error).toBe("INVALID_WORKFLOW");
  });

  // a start remembers the workflow's current version (lib/domain/flows/current-version-cache.ts): never past a change
  it("starts on the newly published version and refuses a workflow archived after earlier starts", async () => {
    const fresh = await createTestAccount({ workflows: [{ name: "w", processes: ["LIVENESS"] }] });
    const flowId = fresh.workflows.w!;
    const first = await start({ flowId }, fresh.auth);
    expect(first.status).toBe(201);
    expect(first.body.inputs.map((i: { fieldName: string }) => i.fieldName)).toContain("SELFIE_VIDEO");
    await publishWorkflow(fresh.accountId, { name: "w", processes: ["ADDRESS_VERIFICATION"] }, flowId);
    const second = await start({ flowId: flowId.toUpperCase() }, fresh.auth);
    expect(second.status).toBe(201);
    expect(second.body.flowId).toBe(flowId);
    expect(second.body.inputs.map((i: { fieldName: string }) => i.fieldName)).not.toContain("SELFIE_VIDEO");
    const pinned = await prisma.verification.findMany({
      where: { workflowId: flowId },
      orderBy: { createdAt: "asc" },
      select: { workflowVersion: { select: { version: true } } },
    });
    expect(pinned.map((v) => v.workflowVersion.version)).toEqual([1, 2]);
    await prisma.workflow.update({ where: { id: flowId }, data: { archivedAt: new Date() } });
    const identities = await prisma.identity.count({ where: { accountId: fresh.accountId } });
    const refused = await start({ flowId, metadata: { userId: "after-archive" } }, fresh.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("INVALID_WORKFLOW");
    // nothing half-written: not even the identity of metadata.userId
    expect(await prisma.identity.count({ where: { accountId: fresh.accountId } })).toBe(identities);
    expect(await prisma.verification.count({ where: { workflowId: flowId } })).toBe(2);
  });

  it.each([
    ["no Authorization header", {}],
    ["an unknown key", { token: "x".repeat(43), clientId: "whatever" }],
    ["a valid key with another account's client id", "cross"],
    ["a key without X-CLIENT-ID", "noclient"],
  ])("answers 401 INVALID_API_KEY for %s", async (_, auth) => {
    const resolved =
      auth === "cross"
        ? { token: account.keys.full, clientId: other.clientId }
        : auth === "noclient"
          ? { token: account.keys.full }
          : auth;
    const response = await start(
      { flowId: account.workflows["full-kyc"] },
      resolved as { token: string; clientId: string },
    );
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("INVALID_API_KEY");
    expect(typeof response.body.message).toBe("string");
  });

  it("answers 401 for a revoked or expired key", async () => {
    const fresh = await createTestAccount({ workflows: [{ name: "w", processes: ["LIVENESS"] }] });
    await prisma.apiKey.updateMany({
      where: { accountId: fresh.accountId, scopes: { has: "verification:create" } },
      data: { revokedAt: new Date() },
    });
    expect((await start({ flowId: fresh.workflows.w }, fresh.auth)).body.error).toBe("INVALID_API_KEY");
    await prisma.apiKey.updateMany({
      where: { accountId: fresh.accountId },
      data: { revokedAt: null, expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await start({ flowId: fresh.workflows.w }, fresh.auth)).body.error).toBe("INVALID_API_KEY");
  });

  it.each(["read", "inputs"] as const)("answers 403 INSUFFICIENT_PERMISSIONS to a %s-only key", async (scope) => {
    const response = await start({ flowId: account.workflows["full-kyc"] }, account.as(account.keys[scope]));
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("INSUFFICIENT_PERMISSIONS");
  });

  it("accepts a create-only key", async () => {
    expect((await start({ flowId: account.workflows["full-kyc"] }, account.as(account.keys.create))).status).toBe(201);
  });

  it.each([
    ["malformed JSON", '{"flowId": ', 400, "VALIDATION_ERROR"],
    ["a JSON array", "[]", 400, "VALIDATION_ERROR"],
    ["flowId of the wrong type", JSON.stringify({ flowId: 42 }), 400, "VALIDATION_ERROR"],
    ["metadata that is not an object", JSON.stringify({ flowId: "x", metadata: [1, 2] }), 400, "VALIDATION_ERROR"],
    ["an unknown field", JSON.stringify({ flowId: "x", extra: true }), 400, "VALIDATION_ERROR"],
  ])("refuses %s", async (_, raw, status, code) => {
    const response = await start(raw);
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(code);
  });

  it("refuses metadata over 16 KiB with 413 and stores nothing", async () => {
    const before = await prisma.verification.count({ where: { accountId: account.accountId } });
    const response = await start({ flowId: account.workflows["full-kyc"], metadata: { blob: "x".repeat(17 * 1024) } });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe("PAYLOAD_TOO_LARGE");
    expect(await prisma.verification.count({ where: { accountId: account.accountId } })).toBe(before);
  });

  it.each([
    ["nested too deep", { a: { b: { c: { d: { e: { f: { g: { h: { i: { j: 1 } } } } } } } } } }],
    ["a NUL character", { note: "a\u0000b" }],
    ["a lone surrogate", { note: "\ud800" }],
    ["an invalid redirectUrl", { redirectUrl: "javascript:alert(1)" }],
    ["an invalid ipAddress", { ipAddress: "999.1.1.1" }],
  ])("refuses metadata with %s as VALIDATION_ERROR", async (_, metadata) => {
    const response = await start({ flowId: account.workflows["full-kyc"], metadata });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("VALIDATION_ERROR");
    expect(response.body.details?.length).toBeGreaterThan(0);
  });

  it("refuses a non-JSON content type with 415", async () => {
    const response = await call(startRoute, "/api/v1/verifications", {
      ...account.auth,
      body: "flowId=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.body.error).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("sends RateLimit headers on every response", async () => {
    const ok = await start({ flowId: account.workflows["full-kyc"] });
    expect(ok.headers.get("ratelimit-limit")).toBe("600");
    expect(Number(ok.headers.get("ratelimit-remaining"))).toBeLessThan(600);
    const denied = await start({ flowId: account.workflows["full-kyc"] }, { token: "nope", clientId: "nope" });
    expect(denied.headers.get("ratelimit-limit")).not.toBeNull();
  });
});
