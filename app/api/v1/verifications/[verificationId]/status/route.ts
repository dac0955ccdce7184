import { z } from "zod";
import { apiRoute, json } from "@/lib/api/handler";
import { findVerificationOrThrow } from "@/lib/verifications/find-verification";
import { toVerificationStatus } from "@/lib/verifications/serialize-verification";

export const runtime = "nodejs";

// GET /api/v1/verifications/{verificationId}/status — status, result, steps and missing inputs
export const GET = apiRoute(
  { auth: { scope: "verification:read" }, params: z.object({ verificationId: z.string() }) },
  async ({ params, principal }) =>
    json(toVerificationStatus(await findVerificationOrThrow(principal.accountId, params.verificationId))),
);
