import { readJsonBody } from "@/lib/http/body";
import { DomainError } from "@/lib/core/errors";
import { apiRoute, json } from "@/lib/http/handler";
import { HostedConsentBody } from "@/lib/http/schemas";
import { loadHostedState } from "@/lib/domain/hosted/load-hosted-state";
import { recordConsent } from "@/lib/domain/hosted/record-consent";

export const runtime = "nodejs";

// POST /api/hosted/consent — the end user agrees (or declines) on the consent screen (session token only)
export const POST = apiRoute(
  { auth: { scope: "verification:inputs", allowSession: true } },
  async ({ request, principal, ip }) => {
    if (principal.kind !== "session")
      throw new DomainError("INSUFFICIENT_PERMISSIONS", "Consent is the end user's: it comes from the hosted page.");
    const body = await readJsonBody(request, HostedConsentBody, 1024);
    await recordConsent(principal, body, ip);
    const response = json(await loadHostedState(principal.accountId, principal.verificationId));
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
);
