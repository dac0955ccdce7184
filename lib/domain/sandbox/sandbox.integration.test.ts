import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { listVerifications } from "@/lib/domain/verifications/list-verifications";
import { overviewStats } from "@/lib/domain/verifications/overview-stats";
import { prisma } from "@/lib/core/db";
import { inProcessDurable, runInProcess } from "@/lib/jobs/durable";
import { verificationRun } from "@/lib/jobs/verification-run";
import { attemptDelivery } from "@/lib/domain/webhooks/attempt-delivery";
import { resetEnvCache } from "@/lib/core/env";
import { loadHostedState } from "@/lib/domain/hosted/load-hosted-state";
import { correctDocumentData } from "@/lib/domain/review/correct-document-data";
import { decideReview } from "@/lib/domain/review/decide-review";
import { ownerOf } from "@/test/dashboard-fixtures";
import { dataUrl, jpeg } from "@/test/images";
import * as startModule from "@/app/api/v1/verifications/route";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as fastForwardModule from "@/app/api/v1/sandbox/verifications/[verificationId]/fast-forward/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { startReceiver } from "@/test/webhook-receiver";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";

const startRoute = route("/api/v1/verifications", startModule);
const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);
const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
const fastForwardRoute = route("/api/v1/sandbox/verifications/[verificationId]/fast-forward", fastForwardModule);

// docs/sandbox.md's table, driven end to end: a test key's verifications never run the real checks, each magic
// value gives its outcome and events, test webhooks go to test endpoints only, the dashboard keeps modes apart.
let account: TestAccount;
let testAuth: { token: string; clientId: string };
let liveReceiver: Awaited<ReturnType<typeof startReceiver>>;
let testReceiver: Awaited<ReturnType<typeof startReceiver>>;

async function receiver(mode: "live" | "test") {
  const endpoint = await createWebhookEndpoint(account.accountId, { url: "http://127.0.0.1:9/", events: [], mode });
  const started = await startReceiver(endpoint.secret);
  await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: started.url } });
  return started;
}

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true");
  resetEnvCache();
  account = await createTestAccount({
    workflows: [
      { name: "address", processes: ["ADDRESS_VERIFICATION"] },
      { name: "watchlist", processes: ["WATCHLIST_CHECK"] },
      { name: "address-watchlist", processes: ["ADDRESS_VERIFICATION", "WATCHLIST_CHECK"] },
      { name: "email", processes: ["EMAIL_CHECK"] },
      { name: "document", processes: ["DOCUMENT_VERIFICATION"], documentTypes: ["PASSPORT"] },
    ],
  });
  const key = await createApiKey(account.accountId, {
    name: "sandbox",
    scopes: ["verification:create", "verification:read", "verification:inputs"],
    mode: "test",
  });
  expect(key.key).toMatch(/^sk_test_/);
  testAuth = { token: key.key, clientId: account.clientId };
  liveReceiver = await receiver("live");
  testReceiver = await receiver("test");
});

afterAll(async () => {
  await liveReceiver?.close();
  await testReceiver?.close();
  vi.unstubAllEnvs();
  resetEnvCache();
});

const ADDRESS = (line: string) => [
  { fieldName: "ADDRESS_LINE", value: line, type: "TEXT" },
  { fieldName: "CITY", value: "Mountain View", type: "TEXT" },
  { fieldName: "PROVINCE", value: "CA", type: "TEXT" },
  { fieldName: "POSTAL_CODE", value: "94043", type: "TEXT" },
  { fieldName: "COUNTRY", value: "US", type: "TEXT" },
];
const PERSON = (name: string) => [
  { fieldName: "FULL_NAME", value: name, type: "TEXT" },
  { fieldName: "DATE_OF_BIRTH", value: "1990-01-01", type: "TEXT" },
];

async function run(
  workflow: string,
  inputs: unknown[],
  options: { metadata?: Record<string, unknown>; auth?: typeof testAuth } = {},
) {
  const auth = options.auth ?? testAuth;
  const started = await call(startRoute, "/api/v1/verifications", {
    ...auth,
    body: { flowId: account.workflows[workflow], metadata: { reference: randomUUID(), ...options.metadata } },
  });
  expect(started.status, started.text).toBe(201);
  const id = started.body.verificationId as string;
  const sent = await call(sendInputsRoute, `/api/v1/verifications/${id}/send-inputs`, { ...auth, body: { inputs } });
  expect(sent.status, sent.text).toBe(200);
  await processNow(id);
  return { id, status: (await call(statusRoute, `/api/v1/verifications/${id}/status`, auth)).body };
}

/**
 * Runs this verification's workflow and delivers its pending webhooks, here and now. Not a general worker: that
 * would also claim the jobs of the other test files that share the database.
 */
async function processNow(verificationId: string) {
  await runInProcess((d) => verificationRun(d, verificationId), inProcessDurable([0]));
  const deliveries = await prisma.webhookDelivery.findMany({
    where: { event: { verificationId }, status: "PENDING" },
    select: { id: true },
  });
  await Promise.all(deliveries.map((d) => attemptDelivery(d.id)));
}

async function eventsOf(id: string, which: typeof liveReceiver) {
  const deadline = Date.now() + 10_000;
  const names = () => which.received.filter((r) => r.json.verificationId === id).map((r) => r.json.eventName as string);
  while (!names().includes("verification_completed") && !names().includes("verification_abandoned")) {
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return names().sort();
}

describe("sandbox: the magic values of docs/sandbox.md", () => {
  it.each<[string, string, unknown[], Record<string, unknown>, string, string]>([
    ["address", "ADDRESS_LINE APPROVED", ADDRESS("APPROVED"), {}, "COMPLETED", "APPROVED"],
    ["address", "ADDRESS_LINE DECLINED", ADDRESS("DECLINED"), {}, "COMPLETED", "DECLINED"],
    ["address", "ADDRESS_LINE REVIEW", ADDRESS("review"), {}, "COMPLETED", "MANUAL_REVIEW"],
    ["address", "no magic value: APPROVED", ADDRESS("1600 Amphitheatre Pkwy"), {}, "COMPLETED", "APPROVED"],
    ["watchlist", "surname DECLINED", PERSON("Jane DECLINED"), {}, "COMPLETED", "DECLINED"],
    ["watchlist", "surname REVIEW", PERSON("Jane Review"), {}, "COMPLETED", "MANUAL_REVIEW"],
    ["watchlist", "surname APPROVED", PERSON("Jane Approved"), {}, "COMPLETED", "APPROVED"],
    [
      "address-watchlist",
      "metadata.sandbox per step",
      [...ADDRESS("1 Main St"), ...PERSON("Jane Doe")],
      { sandbox: { WATCHLIST_CHECK: "DECLINED" } },
      "COMPLETED",
      "DECLINED",
    ],
    [
      "address",
      "metadata.sandbox.outcome",
      ADDRESS("1 Main St"),
      { sandbox: { outcome: "REVIEW" } },
      "COMPLETED",
      "MANUAL_REVIEW",
    ],
  ])("%s workflow, %s", async (workflow, _what, inputs, metadata, status, result) => {
    const { id, status: read } = await run(workflow, inputs, { metadata });
    expect(read).toMatchObject({ status, result });
    const steps = await prisma.verificationStep.findMany({ where: { verificationId: id } });
    // no real check ran: the one check of every step is the sandbox's
    for (const step of steps) expect((step.checks as { name: string }[]).map((c) => c.name)).toEqual(["SANDBOX"]);
    const events = await eventsOf(id, testReceiver);
    expect(events).toEqual(
      expect.arrayContaining([
        "step_completed",
        "verification_completed",
        "verification_inputs_completed",
        "verification_started",
      ]),
    );
    expect(liveReceiver.received.some((r) => r.json.verificationId === id)).toBe(false);
  });

  it("FAILED: the step fails on every attempt, the engine retries, the verification ends FAILED", async () => {
    const { id, status } = await run("address", ADDRESS("FAILED"));
    expect(status).toMatchObject({ status: "FAILED" });
    const [step] = await prisma.verificationStep.findMany({ where: { verificationId: id } });
    expect(step).toMatchObject({ status: "FAILED", attempts: 3 });
    expect(await eventsOf(id, testReceiver)).toContain("verification_completed");
  }, 30_000);

  it("REVIEW decided in the dashboard, and a corrected document: verification_completed again, verification_data_updated", async () => {
    const inputs = [
      { fieldName: "DOCUMENT_COUNTRY", value: "DE", type: "TEXT" },
      { fieldName: "DOCUMENT_TYPE", value: "PASSPORT", type: "TEXT" },
      { fieldName: "DOCUMENT_FRONT", value: dataUrl(await jpeg(), "image/jpeg"), type: "FILE" },
    ];
    const { id, status } = await run("document", inputs, { metadata: { sandbox: { outcome: "REVIEW" } } });
    expect(status).toMatchObject({ status: "COMPLETED", result: "MANUAL_REVIEW" });
    const owner = ownerOf(account);
    await decideReview(owner, { verificationId: id, decision: "APPROVED", reason: "All checks verified manually" });
    const [step] = await prisma.verificationStep.findMany({ where: { verificationId: id } });
    await correctDocumentData(owner, { verificationId: id, stepId: step!.id, fields: { surname: "Mustermann" } });
    await processNow(id);
    const names = testReceiver.received.filter((r) => r.json.verificationId === id).map((r) => r.json.eventName);
    expect(names.filter((n) => n === "verification_completed")).toHaveLength(2);
    expect(names).toContain("verification_data_updated");
  });

  it("e-mail OTP: 000000 is right without any code sent, another code is refused", async () => {
    const started = await call(startRoute, "/api/v1/verifications", {
      ...testAuth,
      body: { flowId: account.workflows.email },
    });
    const id = started.body.verificationId;
    const send = (code: string) =>
      call(sendInputsRoute, `/api/v1/verifications/${id}/send-inputs`, {
        ...testAuth,
        body: {
          inputs: [
            { fieldName: "EMAIL", value: "sandbox@example.test", type: "TEXT" },
            { fieldName: "EMAIL_OTP", value: code, type: "TEXT" },
          ],
        },
      });
    const wrong = await send("123456");
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].message).toContain("000000");
    expect((await send("000000")).status).toBe(200);
  });

  it("fast-forward 24 h abandons an open test verification, with its event to test endpoints only", async () => {
    const started = await call(startRoute, "/api/v1/verifications", {
      ...testAuth,
      body: { flowId: account.workflows.address },
    });
    const id = started.body.verificationId;
    const forwarded = await call(fastForwardRoute, `/api/v1/sandbox/verifications/${id}/fast-forward`, {
      ...testAuth,
      method: "POST",
    });
    expect(forwarded.status, forwarded.text).toBe(200);
    expect(forwarded.body.status).toBe("ABANDONED");
    await processNow(id);
    expect(await eventsOf(id, testReceiver)).toContain("verification_abandoned");
    // again: it is final now
    const again = await call(fastForwardRoute, `/api/v1/sandbox/verifications/${id}/fast-forward`, {
      ...testAuth,
      method: "POST",
    });
    expect(again.status).toBe(409);

    // a live key may not, and a live verification is not the sandbox's to touch
    const live = await call(startRoute, "/api/v1/verifications", {
      ...account.auth,
      body: { flowId: account.workflows.address },
    });
    const byLiveKey = await call(fastForwardRoute, `/api/v1/sandbox/verifications/${id}/fast-forward`, {
      ...account.auth,
      method: "POST",
    });
    expect(byLiveKey.status).toBe(403);
    const onLive = await call(
      fastForwardRoute,
      `/api/v1/sandbox/verifications/${live.body.verificationId}/fast-forward`,
      {
        ...testAuth,
        method: "POST",
      },
    );
    expect(onLive.status).toBe(404);
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: live.body.verificationId } })).status).toBe(
      "PENDING",
    );
  });

  it("a key reads and feeds only verifications of its own mode: the other mode's id is a 404", async () => {
    const live = await call(startRoute, "/api/v1/verifications", {
      ...account.auth,
      body: { flowId: account.workflows.address },
    });
    const test = await call(startRoute, "/api/v1/verifications", {
      ...testAuth,
      body: { flowId: account.workflows.address },
    });
    const pairs = [
      [account.auth, test.body.verificationId, live.body.verificationId],
      [testAuth, live.body.verificationId, test.body.verificationId],
    ] as const;
    for (const [auth, other, own] of pairs) {
      for (const [path, readRoute] of [
        ["", verificationRoute],
        ["/status", statusRoute],
      ] as const) {
        const read = await call(readRoute, `/api/v1/verifications/${other}${path}`, { ...auth, method: "GET" });
        expect(read.status, `${path} of the other mode`).toBe(404);
        expect(read.body.error).toBe("VERIFICATION_NOT_FOUND");
        expect((await call(readRoute, `/api/v1/verifications/${own}${path}`, { ...auth, method: "GET" })).status).toBe(
          200,
        );
      }
      const fed = await call(sendInputsRoute, `/api/v1/verifications/${other}/send-inputs`, {
        ...auth,
        body: { inputs: [{ fieldName: "EMAIL", value: "a@example.test", type: "TEXT" }] },
      });
      expect(fed.status).toBe(404);
    }
    expect(await prisma.verificationInput.count({ where: { verificationId: test.body.verificationId } })).toBe(0);
    // the hosted page of a test verification says it is one
    expect((await loadHostedState(account.accountId, test.body.verificationId)).mode).toBe("test");
    expect((await loadHostedState(account.accountId, live.body.verificationId)).mode).toBe("live");
  });

  it("keeps live and test apart: webhooks, the dashboard's list and its counts", async () => {
    const { id: liveId, status } = await run("address", ADDRESS("DECLINED"), { auth: account.auth });
    // a live verification runs the real check: the magic word is just an address line there
    expect(status.status).toBe("COMPLETED");
    const liveSteps = await prisma.verificationStep.findMany({ where: { verificationId: liveId } });
    expect((liveSteps[0]!.checks as { name: string }[]).map((c) => c.name)).not.toContain("SANDBOX");
    expect(await eventsOf(liveId, liveReceiver)).toContain("verification_completed");
    expect(testReceiver.received.some((r) => r.json.verificationId === liveId)).toBe(false);

    const member = { accountId: account.accountId, role: "OWNER" as const };
    const livePage = await listVerifications(member, { mode: "live" });
    const testPage = await listVerifications(member, { mode: "test" }, 100);
    const modes = await prisma.verification.findMany({
      where: { id: { in: [...livePage.rows, ...testPage.rows].map((r) => r.id) } },
      select: { id: true, mode: true },
    });
    const modeOf = new Map(modes.map((m) => [m.id, m.mode]));
    expect(livePage.rows.map((r) => modeOf.get(r.id))).toEqual(livePage.rows.map(() => "live"));
    expect(testPage.rows.map((r) => modeOf.get(r.id))).toEqual(testPage.rows.map(() => "test"));
    expect(livePage.rows.map((r) => r.id)).toContain(liveId);

    const liveCount = await prisma.verification.count({ where: { accountId: account.accountId, mode: "live" } });
    const testCount = await prisma.verification.count({ where: { accountId: account.accountId, mode: "test" } });
    const liveStats = await overviewStats(account.accountId, new Date(), 30, "live");
    const testStats = await overviewStats(account.accountId, new Date(), 30, "test");
    expect(liveStats.funnel.started).toBe(liveCount);
    expect(testStats.funnel.started).toBe(testCount);
    expect(testCount).toBeGreaterThan(liveCount);
  });
});
