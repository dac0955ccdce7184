import { DomainError } from "@/lib/core/errors";
import { apiRoute, json } from "@/lib/http/handler";
import { createHandoff } from "@/lib/domain/hosted/handoff";

export const runtime = "nodejs";

// POST /api/hosted/handoff — a one-time code to continue this verification on a phone (session token only)
export const POST = apiRoute({ auth: { scope: "verification:inputs", allowSession: true } }, async ({ principal }) => {
  if (principal.kind !== "session")
    throw new DomainError("INSUFFICIENT_PERMISSIONS", "This endpoint is for the hosted page's session token.");
  const response = json(await createHandoff(principal), 201);
  response.headers.set("Cache-Control", "no-store");
  return response;
});
