import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as emailOtpModule from "@/app/api/v1/workflows/[workflowId]/email-otp/route";
import { call, route } from "@/test/api-client";
import {
  createTestAccount,
  latestOutboxCode,
  sessionTokenFor,
  startVerification,
  type TestAccount,
} from "@/test/fixtures";

const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
const emailOtpRoute = route("/api/v1/workflows/[workflowId]/email-otp", emailOtpModule);

let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  account = await createTestAccount({
    workflows: [
      { name: "email", processes: ["EMAIL_CHECK"] },
      { name: "address", processes: ["ADDRESS_VERIFICATION"] },
    ],
  });
  other = await createTestAccount({ workflows: [{ name: "email", processes: ["EMAIL_CHECK"] }] });
});

afterEach(() => vi.restoreAllMocks());

const freshEmail = () => `user-${randomUUID()}@example.test`;
const requestOtp = (
  workflowId: string | undefined,
  body: unknown,
  auth: { token?: string; clientId?: string } = account.auth,
) => call(emailOtpRoute, `/api/v1/workflows/${workflowId}/email-otp`, { ...auth, body });
const sendCode = (
  verificationId: string,
  email: string,
  code: string,
  auth: { token?: string; clientId?: string } = account.auth,
) =>
  call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
    ...auth,
    body: {
      inputs: [
        { fieldName: "EMAIL", value: email, type: "TEXT" },
        { fieldName: "EMAIL_OTP", value: code, type: "TEXT" },
      ],
    },
  });
const at = (ms: number) => vi.spyOn(clock, "now").mockReturnValue(new Date(ms));

describe("POST /api/v1/workflows/{workflowId}/email-otp", () => {
  it("mails a 6-digit code (204), stores only hashes, and the code completes the EMAIL_CHECK inputs once", async () => {
    const email = freshEmail();
    const { verificationId } = await startVerification(account, "email");
    const response = await requestOtp(account.workflows.email, { key: email, verificationId });
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    const code = await latestOutboxCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const row = await prisma.emailOtp.findFirstOrThrow({ where: { verificationId } });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(email);
    expect((await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth)).body.status).toBe(
      "INITIATED",
    );

    const ok = await sendCode(verificationId, email, code);
    expect(ok.status).toBe(200);
    expect((await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth)).body.status).toBe(
      "PROCESSING",
    );
    // single use: another verification cannot reuse it
    const second = await startVerification(account, "email");
    const reuse = await sendCode(second.verificationId, email, code);
    expect(reuse.status).toBe(400);
    expect(reuse.body.details).toEqual([expect.objectContaining({ field: "EMAIL_OTP" })]);
  });

  it("refuses a wrong code with attempts left, and kills the code after 5 wrong attempts", async () => {
    const email = freshEmail();
    const { verificationId } = await startVerification(account, "email");
    await requestOtp(account.workflows.email, { key: email, verificationId });
    const code = await latestOutboxCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await sendCode(verificationId, email, wrong);
    expect(first.status).toBe(400);
    expect(first.body.details[0].message).toContain("4 attempts left");
    for (let i = 0; i < 4; i++) await sendCode(verificationId, email, wrong);
    const right = await sendCode(verificationId, email, code);
    expect(right.status).toBe(400);
    expect(right.body.details[0].message).toContain("Too many wrong attempts");
    expect(await prisma.verificationInput.count({ where: { verificationId } })).toBe(0);
  });

  it("expires codes after 10 minutes", async () => {
    const email = freshEmail();
    const now = Date.now();
    at(now);
    const { verificationId } = await startVerification(account, "email");
    await requestOtp(account.workflows.email, { key: email, verificationId });
    const code = await latestOutboxCode(email);
    at(now + 10 * 60_000 + 1);
    const late = await sendCode(verificationId, email, code);
    expect(late.status).toBe(400);
    expect(late.body.details[0].message).toContain("expired");
    at(now + 9 * 60_000);
    expect((await sendCode(verificationId, email, code)).status).toBe(200);
  });

  it("a new code replaces the previous one", async () => {
    const email = freshEmail();
    const { verificationId } = await startVerification(account, "email");
    await requestOtp(account.workflows.email, { key: email, verificationId });
    const old = await latestOutboxCode(email);
    // two random 6-digit codes are equal once in a million: ask again then, so the assertion below always runs
    let fresh = old;
    for (let i = 0; i < 3 && fresh === old; i++) {
      await new Promise((r) => setTimeout(r, 5));
      await requestOtp(account.workflows.email, { key: email, verificationId });
      fresh = await latestOutboxCode(email);
    }
    expect(fresh).not.toBe(old);
    expect((await sendCode(verificationId, email, old)).status).toBe(400);
    expect((await sendCode(verificationId, email, fresh)).status).toBe(200);
  });

  it("allows 5 requests per address per hour in an account, then 429 OTP_RATE_LIMITED with Retry-After", async () => {
    const email = freshEmail();
    const now = Date.now();
    at(now);
    for (let i = 0; i < 5; i++) expect((await requestOtp(account.workflows.email, { key: email })).status).toBe(204);
    const limited = await requestOtp(account.workflows.email, { key: email.toUpperCase() });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("OTP_RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3500);
    // the limit is per address within the account: another tenant cannot lock the address out for this one, nor
    // this one for another (issue 33)
    expect((await requestOtp(other.workflows.email, { key: email }, other.auth)).status).toBe(204);
    expect((await requestOtp(account.workflows.email, { key: freshEmail() })).status).toBe(204);
    at(now + 3_600_000 + 1000);
    expect((await requestOtp(account.workflows.email, { key: email })).status).toBe(204);
  });

  it("works with the verification's session token and marks the verification INITIATED", async () => {
    const email = freshEmail();
    const { verificationId, verificationUrl } = await startVerification(account, "email");
    await prisma.verification.update({ where: { id: verificationId }, data: { status: "PENDING" } });
    const token = await sessionTokenFor(verificationUrl);
    await prisma.verification.update({ where: { id: verificationId }, data: { status: "PENDING" } });
    expect((await requestOtp(account.workflows.email, { key: email }, { token })).status).toBe(204);
    expect((await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } })).status).toBe("INITIATED");
    expect((await sendCode(verificationId, email, await latestOutboxCode(email), { token })).status).toBe(200);
    // a session token of this workflow cannot request codes for another workflow
    const foreign = await requestOtp(other.workflows.email, { key: email }, { token });
    expect(foreign.status).toBe(404);
  });

  it.each([
    ["another account's workflow", () => other.workflows.email, 404, "WORKFLOW_NOT_FOUND"],
    ["an unknown workflow", () => randomUUID(), 404, "WORKFLOW_NOT_FOUND"],
    ["a malformed id", () => "abc", 404, "WORKFLOW_NOT_FOUND"],
    ["a workflow without EMAIL_CHECK", () => account.workflows.address, 400, "VALIDATION_ERROR"],
  ])("refuses %s", async (_, workflowId, status, code) => {
    const response = await requestOtp(workflowId(), { key: freshEmail() });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(code);
  });

  it.each([
    ["a missing key", {}],
    ["a key that is not an e-mail address", { key: "not-an-email" }],
    ["a verificationId that is not a UUID", { key: "a@b.test", verificationId: "x" }],
  ])("refuses %s with VALIDATION_ERROR and mails nothing", async (_, body) => {
    const before = await prisma.outboxEmail.count();
    const response = await requestOtp(account.workflows.email, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("VALIDATION_ERROR");
    expect(await prisma.outboxEmail.count()).toBe(before);
  });

  it("needs verification:inputs", async () => {
    const response = await requestOtp(account.workflows.email, { key: freshEmail() }, account.as(account.keys.read));
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("INSUFFICIENT_PERMISSIONS");
    expect((await requestOtp(account.workflows.email, { key: freshEmail() }, {})).status).toBe(401);
  });

  it("refuses a verification of another account as VERIFICATION_NOT_FOUND", async () => {
    const theirs = await startVerification(other, "email");
    const response = await requestOtp(account.workflows.email, {
      key: freshEmail(),
      verificationId: theirs.verificationId,
    });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("VERIFICATION_NOT_FOUND");
  });
});

describe("OTP limits and binding (issue 12)", () => {
  it("a code sent for one verification does not complete another, even with the same e-mail", async () => {
    const email = freshEmail();
    const a = await startVerification(account, "email");
    const b = await startVerification(account, "email");
    expect((await requestOtp(account.workflows.email, { key: email, verificationId: a.verificationId })).status).toBe(
      204,
    );
    const code = await latestOutboxCode(email);
    const wrongPlace = await sendCode(b.verificationId, email, code);
    expect(wrongPlace.status).toBe(400);
    expect(wrongPlace.body.details).toEqual([
      { field: "EMAIL_OTP", message: expect.stringMatching(/No code was requested/) },
    ]);
    // another verification asking a code for the same address does not void A's
    expect((await requestOtp(account.workflows.email, { key: email, verificationId: b.verificationId })).status).toBe(
      204,
    );
    expect((await sendCode(a.verificationId, email, code)).status).toBe(200);
  });

  it("limits codes per verification, whatever the addresses", async () => {
    const { verificationId } = await startVerification(account, "email");
    for (let i = 0; i < 5; i++)
      expect((await requestOtp(account.workflows.email, { key: freshEmail(), verificationId })).status).toBe(204);
    const limited = await requestOtp(account.workflows.email, { key: freshEmail(), verificationId });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("OTP_RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits the hosted page's requests per client address, across verifications and e-mails", async () => {
    const ip = `198.18.7.${Math.floor(Math.random() * 250)}`;
    let sent = 0;
    let refused: { status: number; body: { error: string } } | undefined;
    for (let i = 0; i < 6 && !refused; i++) {
      const { verificationId, verificationUrl } = await startVerification(account, "email");
      const token = await sessionTokenFor(verificationUrl);
      for (let j = 0; j < 2 && !refused; j++) {
        const response = await call(emailOtpRoute, `/api/v1/workflows/${account.workflows.email}/email-otp`, {
          token,
          ip,
          body: { key: freshEmail(), verificationId },
        });
        if (response.status === 204) sent++;
        else refused = response;
      }
    }
    expect(sent).toBe(10);
    expect(refused).toMatchObject({ status: 429, body: { error: "OTP_RATE_LIMITED" } });
  });
});
