import "server-only";
import type { z } from "zod";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import { createApiKey, CreateApiKeySchema } from "@/lib/auth/api-keys/create-api-key";
import { idOrNotFound } from "@/lib/core/ids";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { DashboardError, NotFoundError } from "@/lib/core/errors";
import { rateLimitProblem } from "@/lib/auth/operator";
import { env } from "@/lib/core/env";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

export async function listApiKeys(member: Member) {
  assertCan(member, "manageCredentials");
  return prisma.apiKey.findMany({
    where: { accountId: member.accountId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      keyPrefix: true,
      scopes: true,
      rateLimitPerMinute: true,
      mode: true,
      expiresAt: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
    },
  });
}

export type CreateKeyResult =
  { ok: true; key: string; keyPrefix: string; id: string } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Creates a key and audit-logs it; the full key is in the result and nowhere else (not in the log either). An
 * invalid input throws the schema's ZodError (the dashboard's action wrapper maps it to field errors); the refusals
 * the schema cannot see come back by field.
 */
export async function createMemberApiKey(
  member: Member,
  input: z.input<typeof CreateApiKeySchema>,
): Promise<CreateKeyResult> {
  assertCan(member, "manageCredentials");
  const data = CreateApiKeySchema.parse(input);
  if (data.expiresAt && data.expiresAt <= clock.now()) {
    return { ok: false, fieldErrors: { expiresAt: "Must be in the future" } };
  }
  const tooFast = rateLimitProblem(data.rateLimitPerMinute, member.email);
  if (tooFast) return { ok: false, fieldErrors: { rateLimitPerMinute: tooFast } };
  return prisma.$transaction(async (tx) => {
    // one key creation per account at a time, so two concurrent requests cannot both pass the cap
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`api-keys:${member.accountId}`}, 0))`;
    const max = env().API_KEYS_PER_ACCOUNT_MAX;
    if ((await tx.apiKey.count({ where: { accountId: member.accountId, revokedAt: null } })) >= max) {
      throw new DashboardError(`This account already has ${max} active API keys, the most allowed. Revoke one first.`);
    }
    const created = await createApiKey(member.accountId, data, tx);
    await recordAudit(tx, {
      ...byMember(member),
      action: "api_key.created",
      target: { type: "ApiKey", id: created.id },
      data: {
        name: data.name,
        keyPrefix: created.keyPrefix,
        scopes: created.scopes,
        mode: created.mode,
        rateLimitPerMinute: data.rateLimitPerMinute ?? null,
        expiresAt: data.expiresAt?.toISOString() ?? null,
      },
    });
    return { ok: true as const, key: created.key, keyPrefix: created.keyPrefix, id: created.id };
  });
}

/** Revokes a key of this account at once (the API refuses it from the next request); revoking twice is a no-op. */
export async function revokeApiKey(member: Member, keyId: string): Promise<void> {
  assertCan(member, "manageCredentials");
  const id = idOrNotFound(keyId);
  await prisma.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { id, accountId: member.accountId },
      select: { id: true, keyPrefix: true, revokedAt: true },
    });
    if (!key) throw new NotFoundError("API key not found");
    if (key.revokedAt) return;
    await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: clock.now() } });
    await recordAudit(tx, {
      ...byMember(member),
      action: "api_key.revoked",
      target: { type: "ApiKey", id: key.id },
      data: { keyPrefix: key.keyPrefix },
    });
  });
}
