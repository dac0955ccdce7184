import { z } from "zod";
import { apiRoute, json } from "@/lib/api/handler";
import { readVerificationStatus } from "@/lib/verifications/read-status";

export const runtime = "nodejs";

// GET /api/v1/verifications/{verificationId}/status — status, result, steps and missing inputs
export const GET = apiRoute(
  { auth: { scope: "verification:read" }, params: z.object({ verificationId: z.string() }) },
  async ({ params, principal }) => json(await readVerificationStatus(principal.accountId, params.verificationId)),
);
