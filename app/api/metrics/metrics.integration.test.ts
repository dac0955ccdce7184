import { afterEach, describe, expect, it } from "vitest";
import { stampHeaders } from "@/lib/api/client-ip";
import { prisma } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { metrics } from "@/lib/observability/metrics";
import { createTestAccount } from "@/lib/testing/fixtures";
import { GET } from "./route";

const scrape = (ip: string, headers: Record<string, string> = {}, forwarded = "") =>
  GET(new Request("http://localhost/api/metrics", { headers: { ...stampHeaders(ip, forwarded), ...headers } }));

afterEach(() => {
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

describe("GET /api/metrics", () => {
  it("answers loopback clients in Prometheus text format when METRICS_TOKEN is unset, nobody else", async () => {
    expect((await scrape("203.0.113.9")).status).toBe(404);
    // a reverse proxy on this machine connects from loopback but forwards the real client
    expect((await scrape("127.0.0.1", {}, "203.0.113.9")).status).toBe(404);
    const response = await scrape("127.0.0.1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("# HELP openkyc_jobs_waiting [database]");
    expect(text).toContain("# HELP openkyc_verifications_started_total [process]");
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("with METRICS_TOKEN, wants it as a bearer token from anywhere", async () => {
    process.env.METRICS_TOKEN = "a-metrics-token-of-some-length";
    resetEnvCache();
    expect((await scrape("127.0.0.1")).status).toBe(404);
    expect((await scrape("203.0.113.9", { authorization: "Bearer wrong-token-of-same-length!!" })).status).toBe(404);
    expect((await scrape("203.0.113.9", { authorization: "Bearer a-metrics-token-of-some-length" })).status).toBe(200);
  });

  it("reads the queue from the database: jobs waiting and the age of the oldest", async () => {
    const account = await createTestAccount();
    const verification = await prisma.verification.findFirstOrThrow({ select: { id: true } }).catch(() => null);
    const before = await (await scrape("127.0.0.1")).text();
    const waiting = (text: string) => Number(/^openkyc_jobs_waiting (\d+)/m.exec(text)?.[1]);
    const runAt = new Date(Date.now() - 90_000);
    await prisma.job.create({
      data: {
        type: "RUN_VERIFICATION",
        dedupeKey: `metrics-test-${account.accountId}`,
        runAt,
        verificationId: verification?.id,
      },
    });
    try {
      const after = await (await scrape("127.0.0.1")).text();
      expect(waiting(after)).toBe(waiting(before) + 1);
      expect(Number(/^openkyc_jobs_oldest_waiting_age_seconds (\S+)/m.exec(after)?.[1])).toBeGreaterThanOrEqual(89);
    } finally {
      await prisma.job.deleteMany({ where: { dedupeKey: `metrics-test-${account.accountId}` } });
    }
  });

  it("counts what this process did", async () => {
    metrics.verificationsCompleted.inc({ result: "APPROVED" });
    const text = await (await scrape("127.0.0.1")).text();
    expect(text).toMatch(/^openkyc_verifications_completed_total\{result="APPROVED"\} [1-9]/m);
  });
});
