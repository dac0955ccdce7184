import { afterEach, describe, expect, it } from "vitest";
import { stampHeaders } from "@/lib/http/client-ip";
import { resetEnvCache } from "@/lib/core/env";
import { GET } from "./route";

const probe = (ip: string, headers: Record<string, string> = {}, forwarded = "") =>
  new Request("http://localhost/api/health", { headers: { ...stampHeaders(ip, forwarded), ...headers } });

afterEach(() => {
  delete process.env.HEALTH_RATE_LIMIT_PER_MINUTE;
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

describe("GET /api/health", () => {
  it("tells a stranger only that the process answers: no version, database state or ffmpeg (issue 33)", async () => {
    const response = await GET(probe("203.0.113.40"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    // a reverse proxy on this machine connects from loopback but forwards the stranger
    expect(await (await GET(probe("127.0.0.1", {}, "203.0.113.40"))).json()).toEqual({ status: "ok" });
    // a wrong token is a stranger too
    process.env.METRICS_TOKEN = "a-metrics-token-of-some-length";
    resetEnvCache();
    const wrong = await GET(probe("203.0.113.40", { authorization: "Bearer wrong-token-of-same-length!!" }));
    expect(await wrong.json()).toEqual({ status: "ok" });
    const right = await GET(probe("203.0.113.40", { authorization: "Bearer a-metrics-token-of-some-length" }));
    expect(await right.json()).toMatchObject({ status: "ok", version: "0.1.0", database: "ok" });
  });

  it("says to a loopback client that the process answers, the database too, and which ffmpeg decodes uploads, without versions or paths", async () => {
    const response = await GET(probe("127.0.0.1"));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      status: "ok",
      version: "0.1.0",
      uptimeSeconds: expect.any(Number),
      shuttingDown: false,
      database: "ok",
      ffmpeg: { source: "system" },
    });
    expect(JSON.stringify(body)).not.toMatch(/\/|\d+\.\d+\.\d+-|deb/);
  });

  it("is rate-limited per client address, in the process", async () => {
    process.env.HEALTH_RATE_LIMIT_PER_MINUTE = "3";
    resetEnvCache();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await GET(probe("10.1.0.2"))).status);
    // the fourth probe of the same minute is refused (unless the minute turned over between them)
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    const fourth = statuses[3];
    expect([429, 200]).toContain(fourth);
    if (fourth === 200) return;
    // another address is not affected
    expect((await GET(probe("10.1.0.3"))).status).toBe(200);
  });
});
