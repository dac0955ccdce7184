import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "./safe-request";

// A receiver on this machine: each URL below reaches it only through an IPv6 form that embeds 127.0.0.1.
let server: http.Server;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("postJson refuses internal addresses hidden in IPv6 forms", () => {
  it.each([
    "[::ffff:7f00:1]",
    "[::127.0.0.1]",
    "[64:ff9b::7f00:1]",
    "[2002:7f00:1::1]",
    "[2001:0:4136:e378:8000:63bf:80ff:fffe]",
    "[fec0::1]",
    "[::1]",
  ])("%s", async (host) => {
    const port = (server.address() as AddressInfo).port;
    const outcome = await postJson(`http://${host}:${port}/hook`, "{}", {}, { timeoutMs: 2000, allowPrivate: false });
    expect(outcome).toMatchObject({ kind: "error", error: "refused_address" });
    expect(hits).toBe(0);
  });
});
