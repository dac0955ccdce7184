import "server-only";
import { issueVerificationToken } from "@/lib/core/crypto/tokens";
import { env } from "@/lib/core/env";
import { signLink, type LinkMode } from "@/lib/domain/hosted/link-signature";

/** The customer's shareable link: opening it starts a new verification of the workflow (unsigned: no metadata). */
export function workflowVerifyUrl(flowId: string, clientId: string): string {
  const url = new URL("/verify", env().PUBLIC_URL);
  url.searchParams.set("flowId", flowId);
  url.searchParams.set("clientId", clientId);
  return url.toString();
}

/**
 * A shareable link the account vouches for: metadata (which may name the user: userId, email), its mode (`mode=test`
 * for a test key's link; none is live), its expiry `exp` (unix seconds) and `sig`, the HMAC over all of them exactly
 * as written in the link (lib/domain/hosted/link-signature.ts).
 */
export function signedVerifyUrl(
  flowId: string,
  clientId: string,
  metadata: Record<string, unknown> | undefined,
  options: { mode: LinkMode; expiresAt: Date },
): string {
  const url = new URL(workflowVerifyUrl(flowId, clientId));
  const text = metadata && Object.keys(metadata).length ? JSON.stringify(metadata) : null;
  const exp = String(Math.floor(options.expiresAt.getTime() / 1000));
  if (text) url.searchParams.set("metadata", text);
  if (options.mode === "test") url.searchParams.set("mode", "test");
  url.searchParams.set("exp", exp);
  url.searchParams.set("sig", signLink({ flowId, clientId, metadata: text, mode: options.mode, exp }));
  return url.toString();
}

/**
 * verificationUrl of a start response: the workflow and client ids, the verification id and a signed resume token.
 * The metadata stays on the server (a URL ends up in browser history, proxies and referrers; it may name the user).
 */
export function resumeVerifyUrl(
  verification: { id: string; workflowId: string; expiresAt: Date | null },
  clientId: string,
  now: Date,
): string {
  const expiresAt = verification.expiresAt ?? new Date(now.getTime() + env().RESUME_TOKEN_HOURS * 3_600_000);
  const url = new URL(workflowVerifyUrl(verification.workflowId, clientId));
  url.searchParams.set("verificationId", verification.id);
  url.searchParams.set("token", issueVerificationToken(verification.id, "resume", expiresAt));
  return url.toString();
}
