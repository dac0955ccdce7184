import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { CONSENT_TEXT_VERSION } from "@/lib/domain/hosted/consent-terms";
import * as hostedStartModule from "@/app/api/hosted/start/route";
import * as consentModule from "@/app/api/hosted/consent/route";
import * as linksModule from "@/app/api/v1/workflows/[workflowId]/links/route";
import * as readModule from "@/app/api/v1/verifications/[verificationId]/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, startVerification } from "@/test/fixtures";

// Issue 33, item 3: flowId and clientId are in every verificationUrl, so anyone could start a verification of any
// workflow with their own metadata (`reference: "order-42"`) and the integrator could not tell it from its own.
const hostedStartRoute = route("/api/hosted/start", hostedStartModule);
const consentRoute = route("/api/hosted/consent", consentModule);
const linksRoute = route("/api/v1/workflows/[workflowId]/links", linksModule);
const readRoute = route("/api/v1/verifications/[verificationId]", readModule);

const start = (body: Record<string, unknown>) =>
  call(hostedStartRoute, "/api/hosted/start", { body, ip: "198.51.100.88" });

describe("unsigned shareable links (issue 33)", () => {
  it("a new workflow starts nothing from an unsigned link; its signed links still work", async () => {
    const account = await createTestAccount({
      workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"] }],
    });
    const flowId = account.workflows.address!;
    // what a stranger reads in any verificationUrl of the account
    const seen = new URL((await startVerification(account, "address")).verificationUrl).searchParams;
    const before = await prisma.verification.count({ where: { accountId: account.accountId } });
    const forged = await start({
      flowId: seen.get("flowId"),
      clientId: seen.get("clientId"),
      metadata: JSON.stringify({ reference: "order-42" }),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe("INVALID_LINK_SIGNATURE");
    expect(await prisma.verification.count({ where: { accountId: account.accountId } })).toBe(before);

    const minted = await call(linksRoute, `/api/v1/workflows/${flowId}/links`, {
      ...account.auth,
      body: { metadata: { reference: "order-42" } },
    });
    const link = new URL(minted.body.url).searchParams;
    const signed = await start({
      flowId,
      clientId: account.clientId,
      metadata: link.get("metadata"),
      sig: link.get("sig"),
      exp: link.get("exp"),
    });
    expect(signed.status, signed.text).toBe(201);
    const record = await call(readRoute, `/api/v1/verifications/${signed.body.state.verificationId}`, account.auth);
    expect(record.body).toMatchObject({ metadata: { reference: "order-42" }, linkSigned: true });
    // a verification the integrator started with its key carries no mark at all
    const own = await call(
      readRoute,
      `/api/v1/verifications/${(await startVerification(account, "address")).verificationId}`,
      account.auth,
    );
    expect(own.body).not.toHaveProperty("linkSigned");
  });

  it("where the workflow accepts them, the metadata is kept as written and marked linkSigned: false in the record and every webhook", async () => {
    const account = await createTestAccount({
      workflows: [{ name: "address", processes: ["ADDRESS_VERIFICATION"], acceptUnsignedLinks: true }],
    });
    const started = await start({
      flowId: account.workflows.address,
      clientId: account.clientId,
      metadata: JSON.stringify({ reference: "order-42" }),
    });
    expect(started.status, started.text).toBe(201);
    const verificationId = started.body.state.verificationId as string;

    const record = await call(readRoute, `/api/v1/verifications/${verificationId}`, account.auth);
    expect(record.status).toBe(200);
    expect(record.body.metadata).toEqual({ reference: "order-42" });
    expect(record.body.linkSigned).toBe(false);

    // a later event of the same verification: the end user declines on the consent screen
    const declined = await call(consentRoute, "/api/hosted/consent", {
      token: started.body.session.sessionToken,
      body: { decision: "DECLINED", textVersion: CONSENT_TEXT_VERSION, language: "en" },
    });
    expect(declined.status, declined.text).toBe(200);
    const events = await prisma.event.findMany({ where: { verificationId }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.name)).toEqual(["verification_started", "verification_abandoned"]);
    for (const event of events)
      expect(event.payload, event.name).toMatchObject({ metadata: { reference: "order-42" }, linkSigned: false });
  });
});
