import { z } from "zod";
import { apiRoute, json } from "@/lib/http/handler";
import { readVerificationStatus, statusRider } from "@/lib/domain/verifications/read-status";

export const runtime = "nodejs";

// GET /api/v1/verifications/{verificationId}/status — status, result, steps and missing inputs
export const GET = apiRoute(
  // the status rides on the key's own statement: one round trip per poll
  { auth: { scope: "verification:read", rider: statusRider }, params: z.object({ verificationId: z.string() }) },
  async ({ params, principal }) =>
    json(await readVerificationStatus(principal.accountId, params.verificationId, principal.rider)),
);
