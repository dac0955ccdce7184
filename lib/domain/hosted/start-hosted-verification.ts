import "server-only";
import { DomainError } from "@/lib/core/errors";
import { consumeRateLimit } from "@/lib/core/rate-limit";
import { env } from "@/lib/core/env";
import { loadHostedState } from "@/lib/domain/hosted/load-hosted-state";
import { issueHostedSession } from "@/lib/domain/hosted/open-session";
import { resolveShareableLink, type ShareableLink } from "@/lib/domain/hosted/shareable-link";
import { startVerification } from "@/lib/domain/verifications/start-verification";

/**
 * The end user pressed "Start" on a shareable link: a new verification of that workflow, opened at once.
 * Starts are limited per client address (HOSTED_START_RATE_LIMIT_PER_MINUTE), since the link needs no API key.
 */
export async function startHostedVerification(link: ShareableLink, ip: string | null) {
  const limit = env().HOSTED_START_RATE_LIMIT_PER_MINUTE;
  const rate = await consumeRateLimit(`hosted-start:${ip ?? "unknown"}`, limit);
  if (rate.exceeded) {
    throw new DomainError(
      "RATE_LIMITED",
      `Too many verifications were started from your network. Try again in ${rate.resetSeconds} s.`,
      {
        retryAfter: rate.resetSeconds,
      },
    );
  }
  const resolved = await resolveShareableLink(link);
  const started = await startVerification({
    accountId: resolved.accountId,
    clientId: link.clientId,
    flowId: resolved.flowId,
    metadata: resolved.metadata,
    ipAddress: ip,
    // a test key's signed link starts a test verification (sandbox outcomes, test webhooks only)
    mode: resolved.mode,
    linkSigned: resolved.signed,
  });
  const session = await issueHostedSession(started.verificationId);
  const state = await loadHostedState(resolved.accountId, started.verificationId);
  return { session, state, verifyUrl: started.verificationUrl };
}
