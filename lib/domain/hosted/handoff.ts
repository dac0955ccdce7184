import "server-only";
import { randomBytes } from "node:crypto";
import { DomainError } from "@/lib/core/errors";
import { clock } from "@/lib/core/clock";
import { sha256Hex } from "@/lib/core/crypto/hash";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { isFinal } from "@/lib/domain/verifications/transitions";
import { resumeVerifyUrl } from "@/lib/domain/verifications/verify-url";

// "Continue on your phone": the desktop page asks for a one-time code, shows it as a QR code and a short link
// (/h/<code>); the phone trades it for the verification's resume link and gets a session of its own. The code is
// 12 Crockford base-32 characters (60 random bits: short enough to type, far beyond guessing within 15 minutes
// at the public rate limit), stored only as its SHA-256, single use, and scoped to one verification of one account.

export const HANDOFF_MINUTES = 15;
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function newCode(): string {
  // 256 is a multiple of 32: every character is uniform
  return [...randomBytes(12)].map((b) => ALPHABET[b & 31]).join("");
}

/** "ABCD EFGH JKMN" → the short link's display form, "ABCD-EFGH-JKMN". */
export function displayCode(code: string): string {
  return code.match(/.{1,4}/g)!.join("-");
}

/** A new code for this verification; earlier unused codes of it stop working (one phone link at a time). */
export async function createHandoff(scope: { accountId: string; verificationId: string }) {
  const now = clock.now();
  const verification = await prisma.verification.findFirst({
    where: { id: scope.verificationId, accountId: scope.accountId },
    select: { status: true },
  });
  if (!verification) throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists.");
  if (isFinal(verification.status) || verification.status === "PROCESSING") {
    throw new DomainError("INVALID_STATE", `The verification is ${verification.status}: nothing is left to do.`);
  }
  const code = newCode();
  const expiresAt = new Date(now.getTime() + HANDOFF_MINUTES * 60_000);
  await prisma.$transaction([
    prisma.handoffToken.deleteMany({ where: { verificationId: scope.verificationId, usedAt: null } }),
    prisma.handoffToken.create({
      data: {
        accountId: scope.accountId,
        verificationId: scope.verificationId,
        tokenHash: sha256Hex(code),
        expiresAt,
        createdAt: now,
      },
    }),
  ]);
  return {
    code: displayCode(code),
    url: `${env().PUBLIC_URL.replace(/\/$/, "")}/h/${displayCode(code)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

export type HandoffCheck = { state: "VALID"; accountName: string } | { state: "USED" | "EXPIRED" | "UNKNOWN" };

/** What the short link's page shows before the phone redeems it (reading it consumes nothing: link previewers). */
export async function inspectHandoff(code: string): Promise<HandoffCheck> {
  const row = await prisma.handoffToken.findUnique({
    where: { tokenHash: sha256Hex(code) },
    select: { usedAt: true, expiresAt: true, verification: { select: { account: { select: { name: true } } } } },
  });
  if (!row) return { state: "UNKNOWN" };
  if (row.usedAt) return { state: "USED" };
  if (row.expiresAt <= clock.now()) return { state: "EXPIRED" };
  return { state: "VALID", accountName: row.verification.account.name };
}

/**
 * The phone redeems the code (once: a conditional UPDATE, so two phones racing get one link) and is sent to the
 * verification's resume link, a path on this origin. It never sees the desktop's session token.
 */
export async function redeemHandoff(code: string): Promise<{ path: string }> {
  const now = clock.now();
  const [row] = await prisma.$queryRaw<{ verificationId: string }[]>`
    UPDATE "HandoffToken" SET "usedAt" = ${now}
    WHERE "tokenHash" = ${sha256Hex(code)} AND "usedAt" IS NULL AND "expiresAt" > ${now}
    RETURNING "verificationId"`;
  if (!row) throw new DomainError("INVALID_STATE", "This code is unknown, expired or already used.");
  const verification = await prisma.verification.findUniqueOrThrow({
    where: { id: row.verificationId },
    select: { id: true, workflowId: true, expiresAt: true, account: { select: { clientId: true } } },
  });
  const url = new URL(resumeVerifyUrl(verification, verification.account.clientId, now));
  return { path: `${url.pathname}${url.search}` };
}

/** The desktop's view of its latest code: waiting for the phone, opened on it, or expired unused. */
export async function handoffStatus(verificationId: string) {
  const row = await prisma.handoffToken.findFirst({
    where: { verificationId },
    orderBy: { createdAt: "desc" },
    select: { usedAt: true, expiresAt: true },
  });
  if (!row) return null;
  const state = row.usedAt ? "OPENED" : row.expiresAt <= clock.now() ? "EXPIRED" : "WAITING";
  return { state, expiresAt: row.expiresAt.toISOString() } as const;
}
