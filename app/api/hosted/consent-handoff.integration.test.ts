import { describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { clock } from "@/lib/core/clock";
import { sha256Hex } from "@/lib/core/crypto/hash";
import { prisma } from "@/lib/core/db";
import { CONSENT_TEXT_VERSION } from "@/lib/domain/hosted/consent-terms";
import { saveAccountLogo } from "@/lib/domain/hosted/account-logo";
import { loadVerificationDetail } from "@/lib/domain/verifications/load-verification-detail";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as emailOtpModule from "@/app/api/v1/workflows/[workflowId]/email-otp/route";
import * as stateModule from "@/app/api/hosted/state/route";
import * as consentModule from "@/app/api/hosted/consent/route";
import * as handoffModule from "@/app/api/hosted/handoff/route";
import * as redeemModule from "@/app/api/hosted/handoff/redeem/route";
import * as logoModule from "@/app/api/hosted/logo/[clientId]/route";
import { call, route } from "@/test/api-client";
import { countRows, createTestAccount, sessionTokenFor, startVerification } from "@/test/fixtures";

const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
const emailOtpRoute = route("/api/v1/workflows/[workflowId]/email-otp", emailOtpModule);
const stateRoute = route("/api/hosted/state", stateModule);
const consentRoute = route("/api/hosted/consent", consentModule);
const handoffRoute = route("/api/hosted/handoff", handoffModule);
const redeemRoute = route("/api/hosted/handoff/redeem", redeemModule);
const logoRoute = route("/api/hosted/logo/[clientId]", logoModule);

const ADDRESS = [
  { fieldName: "ADDRESS_LINE", type: "TEXT", value: "350 Fifth Avenue" },
  { fieldName: "CITY", type: "TEXT", value: "New York" },
  { fieldName: "POSTAL_CODE", type: "TEXT", value: "10118" },
  { fieldName: "COUNTRY", type: "TEXT", value: "US" },
];

const answer = (token: string, body: Record<string, unknown>, ip = "198.51.100.61") =>
  call(consentRoute, "/api/hosted/consent", {
    token,
    ip,
    body: { decision: "GIVEN", textVersion: CONSENT_TEXT_VERSION, language: "en", ...body },
  });

async function unconsentedSession(flow = "address-only") {
  const account = await createTestAccount();
  const started = await startVerification(account, flow);
  const token = await sessionTokenFor(started.verificationUrl, { consent: false });
  return { account, ...started, token };
}

describe("consent before inputs (POST /api/hosted/consent)", () => {
  it("refuses a session's inputs and e-mail codes with 409 CONSENT_REQUIRED, storing nothing; an API key is not asked", async () => {
    const { account, verificationId, token, flowId } = await unconsentedSession();
    const refused = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
      token,
      body: { inputs: ADDRESS },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("CONSENT_REQUIRED");
    expect((await countRows(verificationId)).inputs).toBe(0);

    const email = await unconsentedSession("email-check");
    const otp = await call(emailOtpRoute, `/api/v1/workflows/${email.flowId}/email-otp`, {
      token: email.token,
      body: { key: "person@example.com" },
    });
    expect(otp.status).toBe(409);
    expect(otp.body.error).toBe("CONSENT_REQUIRED");
    expect(await prisma.emailOtp.count({ where: { verificationId: email.verificationId } })).toBe(0);

    // the integrator collecting inputs server-side answers for its own consent: the API behaves as the spec says
    const byKey = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
      ...account.auth,
      body: { inputs: ADDRESS, complete: false },
    });
    expect(byKey.status).toBe(200);
    expect(flowId).toBeTruthy();
  });

  it("stores the consent (version, language, time, address, terms) with an audit entry; then inputs are accepted", async () => {
    const { account, verificationId, token } = await unconsentedSession();
    await prisma.account.update({
      where: { id: account.accountId },
      data: { retentionDays: 30, privacyNoticeUrl: "https://shop.example/privacy" },
    });
    const given = await answer(token, { language: "es" });
    expect(given.status).toBe(200);
    expect(given.body.consent).toMatchObject({ decision: "GIVEN" });
    expect(given.body).toMatchObject({
      retentionDays: 30,
      privacyNoticeUrl: "https://shop.example/privacy",
      biometricConsent: false,
    });

    const stored = await prisma.verificationConsent.findUniqueOrThrow({ where: { verificationId } });
    expect(stored).toMatchObject({
      accountId: account.accountId,
      decision: "GIVEN",
      textVersion: CONSENT_TEXT_VERSION,
      language: "es",
      biometric: false,
      ipAddress: "198.51.100.61",
      terms: {
        processes: ["ADDRESS_VERIFICATION"],
        retentionDays: 30,
        privacyNoticeUrl: "https://shop.example/privacy",
      },
    });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { accountId: account.accountId, targetId: verificationId, action: "verification.consent_given" },
    });
    expect(audit).toMatchObject({ actorType: "END_USER", data: { textVersion: CONSENT_TEXT_VERSION, language: "es" } });

    // the verification's dashboard page shows it, and its timeline the audit entry
    const detail = await loadVerificationDetail({ accountId: account.accountId, role: "REVIEWER" }, verificationId);
    expect(detail.consent).toMatchObject({ decision: "GIVEN", textVersion: CONSENT_TEXT_VERSION, language: "es" });
    expect(detail.audit.map((a) => [a.action, a.actor])).toEqual([["verification.consent_given", "end_user"]]);

    const sent = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
      token,
      body: { inputs: ADDRESS },
    });
    expect(sent.status).toBe(200);
  });

  it("needs the explicit biometric tick when the workflow takes a face, and the current text version", async () => {
    const { verificationId, token } = await unconsentedSession("full-kyc");
    const state = await call(stateRoute, "/api/hosted/state", { token });
    expect(state.body.biometricConsent).toBe(true);
    const noTick = await answer(token, { biometric: false });
    expect(noTick.status).toBe(400);
    expect(noTick.body.details).toEqual([expect.objectContaining({ field: "biometric" })]);
    const oldText = await answer(token, { biometric: true, textVersion: "2020-01-01.1" });
    expect(oldText.status).toBe(400);
    expect(oldText.body.details).toEqual([expect.objectContaining({ field: "textVersion" })]);
    expect(await prisma.verificationConsent.count({ where: { verificationId } })).toBe(0);

    expect((await answer(token, { biometric: true })).status).toBe(200);
    const stored = await prisma.verificationConsent.findUniqueOrThrow({ where: { verificationId } });
    expect(stored.biometric).toBe(true);
  });

  it("a decline ends the verification: ABANDONED, verification_abandoned with reason CONSENT_DECLINED, no more inputs", async () => {
    const { account, verificationId, token } = await unconsentedSession();
    const declined = await answer(token, { decision: "DECLINED" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "ABANDONED", consent: { decision: "DECLINED" } });

    const verification = await prisma.verification.findUniqueOrThrow({ where: { id: verificationId } });
    expect(verification.status).toBe("ABANDONED");
    expect(verification.completedAt).not.toBeNull();
    const event = await prisma.event.findFirstOrThrow({ where: { verificationId, name: "verification_abandoned" } });
    // the stale sweep's shape, plus the reason (as EXPIRED carries its own)
    expect(event.payload).toMatchObject({
      eventName: "verification_abandoned",
      verificationStatus: "ABANDONED",
      reason: "CONSENT_DECLINED",
      resource: `/api/v1/verifications/${verificationId}`,
      verificationId,
    });
    const status = await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth);
    expect(status.body.status).toBe("ABANDONED");
    expect(
      await prisma.auditLog.count({ where: { targetId: verificationId, action: "verification.consent_declined" } }),
    ).toBe(1);

    const late = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
      token,
      body: { inputs: ADDRESS },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("INVALID_STATE");
    expect((await answer(token, {})).status).toBe(409);
  });

  it("is the end user's alone: an API key gets 403; a malformed answer is 400", async () => {
    const { account, token } = await unconsentedSession();
    const byKey = await call(consentRoute, "/api/hosted/consent", {
      ...account.auth,
      body: { decision: "GIVEN", textVersion: CONSENT_TEXT_VERSION, language: "en" },
    });
    expect(byKey.status).toBe(403);
    expect((await answer(token, { decision: "MAYBE" })).status).toBe(400);
    expect((await answer(token, { language: "<script>" })).status).toBe(400);
  });
});

describe("continue on the phone (handoff codes)", () => {
  const redeem = (code: string) => {
    const form = new FormData();
    form.set("code", code);
    return call(redeemRoute, "/api/hosted/handoff/redeem", { body: form });
  };

  it("a one-time code, stored hashed, that opens the verification on the phone once and shows up on the desktop", async () => {
    const { verificationId, token } = await unconsentedSession();
    const created = await call(handoffRoute, "/api/hosted/handoff", { token, method: "POST" });
    expect(created.status).toBe(201);
    const { code, url, expiresAt } = created.body;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(url).toMatch(new RegExp(`/h/${code}$`));
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const row = await prisma.handoffToken.findFirstOrThrow({ where: { verificationId } });
    expect(row.tokenHash).toBe(sha256Hex(code.replace(/-/g, "")));
    expect(JSON.stringify(row)).not.toContain(code.replace(/-/g, ""));
    expect((await call(stateRoute, "/api/hosted/state", { token })).body.handoff).toMatchObject({ state: "WAITING" });

    // typed by hand: lower case, without dashes
    const opened = await redeem(code.replace(/-/g, "").toLowerCase());
    expect(opened.status).toBe(303);
    const location = opened.headers.get("location")!;
    expect(location).toMatch(/^\/verify\?/);
    const resume = new URL(location, "http://phone.test");
    expect(resume.searchParams.get("verificationId")).toBe(verificationId);
    // the phone has a session of its own, without the desktop's
    const phoneToken = await sessionTokenFor(resume.toString(), { consent: false });
    expect((await call(stateRoute, "/api/hosted/state", { token: phoneToken })).body.verificationId).toBe(
      verificationId,
    );
    expect((await call(stateRoute, "/api/hosted/state", { token })).body.handoff).toMatchObject({ state: "OPENED" });

    const again = await redeem(code);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toContain("error=used");
  });

  it("expires after 15 minutes; a new code voids the unused one; an API key or a finished verification gets none", async () => {
    const { account, verificationId, token } = await unconsentedSession();
    const first = (await call(handoffRoute, "/api/hosted/handoff", { token, method: "POST" })).body.code;
    const second = (await call(handoffRoute, "/api/hosted/handoff", { token, method: "POST" })).body.code;
    expect((await redeem(first)).headers.get("location")).toContain("error=used");

    vi.spyOn(clock, "now").mockReturnValue(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await redeem(second)).headers.get("location")).toContain("error=used");
    } finally {
      vi.restoreAllMocks();
    }
    expect((await redeem("not-a-code")).headers.get("location")).toContain("error=unknown");

    expect((await call(handoffRoute, "/api/hosted/handoff", { ...account.auth, method: "POST" })).status).toBe(403);
    await prisma.verification.update({ where: { id: verificationId }, data: { status: "ABANDONED" } });
    expect((await call(handoffRoute, "/api/hosted/handoff", { token, method: "POST" })).status).toBe(409);
  });
});

describe("the finish screen's words and result, and the logo (account settings)", () => {
  it("keeps the result from the page when the account says so, and carries the account's next-steps text", async () => {
    const { account, verificationId, token } = await unconsentedSession();
    await prisma.verification.update({
      where: { id: verificationId },
      data: { status: "COMPLETED", result: "APPROVED", completedAt: new Date() },
    });
    await prisma.account.update({
      where: { id: account.accountId },
      data: { finishMessage: "We will e-mail you within 2 working days.", showResultToEndUser: false },
    });
    const hidden = (await call(stateRoute, "/api/hosted/state", { token })).body;
    expect(hidden).toMatchObject({ status: "COMPLETED", result: null, showResult: false });
    expect(hidden.finishMessage).toBe("We will e-mail you within 2 working days.");

    await prisma.account.update({ where: { id: account.accountId }, data: { showResultToEndUser: true } });
    expect((await call(stateRoute, "/api/hosted/state", { token })).body).toMatchObject({
      result: "APPROVED",
      showResult: true,
    });
  });

  it("serves an uploaded logo re-encoded as a small PNG from this origin; refuses what is not an image", async () => {
    const { account, token } = await unconsentedSession();
    const owner = await prisma.membership.findFirstOrThrow({
      where: { accountId: account.accountId },
      select: { accountId: true, userId: true, role: true },
    });
    const big = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#c00" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: "someone" } } })
      .toBuffer();
    await saveAccountLogo(owner, new Uint8Array(big));
    const state = (await call(stateRoute, "/api/hosted/state", { token })).body;
    expect(state.logoUrl).toMatch(new RegExp(`^/api/hosted/logo/${encodeURIComponent(account.clientId)}\\?v=\\d+$`));
    const logo = await call(logoRoute, state.logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    const served = await prisma.accountLogo.findUniqueOrThrow({ where: { accountId: account.accountId } });
    const meta = await sharp(Buffer.from(served.bytes)).metadata();
    expect(meta).toMatchObject({ format: "png", width: 256, height: 128 });
    expect(meta.exif).toBeUndefined();

    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(saveAccountLogo(owner, svg)).rejects.toThrow(/PNG, JPEG or WebP/);
    expect((await call(logoRoute, "/api/hosted/logo/no-such-client")).status).toBe(404);
  });
});
