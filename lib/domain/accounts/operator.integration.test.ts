import { afterEach, describe, expect, it, vi } from "vitest";
import { setKeyRateLimit } from "@/lib/domain/accounts/operator-actions";
import { signupMode, signupRefusal } from "@/lib/domain/accounts/signup-mode";
import { prisma } from "@/lib/core/db";
import { createMemberApiKey } from "@/lib/auth/api-keys/manage-api-keys";
import { resetEnvCache } from "@/lib/core/env";
import { ownerOf } from "@/test/dashboard-fixtures";
import { createTestAccount } from "@/test/fixtures";

const stub = (values: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(values)) vi.stubEnv(k, v);
  resetEnvCache();
};
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe("the operator decides who gets an account", () => {
  it("once an account exists, sign-up is by invitation unless SIGNUP_MODE says otherwise (the sign-up action asks signupRefusal first)", async () => {
    await createTestAccount();
    stub({ SIGNUP_MODE: undefined });
    expect(await signupMode()).toBe("invite");
    expect(await signupRefusal()).toMatch(/invitation only/);
    stub({ SIGNUP_MODE: "closed" });
    expect(await signupRefusal()).toMatch(/closed/);
    stub({ SIGNUP_MODE: "open" });
    expect(await signupRefusal()).toBeNull();
  });

  it("caps the active API keys of an account, also under concurrent requests", async () => {
    const account = await createTestAccount(); // four keys
    stub({ API_KEYS_PER_ACCOUNT_MAX: "6" });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createMemberApiKey(ownerOf(account), { name: `k${i}`, scopes: ["verification:read"] }).catch((e: Error) => ({
          ok: false,
          error: e.message,
        })),
      ),
    );
    expect(results.filter((r) => r.ok).length).toBe(2);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: expect.stringMatching(/6 active API keys/) });
    expect(await prisma.apiKey.count({ where: { accountId: account.accountId, revokedAt: null } })).toBe(6);
  });

  it("only the operator raises a key's rate limit above the service default", async () => {
    const account = await createTestAccount();
    stub({ API_RATE_LIMIT_PER_MINUTE: "600", OPERATOR_EMAILS: "ops@kyc.example" });
    const owner = ownerOf(account);
    const refused = await createMemberApiKey(owner, {
      name: "fast",
      scopes: ["verification:read"],
      rateLimitPerMinute: 5000,
    });
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { rateLimitPerMinute: expect.stringMatching(/only the operator/) },
    });
    expect(
      (await createMemberApiKey(owner, { name: "slower", scopes: ["verification:read"], rateLimitPerMinute: 100 })).ok,
    ).toBe(true);
    const byOperator = await createMemberApiKey(
      { ...owner, email: "OPS@kyc.example" },
      { name: "fast", scopes: ["verification:read"], rateLimitPerMinute: 5000 },
    );
    expect(byOperator.ok).toBe(true);
    // the CLI (npm run operator -- set-rate-limit)
    const key = await prisma.apiKey.findFirstOrThrow({ where: { accountId: account.accountId, name: "slower" } });
    await setKeyRateLimit(key.id, 20_000);
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).rateLimitPerMinute).toBe(20_000);
    expect(
      await prisma.auditLog.count({
        where: { targetId: key.id, action: "api_key.rate_limit_set", actorId: "operator" },
      }),
    ).toBe(1);
  });
});
