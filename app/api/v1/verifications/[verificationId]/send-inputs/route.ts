import { z } from "zod";
import { callerScope } from "@/lib/http/authenticate";
import { apiRoute, json } from "@/lib/http/handler";
import { withIdempotency } from "@/lib/http/idempotency";
import { MAX_SEND_INPUTS_BYTES, readInputsRequest } from "@/lib/http/read-inputs-request";
import { sendInputs } from "@/lib/domain/verifications/send-inputs";

export const runtime = "nodejs";

// POST /api/v1/verifications/{verificationId}/send-inputs — submit inputs (JSON or multipart/form-data; an
// Idempotency-Key replays the first answer)
export const POST = apiRoute(
  { auth: { scope: "verification:inputs", allowSession: true }, params: z.object({ verificationId: z.string() }) },
  async ({ request, params, principal }) =>
    withIdempotency(request, principal, MAX_SEND_INPUTS_BYTES, async (request) => {
      const { items, complete } = await readInputsRequest(request);
      return json(await sendInputs(callerScope(principal), params.verificationId, items, complete));
    }),
);
