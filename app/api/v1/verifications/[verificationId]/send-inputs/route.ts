import { z } from "zod";
import { callerScope } from "@/lib/http/authenticate";
import { apiRoute, json } from "@/lib/http/handler";
import { idempotencyKey, withIdempotentBody } from "@/lib/http/idempotency";
import { readInputsRequest } from "@/lib/http/read-inputs-request";
import { uploadSlot } from "@/lib/http/upload-slots";
import { planInputsUpload } from "@/lib/domain/verifications/plan-inputs-upload";
import { sendInputs } from "@/lib/domain/verifications/send-inputs";

export const runtime = "nodejs";

// POST /api/v1/verifications/{verificationId}/send-inputs — submit inputs (JSON or multipart/form-data; an
// Idempotency-Key replays the first answer). Consent, the expected file fields and an upload slot are settled
// before a byte of the body is read (docs/security.md, "Uploads").
export const POST = apiRoute(
  { auth: { scope: "verification:inputs", allowSession: true }, params: z.object({ verificationId: z.string() }) },
  async ({ request, params, principal }) => {
    const caller = callerScope(principal);
    const hasIdempotencyKey = idempotencyKey(request) !== null;
    const plan = await planInputsUpload(caller, params.verificationId, { hasIdempotencyKey });
    const slot = uploadSlot(request);
    try {
      const { items, complete, requestHash } = await readInputsRequest(request, plan, slot);
      return await withIdempotentBody(request, principal, { value: items, requestHash }, async (items) =>
        json(await sendInputs(caller, params.verificationId, items, complete)),
      );
    } finally {
      slot.release();
    }
  },
);
