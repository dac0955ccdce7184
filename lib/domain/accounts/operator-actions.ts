import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { createAccount } from "@/lib/domain/accounts/create-account";
import { prisma } from "@/lib/core/db";
import { recordAudit } from "@/lib/domain/audit/record-audit";

// What only the operator does (server/operator.ts, `npm run operator -- …`): it runs with the database's
// credentials on the server, so it needs no dashboard session and no rate-limit ceiling.

/** Sets a key's rate limit (null: the service default) by its id or its shown prefix; audited as the operator. */
export async function setKeyRateLimit(keyIdOrPrefix: string, perMinute: number | null) {
  if (perMinute !== null && !(Number.isInteger(perMinute) && perMinute >= 1 && perMinute <= 1_000_000))
    throw new Error("the rate limit is a whole number from 1 to 1000000, or 'default'");
  const isId = z.uuid().safeParse(keyIdOrPrefix).success;
  const keys = await prisma.apiKey.findMany({
    where: isId ? { id: keyIdOrPrefix } : { keyPrefix: keyIdOrPrefix },
    select: { id: true, accountId: true, keyPrefix: true, rateLimitPerMinute: true },
  });
  if (keys.length !== 1)
    throw new Error(
      keys.length
        ? `${keys.length} keys have the prefix ${keyIdOrPrefix}: give the key id`
        : `no API key ${keyIdOrPrefix}`,
    );
  const key = keys[0]!;
  await prisma.$transaction([
    prisma.apiKey.update({ where: { id: key.id }, data: { rateLimitPerMinute: perMinute } }),
    recordAudit(prisma, {
      accountId: key.accountId,
      actor: { system: "operator" },
      action: "api_key.rate_limit_set",
      target: { type: "ApiKey", id: key.id },
      data: { before: key.rateLimitPerMinute, after: perMinute },
    }),
  ]);
  return { keyId: key.id, keyPrefix: key.keyPrefix, rateLimitPerMinute: perMinute };
}

/** A new account and its owner with a one-time password to change at first sign-in (printed once by the CLI). */
export async function createAccountAsOperator(accountName: string, email: string) {
  const password = randomBytes(18).toString("base64url");
  const created = await createAccount({ accountName, email, password });
  return { ...created, email: email.trim().toLowerCase(), password };
}
