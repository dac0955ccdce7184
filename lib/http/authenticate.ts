import "server-only";
import { prisma } from "@/lib/core/db";
import { clock } from "@/lib/core/clock";
import { sha256Hex } from "@/lib/core/crypto/hash";
import { rateWindowStart } from "@/lib/core/rate-limit";
import { sql, ts } from "@/lib/core/sql";
import { isVerificationToken, readVerificationToken } from "@/lib/core/crypto/tokens";
import { DomainError } from "@/lib/core/errors";
import type { Scope } from "@/lib/auth/api-keys/scopes";
import type { CallerScope } from "@/lib/auth/caller-scope";
import type { KeyRider } from "@/lib/auth/api-keys/key-rider";

export type ApiKeyPrincipal = {
  kind: "apiKey";
  accountId: string;
  clientId: string;
  keyId: string;
  scopes: string[];
  rateLimitPerMinute: number | null;
  /** "test" keys drive the sandbox (docs/sandbox.md) */
  mode: "live" | "test";
  /** the key's rate-limit bucket, counted by the statement that authenticated it */
  rate: { count: number; windowStart: Date; now: Date };
  /** what a KeyRider read (null: nothing, or no rider's row); absent when the route sent no rider */
  rider?: unknown;
};

/** The hosted page: a session token scoped to one verification. */
export type SessionPrincipal = {
  kind: "session";
  accountId: string;
  verificationId: string;
  workflowId: string;
  /** the verification's mode */
  mode: "live" | "test";
};

export type Principal = ApiKeyPrincipal | SessionPrincipal;

/** The domain's view of a principal: its account, and the one verification a session is limited to. */
export function callerScope(principal: Principal): CallerScope {
  return {
    accountId: principal.accountId,
    session:
      principal.kind === "session"
        ? { verificationId: principal.verificationId, workflowId: principal.workflowId }
        : null,
    mode: principal.kind === "apiKey" ? principal.mode : null,
  };
}

const LAST_USED_RESOLUTION_SECONDS = 60;

function bearer(headers: Headers): string | null {
  const value = headers.get("authorization");
  const match = value ? /^Bearer\s+(\S{1,1024})\s*$/i.exec(value) : null;
  return match?.[1] ?? null;
}

/**
 * API key (Authorization: Bearer + X-CLIENT-ID) or, where `allowSession`, a verification session token.
 * Every failure is the same INVALID_API_KEY: which part was wrong is not revealed.
 */
export async function authenticate(
  headers: Headers,
  options: { scope: Scope; allowSession: boolean; now?: Date; rider?: KeyRider | null },
): Promise<Principal> {
  const token = bearer(headers);
  if (!token)
    throw new DomainError(
      "INVALID_API_KEY",
      "Missing or malformed Authorization header: send `Authorization: Bearer <API key>`.",
    );

  if (isVerificationToken(token)) {
    if (!options.allowSession) throw new DomainError("INVALID_API_KEY", "This endpoint needs an API key.");
    return authenticateSession(token);
  }

  const clientId = headers.get("x-client-id")?.trim();
  if (!clientId || clientId.length > 200) throw new DomainError("INVALID_API_KEY", "Missing X-CLIENT-ID header.");

  const now = options.now ?? clock.now();
  const windowStart = rateWindowStart(now);
  const rider = options.rider ?? null;
  const values = [sha256Hex(token), clientId, ts(now), options.scope, ts(windowStart)];
  const [key] = rider
    ? await sql<KeyRow>(`api-key-and-rate+${rider.name}`, keyAndRateSql(rider), [...values, rider.value])
    : await sql<KeyRow>("api-key-and-rate", keyAndRateSql(null), values);
  if (!key?.live) {
    throw new DomainError("INVALID_API_KEY", "The API key or client id is invalid, revoked or expired.");
  }
  if (!key.allowed) {
    throw new DomainError("INSUFFICIENT_PERMISSIONS", `This API key lacks the "${options.scope}" permission.`);
  }
  return {
    kind: "apiKey",
    accountId: key.accountId,
    clientId,
    keyId: key.id,
    scopes: key.scopes,
    rateLimitPerMinute: key.rateLimitPerMinute,
    mode: key.mode === "test" ? "test" : "live",
    rate: { count: key.count, windowStart, now },
    ...(rider ? { rider: key.rider ?? null } : {}),
  };
}

type KeyRow = {
  id: string;
  accountId: string;
  scopes: string[];
  rateLimitPerMinute: number | null;
  mode: "live" | "test";
  live: boolean;
  allowed: boolean;
  count: number;
  rider?: unknown;
};

// The key, its account's client id, its scope, the coarse lastUsedAt write (at most one a minute per key, not one per
// request) and the key's rate-limit bucket, in ONE statement. Measured (bench:api, 2026-11-25): this was 4 round trips
// through Prisma (key, account, lastUsedAt, bucket). Only a live key with the scope counts against its own bucket;
// every other failure counts against the caller's address (lib/http/handler.ts), as before.
const keyAndRateSql = (rider: KeyRider | null) => `
WITH k AS (
  SELECT k."id", k."accountId", k."scopes", k."rateLimitPerMinute", k."mode",
         (k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > $3::timestamp(3))) AS "live",
         $4 = ANY(k."scopes") AS "allowed"
  FROM "ApiKey" k JOIN "Account" a ON a."id" = k."accountId"
  WHERE k."keyHash" = $1 AND a."clientId" = $2
), used AS (
  UPDATE "ApiKey" SET "lastUsedAt" = $3::timestamp(3)
  WHERE "id" = (SELECT "id" FROM k WHERE "live" AND "allowed")
    AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $3::timestamp(3) - interval '${LAST_USED_RESOLUTION_SECONDS} seconds')
), bucket AS (
  INSERT INTO "RateLimitBucket" ("key", "windowStart", "count")
  SELECT 'key:' || k."id", $5::timestamp(3), 1 FROM k WHERE k."live" AND k."allowed"
  ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
  RETURNING "count"
)
SELECT k.*, (SELECT "count" FROM bucket) AS "count"${
  rider
    ? `, CASE WHEN k."live" AND k."allowed" THEN (${rider.sql('k."accountId"', "$6", 'k."mode"')}) END AS "rider"`
    : ""
} FROM k`;

async function authenticateSession(token: string): Promise<SessionPrincipal> {
  const verificationId = readVerificationToken(token, "session");
  const verification = verificationId
    ? await prisma.verification.findUnique({
        where: { id: verificationId },
        select: { id: true, accountId: true, workflowId: true, mode: true },
      })
    : null;
  if (!verification) throw new DomainError("INVALID_API_KEY", "The verification session is invalid or has expired.");
  return {
    kind: "session",
    accountId: verification.accountId,
    verificationId: verification.id,
    workflowId: verification.workflowId,
    mode: verification.mode,
  };
}
