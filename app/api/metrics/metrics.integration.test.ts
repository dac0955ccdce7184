import { afterEach, describe, expect, it, vi } from "vitest";
import { stampHeaders } from "@/lib/http/client-ip";
import { prisma } from "@/lib/core/db";
import { resetEnvCache } from "@/lib/core/env";
import { metrics } from "@/lib/core/observability/metrics";
import { createTestAccount } from "@/test/fixtures";
import { GET } from "./route";

const scrape = (ip: string, headers: Record<string, string> = {}, forwarded = "") =>
  GET(new Request("http://localhost/api/metrics", { headers: { ...stampHeaders(ip, forwarded), ...headers } }));

afterEach(() => {
  delete process.env.METRICS_TOKEN;
  delete process.env.METRICS_PUBLIC;
  vi.unstubAllEnvs();
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

  it("in production wants METRICS_TOKEN: a same-host proxy that adds no X-Forwarded-For looks like loopback (issue 33)", async () => {
    vi.stubEnv("NODE_ENV", "production");
    resetEnvCache();
    expect((await scrape("127.0.0.1")).status).toBe(404);
    expect((await scrape("::1")).status).toBe(404);
    process.env.METRICS_TOKEN = "a-metrics-token-of-some-length";
    resetEnvCache();
    expect((await scrape("127.0.0.1", { authorization: "Bearer a-metrics-token-of-some-length" })).status).toBe(200);
    // the operator's explicit choice: public metrics, for a network that keeps strangers out
    delete process.env.METRICS_TOKEN;
    process.env.METRICS_PUBLIC = "true";
    resetEnvCache();
    expect((await scrape("203.0.113.9")).status).toBe(200);
  });

  it("reads the queue from the database: a claimed job is running, not waiting, and not the oldest waiting", async () => {
    // a job claimed by some instance for 5 more minutes (other test files run workers: an unclaimed due job would be
    // taken by one of them at any moment, a claimed one is left alone)
    const account = await createTestAccount();
    const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1]);
    const before = await (await scrape("127.0.0.1")).text();
    const dedupeKey = `metrics-test-${account.accountId}`;
    await prisma.job.create({
      data: {
        type: "RUN_VERIFICATION",
        dedupeKey,
        runAt: new Date(Date.now() - 86_400_000),
        lockedUntil: new Date(Date.now() + 300_000),
      },
    });
    try {
      const after = await (await scrape("127.0.0.1")).text();
      expect(gauge(after, "openkyc_jobs_running")).toBe(gauge(before, "openkyc_jobs_running") + 1);
      expect(gauge(after, "openkyc_jobs_oldest_waiting_age_seconds")).toBeLessThan(86_000);
      expect(gauge(after, "openkyc_jobs_waiting")).toBeGreaterThanOrEqual(0);
    } finally {
      await prisma.job.deleteMany({ where: { dedupeKey } });
    }
  });

  it("counts what this process did", async () => {
    metrics.verificationsCompleted.inc({ result: "APPROVED" });
    const text = await (await scrape("127.0.0.1")).text();
    expect(text).toMatch(/^openkyc_verifications_completed_total\{result="APPROVED"\} [1-9]/m);
  });
});
