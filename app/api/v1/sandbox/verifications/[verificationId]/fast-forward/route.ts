import { z } from "zod";
import { apiRoute, json } from "@/lib/http/handler";
import { fastForwardVerification } from "@/lib/domain/sandbox/fast-forward";

export const runtime = "nodejs";

// POST /api/v1/sandbox/verifications/{verificationId}/fast-forward — test mode only: 24 h pass, the verification
// is abandoned as the stale sweep would (docs/sandbox.md)
export const POST = apiRoute(
  { auth: { scope: "verification:create" }, params: z.object({ verificationId: z.string() }) },
  async ({ params, principal }) =>
    json(await fastForwardVerification(principal.accountId, params.verificationId, principal.mode)),
);
