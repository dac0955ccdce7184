import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as linksModule from "@/app/api/v1/workflows/[workflowId]/links/route";
import * as hostedStartModule from "@/app/api/hosted/start/route";
import * as stateModule from "@/app/api/hosted/state/route";
import * as addressFormatModule from "@/app/api/hosted/address-format/[country]/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, sessionTokenFor, startVerification } from "@/test/fixtures";
import type { WorkflowDefinition } from "@/lib/domain/flows/publish-workflow";

const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);
const linksRoute = route("/api/v1/workflows/[workflowId]/links", linksModule);
const hostedStartRoute = route("/api/hosted/start", hostedStartModule);
const stateRoute = route("/api/hosted/state", stateModule);
const addressFormatRoute = route("/api/hosted/address-format/[country]", addressFormatModule);

const workflows: WorkflowDefinition[] = [
  {
    name: "doc",
    processes: ["DOCUMENT_VERIFICATION", "ADDRESS_VERIFICATION"],
    documentTypes: ["PASSPORT", "NATIONAL_ID"],
    settings: { GALLERY_RESTRICTION: true, ALLOWED_COUNTRIES: ["DE", "FR"] },
    // these tests start from unsigned links too (issue 33: off for new workflows)
    acceptUnsignedLinks: true,
  },
];

describe("POST /api/hosted/start (a shareable /verify link)", () => {
  it("starts a verification of the link's workflow, opened, with a session and a resumable verificationUrl", async () => {
    const account = await createTestAccount({ workflows });
    await prisma.account.update({ where: { id: account.accountId }, data: { allowedRedirectHosts: ["shop.example"] } });
    const metadata = JSON.stringify({
      reference: "order-7",
      ipAddress: "8.8.8.8",
      redirectUrl: "https://shop.example/done",
    });
    const response = await call(hostedStartRoute, "/api/hosted/start", {
      body: { flowId: account.workflows.doc, clientId: account.clientId, metadata },
      ip: "198.51.100.23",
    });
    expect(response.status).toBe(201);
    const { session, state, verifyUrl } = response.body;
    expect(session.sessionToken).toMatch(/^vst_/);
    expect(state).toMatchObject({
      flowId: account.workflows.doc,
      status: "INITIATED",
      supplied: [],
      galleryAllowed: false,
      addressCountries: ["DE", "FR"],
      redirectUrl: "https://shop.example/done",
    });
    expect(state.missing).toEqual(["DOCUMENT_COUNTRY", "DOCUMENT_TYPE", "DOCUMENT_FRONT", "ADDRESS_LINE", "COUNTRY"]);
    const url = new URL(verifyUrl);
    expect(url.searchParams.get("verificationId")).toBe(state.verificationId);
    expect(url.searchParams.get("token")).toBeTruthy();

    const stored = await prisma.verification.findUniqueOrThrow({
      where: { id: state.verificationId },
      select: { accountId: true, status: true, ipAddress: true, metadata: true },
    });
    expect(stored.accountId).toBe(account.accountId);
    // anyone can edit a link: the device's address is recorded, not the link's ipAddress
    expect(stored.ipAddress).toBe("198.51.100.23");
    expect(stored.metadata).toEqual({ reference: "order-7", redirectUrl: "https://shop.example/done" });
  });

  it("drops userId and email from an unsigned link: a forged userId does not join the victim's identity", async () => {
    const account = await createTestAccount({ workflows });
    const victim = await startVerification(account, "doc", { userId: "victim-42", email: "victim@example.com" });
    const metadata = JSON.stringify({ userId: "victim-42", email: "attacker@example.com", reference: "kept" });
    const response = await call(hostedStartRoute, "/api/hosted/start", {
      body: { flowId: account.workflows.doc, clientId: account.clientId, metadata },
      ip: "198.51.100.24",
    });
    expect(response.status).toBe(201);
    const stored = await prisma.verification.findUniqueOrThrow({
      where: { id: response.body.state.verificationId },
      select: { identityId: true, metadata: true },
    });
    expect(stored.metadata).toEqual({ reference: "kept" });
    expect(stored.identityId).not.toBe(victim.identityId);
  });

  it("a signed link (POST /api/v1/workflows/{id}/links) keeps its user; a tampered one is refused, creating nothing", async () => {
    const account = await createTestAccount({ workflows });
    const victim = await startVerification(account, "doc", { userId: "user-7" });
    const minted = await call(linksRoute, `/api/v1/workflows/${account.workflows.doc}/links`, {
      ...account.auth,
      body: { metadata: { userId: "user-7", reference: "signed" } },
    });
    expect(minted.status).toBe(201);
    const link = new URL(minted.body.url);
    expect(link.searchParams.get("sig")).toMatch(/^[0-9a-f]{64}$/);
    const body = {
      flowId: link.searchParams.get("flowId"),
      clientId: link.searchParams.get("clientId"),
      metadata: link.searchParams.get("metadata"),
      sig: link.searchParams.get("sig"),
      exp: link.searchParams.get("exp"),
    };
    const started = await call(hostedStartRoute, "/api/hosted/start", { body, ip: "198.51.100.25" });
    expect(started.status).toBe(201);
    const stored = await prisma.verification.findUniqueOrThrow({
      where: { id: started.body.state.verificationId },
      select: { identityId: true, metadata: true },
    });
    expect(stored).toEqual({ identityId: victim.identityId, metadata: { userId: "user-7", reference: "signed" } });

    const before = await prisma.verification.count({ where: { accountId: account.accountId } });
    const tampered = await call(hostedStartRoute, "/api/hosted/start", {
      body: { ...body, metadata: JSON.stringify({ userId: "someone-else", reference: "signed" }) },
      ip: "198.51.100.25",
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toBe("INVALID_LINK_SIGNATURE");
    const badSig = await call(hostedStartRoute, "/api/hosted/start", {
      body: { ...body, sig: "0".repeat(64) },
      ip: "198.51.100.25",
    });
    expect(badSig.body.error).toBe("INVALID_LINK_SIGNATURE");
    expect(await prisma.verification.count({ where: { accountId: account.accountId } })).toBe(before);
    // another account's key cannot mint a link to this workflow
    const other = await createTestAccount({ workflows });
    expect(
      (await call(linksRoute, `/api/v1/workflows/${account.workflows.doc}/links`, { ...other.auth, body: {} })).status,
    ).toBe(404);
  });

  it("refuses a redirectUrl off the account's allowed hosts, or over http, signed or not (no open redirect)", async () => {
    const account = await createTestAccount({ workflows });
    await prisma.account.update({
      where: { id: account.accountId },
      data: { allowedRedirectHosts: ["shop.example", "*.shop.example"] },
    });
    const start = (redirectUrl: string) =>
      call(hostedStartRoute, "/api/hosted/start", {
        body: { flowId: account.workflows.doc, clientId: account.clientId, metadata: JSON.stringify({ redirectUrl }) },
        ip: "198.51.100.26",
      });
    for (const url of [
      "https://evil.example/phish",
      "https://shop.example.evil.example/",
      "http://shop.example/done",
      "https://evilshop.example/",
    ]) {
      const response = await start(url);
      expect({ url, status: response.status, field: response.body.details?.[0]?.field }).toEqual({
        url,
        status: 400,
        field: "metadata.redirectUrl",
      });
    }
    expect((await start("https://eu.shop.example/done")).status).toBe(201);
    const minted = await call(linksRoute, `/api/v1/workflows/${account.workflows.doc}/links`, {
      ...account.auth,
      body: { metadata: { redirectUrl: "https://evil.example/" } },
    });
    expect(minted.status).toBe(400);
  });

  it("refuses a flow of another account, an unknown client and bad metadata, creating nothing", async () => {
    const account = await createTestAccount({ workflows });
    const other = await createTestAccount({ workflows });
    const before = await prisma.verification.count({
      where: { accountId: { in: [account.accountId, other.accountId] } },
    });
    const cases = [
      { body: { flowId: other.workflows.doc, clientId: account.clientId }, status: 400, error: "INVALID_WORKFLOW" },
      { body: { flowId: account.workflows.doc, clientId: "no-such-client" }, status: 400, error: "INVALID_WORKFLOW" },
      { body: { flowId: "not-a-uuid", clientId: account.clientId }, status: 400, error: "INVALID_WORKFLOW" },
      {
        body: { flowId: account.workflows.doc, clientId: account.clientId, metadata: "{not json" },
        status: 400,
        error: "VALIDATION_ERROR",
      },
      {
        body: {
          flowId: account.workflows.doc,
          clientId: account.clientId,
          metadata: '{"redirectUrl":"javascript:alert(1)"}',
        },
        status: 400,
        error: "VALIDATION_ERROR",
      },
      {
        body: { flowId: account.workflows.doc, clientId: account.clientId, extra: 1 },
        status: 400,
        error: "VALIDATION_ERROR",
      },
    ];
    for (const { body, status, error } of cases) {
      const response = await call(hostedStartRoute, "/api/hosted/start", {
        body,
        ip: `198.51.100.${Math.floor(Math.random() * 200)}`,
      });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.error).toBe(error);
    }
    expect(
      await prisma.verification.count({ where: { accountId: { in: [account.accountId, other.accountId] } } }),
    ).toBe(before);
  });

  it("limits starts per client address: 429 with Retry-After after 30 a minute", async () => {
    const account = await createTestAccount({ workflows });
    const ip = `2001:db8::${randomUUID().slice(0, 4)}`;
    // one fixed-window minute, whatever the wall clock does during the test
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    vi.spyOn(clock, "now").mockReturnValue(minute);
    const start = () =>
      call(hostedStartRoute, "/api/hosted/start", {
        body: { flowId: account.workflows.doc, clientId: account.clientId },
        ip,
      });
    for (let i = 0; i < 30; i++) expect((await start()).status).toBe(201);
    const limited = await start();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await prisma.verification.count({ where: { accountId: account.accountId } })).toBe(30);
    vi.restoreAllMocks();
  });
});

describe("GET /api/hosted/state", () => {
  it("shows the page its own verification: which inputs are in (never their values but the document's country) and the document's sides", async () => {
    const account = await createTestAccount({ workflows });
    const { verificationId, verificationUrl } = await startVerification(account, "doc");
    const token = await sessionTokenFor(verificationUrl);
    const sent = await call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
      token,
      body: {
        inputs: [
          { fieldName: "DOCUMENT_COUNTRY", type: "TEXT", value: "DE" },
          { fieldName: "DOCUMENT_TYPE", type: "TEXT", value: "NATIONAL_ID" },
        ],
        complete: false,
      },
    });
    expect(sent.status).toBe(200);
    const state = await call(stateRoute, "/api/hosted/state", { token });
    expect(state.status).toBe(200);
    expect(state.headers.get("cache-control")).toBe("no-store");
    expect(state.body).toMatchObject({
      verificationId,
      status: "INITIATED",
      supplied: ["DOCUMENT_COUNTRY", "DOCUMENT_TYPE"],
      // the address step starts in it
      documentCountry: "DE",
      documentSides: ["FRONT", "BACK"],
    });
    expect(state.body.missing).toEqual(["DOCUMENT_FRONT", "DOCUMENT_BACK", "ADDRESS_LINE", "COUNTRY"]);
    expect(state.text).not.toContain('NATIONAL_ID",' + '"value');
    expect(JSON.stringify(state.body.supplied)).not.toContain('DE"');
  });

  it("answers only a session token: an API key gets 403, no token 401", async () => {
    const account = await createTestAccount({ workflows });
    expect((await call(stateRoute, "/api/hosted/state", account.auth)).status).toBe(403);
    expect((await call(stateRoute, "/api/hosted/state")).status).toBe(401);
  });
});

describe("GET /api/hosted/address-format/{country}", () => {
  it("gives the country's labels and postal code hint from Google's address data", async () => {
    const us = await call(addressFormatRoute, "/api/hosted/address-format/us");
    expect(us.status).toBe(200);
    expect(us.body).toMatchObject({
      country: "US",
      postalLabel: "zip",
      postalExample: "95014",
      regionLabel: "state",
      usesRegion: true,
      usesPostalCode: true,
    });
    expect(new RegExp(us.body.postalPattern).test("10118")).toBe(true);
    expect(us.body.regions).toContain("New York");
    const gb = await call(addressFormatRoute, "/api/hosted/address-format/GB");
    expect(gb.body).toMatchObject({ usesRegion: false, usesPostalCode: true, postalExample: "EC1Y 8SY" });
    const ie = await call(addressFormatRoute, "/api/hosted/address-format/IE");
    expect(ie.body).toMatchObject({ postalLabel: "eircode", regionLabel: "county" });
    expect((await call(addressFormatRoute, "/api/hosted/address-format/XX")).body.error).toBe("INVALID_COUNTRY_CODE");
  });
});
