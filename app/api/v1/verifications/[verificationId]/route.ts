import { z } from "zod";
import { apiRoute, json } from "@/lib/http/handler";
import { findVerificationOrThrow } from "@/lib/domain/verifications/find-verification";
import { toVerificationRecord } from "@/lib/domain/verifications/serialize-verification";

export const runtime = "nodejs";

// GET /api/v1/verifications/{verificationId} — the verification record with step data
export const GET = apiRoute(
  { auth: { scope: "verification:read" }, params: z.object({ verificationId: z.string() }) },
  async ({ params, principal }) =>
    json(
      toVerificationRecord(await findVerificationOrThrow(principal.accountId, params.verificationId, principal.mode)),
    ),
);
