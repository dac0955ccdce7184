import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { prisma } from "@/lib/core/db";
import { zodFieldErrors } from "@/lib/shared/field-errors";
import { createMemberApiKey, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys/manage-api-keys";
import { type Member } from "@/lib/auth/permissions";
import { ForbiddenError, NotFoundError } from "@/lib/core/errors";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import { call, route } from "@/test/api-client";
import { createTestMembers } from "@/test/dashboard-members";
import type { TestAccount } from "@/test/fixtures";

const verificationRoute = route("/api/v1/verifications/[verificationId]", verificationModule);

let a: { account: TestAccount; owner: Member; reviewer: Member };
let b: { account: TestAccount; owner: Member };

beforeAll(async () => {
  a = await createTestMembers({ workflows: [{ name: "w", processes: ["EMAIL_CHECK"] }] });
  b = await createTestMembers({ workflows: [] });
});

const keysOf = (accountId: string) => prisma.apiKey.findMany({ where: { accountId }, orderBy: { id: "asc" } });

describe("API keys from the dashboard", () => {
  it("creates a working key shown once, audit-logged without the key, then revokes it", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000);
    const created = await createMemberApiKey(a.owner, {
      name: "backend",
      scopes: ["verification:read"],
      rateLimitPerMinute: 30,
      expiresAt,
    });
    if (!created.ok) throw new Error(JSON.stringify(created.fieldErrors));
    expect(created.key.startsWith(created.keyPrefix)).toBe(true);
    const listed = (await listApiKeys(a.owner)).find((k) => k.id === created.id)!;
    expect(listed).toMatchObject({
      name: "backend",
      scopes: ["verification:read"],
      rateLimitPerMinute: 30,
      expiresAt,
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    // authenticated: the unknown verification is a 404, not a 401
    const unknown = `/api/v1/verifications/${randomUUID()}`;
    expect((await call(verificationRoute, unknown, { token: created.key, clientId: a.account.clientId })).status).toBe(
      404,
    );
    // the list shows when a key was last used (written by the statement that authenticates it, once a minute)
    const used = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id }, select: { lastUsedAt: true } });
    expect(Math.abs(used.lastUsedAt!.getTime() - Date.now())).toBeLessThan(30_000);
    expect((await call(verificationRoute, unknown, { token: created.key, clientId: a.account.clientId })).status).toBe(
      404,
    );
    const again = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id }, select: { lastUsedAt: true } });
    expect(again.lastUsedAt).toEqual(used.lastUsedAt);

    const created_ = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: created.id, action: "api_key.created" },
    });
    expect(created_).toMatchObject({ accountId: a.account.accountId, actorType: "USER", actorId: a.owner.userId });
    expect(JSON.stringify(created_.data)).not.toContain(created.key);

    await revokeApiKey(a.owner, created.id);
    await revokeApiKey(a.owner, created.id); // twice: one revocation, one log row
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } })).revokedAt).not.toBeNull();
    expect(
      await prisma.auditLog.count({
        where: { targetId: created.id, action: "api_key.revoked", actorId: a.owner.userId },
      }),
    ).toBe(1);
    expect((await call(verificationRoute, unknown, { token: created.key, clientId: a.account.clientId })).status).toBe(
      401,
    );
  });

  it("refuses invalid input (the schema's issues, the dashboard shows them by field) and stores nothing", async () => {
    const before = await keysOf(a.account.accountId);
    // what a forged form could send: the types say otherwise, the schema decides
    const bad = { name: " ", scopes: ["admin"], rateLimitPerMinute: 0 } as unknown as Parameters<
      typeof createMemberApiKey
    >[1];
    const refusal = await createMemberApiKey(a.owner, bad).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(z.ZodError);
    expect(Object.keys(zodFieldErrors(refusal as z.ZodError)).sort()).toEqual([
      "name",
      "rateLimitPerMinute",
      "scopes.0",
    ]);
    expect(
      await createMemberApiKey(a.owner, {
        name: "past",
        scopes: ["verification:read"],
        expiresAt: new Date(Date.now() - 1000),
      }),
    ).toEqual({ ok: false, fieldErrors: { expiresAt: "Must be in the future" } });
    expect(await keysOf(a.account.accountId)).toEqual(before);
  });

  it("treats another account's key as not found and leaves it working", async () => {
    const theirs = await createMemberApiKey(b.owner, { name: "theirs", scopes: ["verification:read"] });
    if (!theirs.ok) throw new Error("setup");
    await expect(revokeApiKey(a.owner, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeApiKey(a.owner, "nope")).rejects.toBeInstanceOf(NotFoundError);
    expect((await listApiKeys(a.owner)).map((k) => k.id)).not.toContain(theirs.id);
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeNull();
    expect(await prisma.auditLog.count({ where: { targetId: theirs.id, action: "api_key.revoked" } })).toBe(0);
  });

  it("refuses a reviewer", async () => {
    const mine = (await listApiKeys(a.owner))[0]!;
    const before = await keysOf(a.account.accountId);
    await expect(createMemberApiKey(a.reviewer, { name: "r", scopes: ["verification:read"] })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(revokeApiKey(a.reviewer, mine.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listApiKeys(a.reviewer)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await keysOf(a.account.accountId)).toEqual(before);
  });
});
