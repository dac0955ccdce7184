import { z } from "zod";
import { readJsonBody } from "@/lib/http/body";
import { callerScope } from "@/lib/http/authenticate";
import { apiRoute, json } from "@/lib/http/handler";
import { CredentialRequestBody } from "@/lib/http/schemas";
import { createCredentialRequest } from "@/lib/domain/credentials/credential-request";

export const runtime = "nodejs";

// POST /api/v1/verifications/{verificationId}/credential-request — a fresh OpenID4VP request for the phone wallet
// (issue 34): the hosted page (session token) or an integrator's own front end (its origin named, allowed by the
// workflow's CREDENTIAL_ORIGINS)
export const POST = apiRoute(
  { auth: { scope: "verification:inputs", allowSession: true }, params: z.object({ verificationId: z.string() }) },
  async ({ request, params, principal }) => {
    const body = await readJsonBody(request, CredentialRequestBody, 4 * 1024);
    const response = json(await createCredentialRequest(callerScope(principal), params.verificationId, body.origin));
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
);
