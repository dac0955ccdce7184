import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/core/db";
import { sha256Hex } from "@/lib/core/crypto/hash";
import * as startModule from "@/app/api/v1/verifications/route";
import { call, route } from "@/test/api-client";

const startRoute = route("/api/v1/verifications", startModule);

function seed(...args: string[]) {
  // exactly what a user runs; stdout must be one JSON object and nothing else
  const stdout = execFileSync("npm", ["run", "seed", "--", ...args], {
    env: process.env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { stdout, json: JSON.parse(stdout) };
}

describe("npm run seed", () => {
  it("creates or updates the demo account and prints one JSON object", async () => {
    const first = seed();
    expect(first.stdout.trim().split("\n")).toHaveLength(1);
    const demo = first.json;
    expect(Object.keys(demo).sort()).toEqual([
      "apiKey",
      "baseUrl",
      "clientId",
      "dashboard",
      "readOnlyApiKey",
      "verifyUrl",
      "webhook",
      "workflows",
    ]);
    expect(demo.webhook).toBeNull();
    expect(demo.baseUrl).toMatch(/\/api\/v1$/);
    expect(Object.keys(demo.workflows).sort()).toEqual([
      "address-only",
      "address-verification",
      "digital-credential",
      "document-verification",
      "email-check",
      "full-kyc",
      "liveness",
      "location-intelligence",
      "video-agreement",
      "watchlist-check",
    ]);
    // keys are stored hashed with the promised scopes
    const full = await prisma.apiKey.findUniqueOrThrow({ where: { keyHash: sha256Hex(demo.apiKey) } });
    expect(full.scopes.sort()).toEqual(["verification:create", "verification:inputs", "verification:read"]);
    const readOnly = await prisma.apiKey.findUniqueOrThrow({ where: { keyHash: sha256Hex(demo.readOnlyApiKey) } });
    expect(readOnly.scopes).toEqual(["verification:read"]);
    expect(await prisma.apiKey.count({ where: { keyHash: demo.apiKey } })).toBe(0);

    // the printed credentials work against the API
    const started = await call(startRoute, "/api/v1/verifications", {
      token: demo.apiKey,
      clientId: demo.clientId,
      body: { flowId: demo.workflows["full-kyc"] },
    });
    expect(started.status).toBe(201);
    const denied = await call(startRoute, "/api/v1/verifications", {
      token: demo.readOnlyApiKey,
      clientId: demo.clientId,
      body: { flowId: demo.workflows["full-kyc"] },
    });
    expect(denied.status).toBe(403);

    // a second run: same account and workflows (no new version), fresh keys, and a webhook when asked
    const versionsBefore = await prisma.workflowVersion.count({ where: { workflowId: demo.workflows["full-kyc"] } });
    const second = seed("--webhook-url", "http://127.0.0.1:4999/hooks").json;
    expect(second.clientId).toBe(demo.clientId);
    expect(second.workflows).toEqual(demo.workflows);
    expect(second.apiKey).not.toBe(demo.apiKey);
    expect(await prisma.workflowVersion.count({ where: { workflowId: demo.workflows["full-kyc"] } })).toBe(
      versionsBefore,
    );
    expect(second.webhook.url).toBe("http://127.0.0.1:4999/hooks");
    expect(Buffer.from(second.webhook.secret, "base64")).toHaveLength(32);
    const endpoint = await prisma.webhookEndpoint.findFirstOrThrow({ where: { url: "http://127.0.0.1:4999/hooks" } });
    expect(endpoint.secretEncrypted).not.toContain(second.webhook.secret);
    expect(endpoint.events).toEqual([]);
    // the same URL again keeps its endpoint and secret
    expect(seed("--webhook-url", "http://127.0.0.1:4999/hooks").json.webhook.secret).toBe(second.webhook.secret);
  }, 120_000);
});
