import { z } from "zod";
import { callerScope } from "@/lib/api/authenticate";
import { apiRoute, json } from "@/lib/api/handler";
import { withIdempotency } from "@/lib/api/idempotency";
import { MAX_SEND_INPUTS_BYTES, readInputsRequest } from "@/lib/api/read-inputs-request";
import { sendInputs } from "@/lib/verifications/send-inputs";

export const runtime = "nodejs";

// POST /api/v1/verifications/{verificationId}/send-inputs — submit inputs (JSON or multipart/form-data; an
// Idempotency-Key replays the first answer)
export const POST = apiRoute(
  { auth: { scope: "verification:inputs", allowSession: true }, params: z.object({ verificationId: z.string() }) },
  async ({ request, params, principal }) =>
    withIdempotency(request, principal.accountId, MAX_SEND_INPUTS_BYTES, async (request) => {
      const { items, complete } = await readInputsRequest(request);
      return json(await sendInputs(callerScope(principal), params.verificationId, items, complete));
    }),
);
