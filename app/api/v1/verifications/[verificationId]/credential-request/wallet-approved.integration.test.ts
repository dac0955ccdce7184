import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/core/db";
import { resetEnvCache } from "@/lib/core/env";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { sandboxIssuer } from "@/lib/domain/credentials/trust-anchors";
import {
  answerAsTestWallet,
  createTestIssuer,
  issueTestCredential,
  SAMPLE_PEOPLE,
  type TestIssuer,
} from "@/lib/engines/credentials/test-kit";
import { call, route } from "@/test/api-client";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import { ownerOf } from "@/test/dashboard-fixtures";
import { listVerifications, ListFiltersSchema } from "@/lib/domain/verifications/list-verifications";
import { createTestAccount, sessionTokenFor, type TestAccount } from "@/test/fixtures";
import { startReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import {
  checkResult,
  credentialRequest,
  present,
  requestsOf,
  processNow,
  sendInputsRoute,
  start,
  startRoute,
  testWalletRoute,
  type Auth,
} from "@/test/wallet-fixtures";

// Issue 34, through the API as an integrator's own front end uses it: a verification with DIGITAL_CREDENTIAL is
// APPROVED from a test mDL, a test PID mdoc and a test PID SD-JWT VC of an issuer whose root the operator put in
// CREDENTIAL_TRUST_ANCHORS_DIR; the data reaches the record and the webhooks. The sandbox's issuer is trusted in
// test mode only.

const HOSTED_ORIGIN = "http://localhost:3000";
const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);
let account: TestAccount;
let operatorIssuer: TestIssuer;
let anchorsDir: string;
let receiver: WebhookReceiver;
let testAuth: Auth;

beforeAll(async () => {
  operatorIssuer = await createTestIssuer({ name: "Operator-trusted test DMV", country: "US" });
  anchorsDir = await mkdtemp(path.join(tmpdir(), "anchors-"));
  await writeFile(path.join(anchorsDir, "dmv-iaca.pem"), operatorIssuer.rootPem);
  vi.stubEnv("CREDENTIAL_TRUST_ANCHORS_DIR", anchorsDir);
  vi.stubEnv("PUBLIC_URL", HOSTED_ORIGIN);
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true");
  resetEnvCache();
  account = await createTestAccount({
    workflows: [
      { name: "wallet", processes: ["DIGITAL_CREDENTIAL"] },
      { name: "wallet-or-document", processes: ["DOCUMENT_VERIFICATION", "DIGITAL_CREDENTIAL"] },
      {
        name: "own-front-end",
        processes: ["DIGITAL_CREDENTIAL"],
        settings: {
          CREDENTIAL_ORIGINS: ["https://shop.example.com"],
          CREDENTIAL_CLAIMS: ["given_name", "age_over_18"],
        },
      },
    ],
  });
  const endpoint = await createWebhookEndpoint(account.accountId, { url: "http://127.0.0.1:9/", events: [] });
  receiver = await startReceiver(endpoint.secret);
  await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: receiver.url } });
  const key = await createApiKey(account.accountId, {
    name: "sandbox",
    scopes: ["verification:create", "verification:read", "verification:inputs"],
    mode: "test",
  });
  testAuth = { token: key.key, clientId: account.clientId };
});

afterAll(async () => {
  await receiver?.close();
  await rm(anchorsDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
  resetEnvCache();
});

async function webhooksOf(id: string) {
  const deadline = Date.now() + 10_000;
  const of = () => receiver.received.filter((r) => r.json.verificationId === id);
  while (!of().some((r) => r.json.eventName === "verification_completed") && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return of().map((r) => r.json as Record<string, unknown>);
}

describe("DIGITAL_CREDENTIAL approves a genuine credential of a trusted issuer", () => {
  it.each([
    ["MDL", "mso_mdoc"],
    ["EU_PID_MDOC", "mso_mdoc"],
    ["EU_PID_SD_JWT", "dc+sd-jwt"],
  ] as const)("%s (%s): APPROVED, document fields and the credential in data and webhooks", async (kind, format) => {
    const id = await start(account.auth, account.workflows.wallet!);
    const requests = await requestsOf(account.auth, id);
    const credential = await issueTestCredential(operatorIssuer, kind, SAMPLE_PEOPLE.erika);
    const answer = await answerAsTestWallet(requests, credential, { origin: HOSTED_ORIGIN });
    const { record, data, checks } = await present(account.auth, id, answer);

    expect(record).toMatchObject({ status: "COMPLETED", result: "APPROVED" });
    for (const name of ["ISSUER_TRUSTED", "ISSUER_SIGNATURE", "ELEMENTS_INTACT", "NONCE", "AUDIENCE"])
      expect(checkResult(checks, name), name).toBe("PASSED");
    expect(data).toMatchObject({
      full_name: "Erika Mustermann",
      date_of_birth: "1984-08-12",
      document_number: "T22000129",
      expiry_date: "2031-10-31",
      verified_from: "SIGNED_CREDENTIAL",
      credential: { kind, format, issuer: { name: expect.stringContaining("Operator-trusted") } },
      credential_failure: null,
    });
    expect((data.credential as { disclosed: string[] }).disclosed).toEqual(
      expect.arrayContaining(["given_name", "family_name", "birth_date", "document_number", "expiry_date", "portrait"]),
    );
    // the portrait is a file of the verification, as the face matches read it
    const portrait = await prisma.verificationInput.findUnique({
      where: { verificationId_fieldName: { verificationId: id, fieldName: "CREDENTIAL_PORTRAIT" } },
      select: { fileId: true, file: { select: { contentType: true } } },
    });
    expect(portrait?.fileId).toBe(data.portrait_file_id);
    expect(portrait?.file?.contentType).toMatch(/^image\//);

    const hooks = await webhooksOf(id);
    expect(hooks.find((h) => h.eventName === "verification_completed")).toMatchObject({
      verificationStatus: "SUCCESS",
      result: "APPROVED",
    });
    expect(hooks.find((h) => h.eventName === "step_completed")).toMatchObject({
      id: "DIGITAL_CREDENTIAL",
      data: { full_name: "Erika Mustermann", credential: { kind } },
    });
  });

  it("the dashboard's search finds a verification by the name and document number its credential gave", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const credential = await issueTestCredential(operatorIssuer, "MDL", SAMPLE_PEOPLE.jordan);
    const answer = await answerAsTestWallet(await requestsOf(account.auth, id), credential, { origin: HOSTED_ORIGIN });
    await present(account.auth, id, answer);
    const found = async (q: string) =>
      (await listVerifications(ownerOf(account), ListFiltersSchema.parse({ q }))).rows.map((r) => r.id);
    expect(await found("Jordan Sample")).toContain(id);
    expect(await found("D1234567")).toContain(id);
  });

  it("asks for the workflow's claims only, for a front end of an origin the workflow names", async () => {
    const id = await start(account.auth, account.workflows["own-front-end"]!);
    const refused = await credentialRequest(account.auth, id, { origin: "https://evil.example.com" });
    expect(refused.status, refused.text).toBe(400);
    const granted = await credentialRequest(account.auth, id, { origin: "https://shop.example.com" });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.origin).toBe("https://shop.example.com");
    const credential = await issueTestCredential(operatorIssuer, "EU_PID_SD_JWT", SAMPLE_PEOPLE.jordan);
    const answer = await answerAsTestWallet(granted.body.requests, credential, { origin: "https://shop.example.com" });
    const { record, data } = await present(account.auth, id, answer);
    expect(record.result).toBe("APPROVED");
    expect((data.credential as { disclosed: string[] }).disclosed.sort()).toEqual(["age_over_18", "given_name"]);
    expect(data).toMatchObject({ given_names: "Jordan", surname: null, date_of_birth: null, age_over_18: true });
  });

  it("beside a document step, the wallet's answer alone completes it: the document step is not run", async () => {
    const id = await start(account.auth, account.workflows["wallet-or-document"]!);
    const before = await call(statusRoute, `/api/v1/verifications/${id}/status`, account.auth);
    expect((before.body.missingInputs as { fieldName: string }[]).map((f) => f.fieldName)).toEqual([
      "DOCUMENT_COUNTRY",
      "DOCUMENT_TYPE",
      "DOCUMENT_FRONT",
    ]);
    const credential = await issueTestCredential(operatorIssuer, "EU_PID_MDOC", SAMPLE_PEOPLE.erika);
    const answer = await answerAsTestWallet(await requestsOf(account.auth, id), credential, { origin: HOSTED_ORIGIN });
    const { record } = await present(account.auth, id, answer);
    expect(record).toMatchObject({ status: "COMPLETED", result: "APPROVED" });
    expect((record.steps as { stepId: string }[]).map((s) => s.stepId)).toEqual(["DIGITAL_CREDENTIAL"]);
  });

  it("a claim the holder declines to share: MANUAL_REVIEW, not a decline", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const requests = await requestsOf(account.auth, id);
    const credential = await issueTestCredential(operatorIssuer, "MDL", SAMPLE_PEOPLE.erika);
    const answer = await answerAsTestWallet(requests, credential, { origin: HOSTED_ORIGIN, decline: ["portrait"] });
    const { record, checks } = await present(account.auth, id, answer);
    expect(record.result).toBe("MANUAL_REVIEW");
    expect(checkResult(checks, "CLAIMS_DISCLOSED")).toBe("REVIEW");
  });
});

describe("the sandbox's test issuer", () => {
  it("is trusted for a test verification, and its test wallet answers through the API", async () => {
    const id = await start(testAuth, account.workflows.wallet!);
    await requestsOf(testAuth, id);
    const answered = await call(testWalletRoute, `/api/v1/sandbox/verifications/${id}/test-wallet`, {
      ...testAuth,
      body: { kind: "EU_PID_MDOC" },
    });
    expect(answered.status, answered.text).toBe(200);
    const { record, data, checks } = await present(testAuth, id, answered.body.data);
    expect(record.result).toBe("APPROVED");
    // the real check ran (no SANDBOX magic): the sandbox issuer chained to its root
    expect(checkResult(checks, "ISSUER_TRUSTED")).toBe("PASSED");
    expect(data).toMatchObject({ full_name: "Erika Mustermann", credential: { kind: "EU_PID_MDOC" } });
  });

  it("the hosted page's path: its session asks for the request and the test wallet, and sends the answer", async () => {
    const started = await call(startRoute, "/api/v1/verifications", {
      ...testAuth,
      body: { flowId: account.workflows.wallet, metadata: {} },
    });
    expect(started.status, started.text).toBe(201);
    const id = started.body.verificationId as string;
    const session = { token: await sessionTokenFor(started.body.verificationUrl as string), clientId: "" };
    const asked = await credentialRequest(session, id);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.origin).toBe(HOSTED_ORIGIN);
    // a session reaches its own verification only
    const other = await start(testAuth, account.workflows.wallet!);
    expect((await credentialRequest(session, other)).status).toBe(404);
    const answered = await call(testWalletRoute, `/api/v1/sandbox/verifications/${id}/test-wallet`, {
      ...session,
      body: {},
    });
    expect(answered.status, answered.text).toBe(200);
    const sent = await call(sendInputsRoute, `/api/v1/verifications/${id}/send-inputs`, {
      ...session,
      body: { inputs: [{ fieldName: "DIGITAL_CREDENTIAL", type: "TEXT", value: JSON.stringify(answered.body) }] },
    });
    expect(sent.status, sent.text).toBe(200);
    await processNow(id);
    const row = await prisma.verification.findUniqueOrThrow({ where: { id }, select: { result: true } });
    expect(row.result).toBe("APPROVED");
  });

  it("is never trusted in live mode, and the test wallet refuses live verifications", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const requests = await requestsOf(account.auth, id);
    const refused = await call(testWalletRoute, `/api/v1/sandbox/verifications/${id}/test-wallet`, {
      ...account.auth,
      body: {},
    });
    expect(refused.status, refused.text).toBe(403);
    const credential = await issueTestCredential(await sandboxIssuer(), "MDL", SAMPLE_PEOPLE.erika);
    const answer = await answerAsTestWallet(requests, credential, { origin: HOSTED_ORIGIN });
    const { record, data, checks } = await present(account.auth, id, answer);
    expect(record.result).toBe("DECLINED");
    expect(checkResult(checks, "ISSUER_TRUSTED")).toBe("FAILED");
    expect(data.credential_failure).toBe("UNKNOWN_ISSUER");
  });
});
