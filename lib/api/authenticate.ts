import "server-only";
import { prisma } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto/hash";
import { isVerificationToken, readVerificationToken } from "@/lib/crypto/tokens";
import { DomainError } from "@/lib/api/errors";
import type { Scope } from "@/lib/credentials/scopes";
import type { CallerScope } from "@/lib/verifications/caller-scope";

export type ApiKeyPrincipal = {
  kind: "apiKey";
  accountId: string;
  clientId: string;
  keyId: string;
  scopes: string[];
  rateLimitPerMinute: number | null;
};

/** The hosted page: a session token scoped to one verification. */
export type SessionPrincipal = { kind: "session"; accountId: string; verificationId: string; workflowId: string };

export type Principal = ApiKeyPrincipal | SessionPrincipal;

/** The domain's view of a principal: its account, and the one verification a session is limited to. */
export function callerScope(principal: Principal): CallerScope {
  return {
    accountId: principal.accountId,
    session:
      principal.kind === "session"
        ? { verificationId: principal.verificationId, workflowId: principal.workflowId }
        : null,
  };
}

const LAST_USED_RESOLUTION_MS = 60_000;

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
  options: { scope: Scope; allowSession: boolean },
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

  const key = await prisma.apiKey.findUnique({
    where: { keyHash: sha256Hex(token) },
    select: {
      id: true,
      accountId: true,
      scopes: true,
      rateLimitPerMinute: true,
      revokedAt: true,
      expiresAt: true,
      lastUsedAt: true,
      account: { select: { clientId: true } },
    },
  });
  const now = Date.now();
  if (!key || key.account.clientId !== clientId || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now)) {
    throw new DomainError("INVALID_API_KEY", "The API key or client id is invalid, revoked or expired.");
  }
  if (!key.scopes.includes(options.scope)) {
    throw new DomainError("INSUFFICIENT_PERMISSIONS", `This API key lacks the "${options.scope}" permission.`);
  }
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // coarse on purpose: one write a minute per key, not one per request
    await prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } });
  }
  return {
    kind: "apiKey",
    accountId: key.accountId,
    clientId,
    keyId: key.id,
    scopes: key.scopes,
    rateLimitPerMinute: key.rateLimitPerMinute,
  };
}

async function authenticateSession(token: string): Promise<SessionPrincipal> {
  const verificationId = readVerificationToken(token, "session");
  const verification = verificationId
    ? await prisma.verification.findUnique({
        where: { id: verificationId },
        select: { id: true, accountId: true, workflowId: true },
      })
    : null;
  if (!verification) throw new DomainError("INVALID_API_KEY", "The verification session is invalid or has expired.");
  return {
    kind: "session",
    accountId: verification.accountId,
    verificationId: verification.id,
    workflowId: verification.workflowId,
  };
}
