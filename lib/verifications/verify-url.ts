import "server-only";
import { issueVerificationToken } from "@/lib/crypto/tokens";
import { env } from "@/lib/env";

/** The customer's shareable link: opening it starts a new verification of the workflow. */
export function workflowVerifyUrl(flowId: string, clientId: string, metadata?: Record<string, unknown>): string {
  const url = new URL("/verify", env().PUBLIC_URL);
  url.searchParams.set("flowId", flowId);
  url.searchParams.set("clientId", clientId);
  if (metadata) url.searchParams.set("metadata", JSON.stringify(metadata));
  return url.toString();
}

/** verificationUrl of a start response: the shareable link plus verificationId and a signed resume token. */
export function resumeVerifyUrl(
  verification: { id: string; workflowId: string; metadata: Record<string, unknown>; expiresAt: Date | null },
  clientId: string,
  now: Date,
): string {
  const expiresAt = verification.expiresAt ?? new Date(now.getTime() + env().RESUME_TOKEN_HOURS * 3_600_000);
  const url = new URL(workflowVerifyUrl(verification.workflowId, clientId, verification.metadata));
  url.searchParams.set("verificationId", verification.id);
  url.searchParams.set("token", issueVerificationToken(verification.id, "resume", expiresAt));
  return url.toString();
}
