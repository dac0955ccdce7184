import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryingFetch } from "../src/retry-fetch.js";

// A real local HTTP server that answers each request from a script, and a sleep that records instead of waiting.
let server: http.Server;
let base: string;
let script: { status: number; headers?: Record<string, string> }[] = [];
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    req.resume();
    req.on("end", () => {
      const next = script.shift() ?? { status: 200 };
      res.writeHead(next.status, { "content-type": "application/json", ...next.headers }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function setup(options: Partial<Parameters<typeof retryingFetch>[0]> = {}) {
  const slept: number[] = [];
  hits = 0;
  const run = retryingFetch({
    maxRetries: 2,
    maxRetryAfterMs: 60_000,
    timeoutMs: 5_000,
    fetch: globalThis.fetch,
    sleep: async (ms) => void slept.push(ms),
    ...options,
  });
  return { run, slept };
}

describe("retryingFetch", () => {
  it("waits Retry-After seconds after a 429, then retries the same body", async () => {
    script = [{ status: 429, headers: { "retry-after": "7" } }, { status: 200 }];
    const { run, slept } = setup();
    const response = await run(new Request(`${base}/x`, { method: "POST", body: '{"a":1}' }));
    expect(response.status).toBe(200);
    expect(slept).toEqual([7000]);
    expect(hits).toBe(2);
  });

  it("gives the 429 back when Retry-After is longer than allowed, or retries run out", async () => {
    script = [{ status: 429, headers: { "retry-after": "120" } }];
    expect((await setup().run(new Request(`${base}/x`))).status).toBe(429);
    expect(hits).toBe(1);
    script = [429, 429, 429, 200].map((status) => ({ status, headers: { "retry-after": "1" } }));
    const { run, slept } = setup();
    expect((await run(new Request(`${base}/x`))).status).toBe(429);
    expect(slept).toEqual([1000, 1000]);
    expect(hits).toBe(3);
    script = [];
  });

  it("retries a network failure of a GET or of a write with an Idempotency-Key, never of a plain write", async () => {
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls++;
      if (calls === 1) throw new TypeError("fetch failed");
      return globalThis.fetch(input, init);
    };
    const get = setup({ fetch: flaky });
    expect((await get.run(new Request(`${base}/x`))).status).toBe(200);
    expect(get.slept).toHaveLength(1);

    calls = 0;
    const keyed = setup({ fetch: flaky });
    const withKey = new Request(`${base}/x`, { method: "POST", body: "{}", headers: { "idempotency-key": "k1" } });
    expect((await keyed.run(withKey)).status).toBe(200);

    calls = 0;
    const plain = setup({ fetch: flaky });
    await expect(plain.run(new Request(`${base}/x`, { method: "POST", body: "{}" }))).rejects.toThrow("fetch failed");
    expect(plain.slept).toEqual([]);
  });
});
