import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { consumeRateLimit } from "@/lib/core/rate-limit";
import * as startModule from "@/app/api/v1/verifications/route";
import { call, route } from "@/test/api-client";
import { createTestAccount } from "@/test/fixtures";

const startRoute = route("/api/v1/verifications", startModule);

describe("API rate limits", () => {
  // pin "now" to the middle of a minute so a window boundary cannot split a test
  beforeEach(() => {
    const now = Date.now();
    vi.spyOn(clock, "now").mockReturnValue(new Date(now - (now % 60_000) + 30_000));
  });
  afterEach(() => vi.restoreAllMocks());

  it("limits each key per minute: RateLimit headers, then 429 RATE_LIMITED with Retry-After", async () => {
    const account = await createTestAccount({
      workflows: [{ name: "w", processes: ["LIVENESS"] }],
      rateLimitPerMinute: 3,
    });
    const start = () =>
      call(startRoute, "/api/v1/verifications", { ...account.auth, body: { flowId: account.workflows.w } });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await start();
      expect(response.status).toBe(201);
      remaining.push(response.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const limited = await start();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("RATE_LIMITED");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    // nothing was created by the refused request
    expect(await prisma.verification.count({ where: { accountId: account.accountId } })).toBe(3);
    // another key of the same account has its own budget
    const other = await call(startRoute, "/api/v1/verifications", {
      ...account.as(account.keys.create),
      body: { flowId: account.workflows.w },
    });
    expect(other.status).toBe(201);
  });

  it("counts in PostgreSQL, so every app instance shares one budget", async () => {
    const key = `test:${randomUUID()}`;
    const now = clock.now();
    await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(key, 5, 60, now)));
    const rows = await prisma.rateLimitBucket.findMany({ where: { key } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(10);
    expect((await consumeRateLimit(key, 5, 60, now)).exceeded).toBe(true);
    // the next window starts fresh
    expect((await consumeRateLimit(key, 5, 60, new Date(now.getTime() + 60_000))).exceeded).toBe(false);
  });

  it("limits failed authentication per client address", async () => {
    const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const attempt = () =>
      call(startRoute, "/api/v1/verifications", {
        token: "guess",
        clientId: "guess",
        body: { flowId: randomUUID() },
        ip,
      });
    let last = await attempt();
    expect(last.status).toBe(401);
    const limit = Number(last.headers.get("ratelimit-limit"));
    for (let i = 1; i < limit && last.status === 401; i++) last = await attempt();
    last = await attempt();
    expect(last.status).toBe(429);
    expect(last.headers.get("retry-after")).not.toBeNull();
  });
});
