import { readJsonBody } from "@/lib/http/body";
import { apiRoute, json } from "@/lib/http/handler";
import { HostedSessionBody } from "@/lib/http/schemas";
import { openHostedSession } from "@/lib/domain/hosted/open-session";

export const runtime = "nodejs";

// POST /api/hosted/session — the hosted page exchanges a verificationUrl's resume token for a session token
export const POST = apiRoute({ auth: "public" }, async ({ request }) => {
  const body = await readJsonBody(request, HostedSessionBody, 2048);
  const { verificationId, flowId, sessionToken, expiresAt } = await openHostedSession(body.verificationId, body.token);
  return json({ verificationId, flowId, sessionToken, expiresAt });
});
