import { afterEach, describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import * as linksModule from "@/app/api/v1/workflows/[workflowId]/links/route";
import * as hostedStartModule from "@/app/api/hosted/start/route";
import { call, route } from "@/test/api-client";
import { createTestAccount } from "@/test/fixtures";

// Issue 33, item 2: a signed link carries and signs its mode and its expiry. Before, a test key minted links that
// started LIVE verifications (live identity, live webhooks), and a signed link worked forever.
const linksRoute = route("/api/v1/workflows/[workflowId]/links", linksModule);
const hostedStartRoute = route("/api/hosted/start", hostedStartModule);
const workflows = [{ name: "address", processes: ["ADDRESS_VERIFICATION" as const] }];

afterEach(() => vi.restoreAllMocks());

async function mint(auth: { token: string; clientId: string }, flowId: string, body: Record<string, unknown> = {}) {
  const minted = await call(linksRoute, `/api/v1/workflows/${flowId}/links`, { ...auth, body });
  expect(minted.status, minted.text).toBe(201);
  return minted.body as { url: string; mode: string; expiresAt: string; metadata: Record<string, unknown> };
}

/** "Start" on the page: the link's values exactly as the page reads them. */
function startBody(url: string, changes: Record<string, string | null> = {}) {
  const params = new URL(url).searchParams;
  const body: Record<string, string | null> = {};
  for (const key of ["flowId", "clientId", "metadata", "sig", "mode", "exp"]) body[key] = params.get(key);
  return { ...body, ...changes };
}

const start = (body: Record<string, unknown>) =>
  call(hostedStartRoute, "/api/hosted/start", { body, ip: "198.51.100.77" });

describe("signed links: mode and expiry (issue 33)", () => {
  it("a test key's link starts a TEST verification; removing mode=test voids it", async () => {
    const account = await createTestAccount({ workflows });
    const testKey = await createApiKey(account.accountId, {
      name: "sandbox",
      scopes: ["verification:create", "verification:read"],
      mode: "test",
    });
    const link = await mint({ token: testKey.key, clientId: account.clientId }, account.workflows.address!, {
      metadata: { userId: "user-42" },
    });
    expect(link.mode).toBe("test");
    expect(new URL(link.url).searchParams.get("mode")).toBe("test");

    const started = await start(startBody(link.url));
    expect(started.status, started.text).toBe(201);
    expect(started.body.state.mode).toBe("test");
    const stored = await prisma.verification.findUniqueOrThrow({
      where: { id: started.body.state.verificationId },
      select: { mode: true },
    });
    expect(stored.mode).toBe("test");

    // the same link without its mode (or claiming live) would start live work: refused, nothing created
    const before = await prisma.verification.count({ where: { accountId: account.accountId } });
    for (const changes of [{ mode: null }, { mode: "live" }]) {
      const altered = await start(startBody(link.url, changes));
      expect(altered.status).toBe(400);
      expect(altered.body.error).toBe("INVALID_LINK_SIGNATURE");
    }
    expect(await prisma.verification.count({ where: { accountId: account.accountId } })).toBe(before);
    expect(await prisma.verification.count({ where: { accountId: account.accountId, mode: "live" } })).toBe(0);
  });

  it("a live key's link starts live verifications; mode=test cannot be added to it", async () => {
    const account = await createTestAccount({ workflows });
    const link = await mint(account.auth, account.workflows.address!);
    expect(link.mode).toBe("live");
    expect(new URL(link.url).searchParams.has("mode")).toBe(false);
    const started = await start(startBody(link.url));
    expect(started.status).toBe(201);
    expect(started.body.state.mode).toBe("live");
    expect((await start(startBody(link.url, { mode: "test" }))).body.error).toBe("INVALID_LINK_SIGNATURE");
  });

  it("expires: 30 days by default or expiresInDays, signed; a later exp voids it; mode or exp without sig is refused", async () => {
    const account = await createTestAccount({ workflows });
    const now = new Date("2026-12-01T10:00:00.000Z");
    vi.spyOn(clock, "now").mockReturnValue(now);
    const link = await mint(account.auth, account.workflows.address!);
    expect(link.expiresAt).toBe("2026-12-31T10:00:00.000Z");
    expect(new URL(link.url).searchParams.get("exp")).toBe(String(Date.parse(link.expiresAt) / 1000));
    const short = await mint(account.auth, account.workflows.address!, { expiresInDays: 1 });
    expect(short.expiresAt).toBe("2026-12-02T10:00:00.000Z");

    // a day and a minute later the short link is refused, the default one still works
    vi.spyOn(clock, "now").mockReturnValue(new Date(now.getTime() + 86_460_000));
    const expired = await start(startBody(short.url));
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe("INVALID_LINK_SIGNATURE");
    expect(expired.body.details[0].field).toBe("exp");
    // pushing exp later breaks the signature
    const later = String(Number(new URL(short.url).searchParams.get("exp")) + 86_400 * 365);
    expect((await start(startBody(short.url, { exp: later }))).body.details[0].field).toBe("sig");
    expect((await start(startBody(link.url))).status).toBe(201);

    // a minted link whose signature was stripped is not taken for an unsigned one
    expect((await start(startBody(link.url, { sig: null }))).body.error).toBe("INVALID_LINK_SIGNATURE");
    // out of range expiry
    const tooLong = await call(linksRoute, `/api/v1/workflows/${account.workflows.address!}/links`, {
      ...account.auth,
      body: { expiresInDays: 5000 },
    });
    expect(tooLong.status).toBe(400);
  });
});
