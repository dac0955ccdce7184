import { DomainError } from "@/lib/core/errors";
import { apiRoute, json } from "@/lib/http/handler";
import { loadHostedState } from "@/lib/domain/hosted/load-hosted-state";

export const runtime = "nodejs";

// GET /api/hosted/state — the hosted page's view of its own verification (session token only)
export const GET = apiRoute({ auth: { scope: "verification:read", allowSession: true } }, async ({ principal }) => {
  if (principal.kind !== "session")
    throw new DomainError("INSUFFICIENT_PERMISSIONS", "This endpoint is for the hosted page's session token.");
  const response = json(await loadHostedState(principal.accountId, principal.verificationId));
  response.headers.set("Cache-Control", "no-store");
  return response;
});
