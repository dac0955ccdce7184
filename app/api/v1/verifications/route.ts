import { readJsonBody } from "@/lib/api/body";
import { apiRoute, json } from "@/lib/api/handler";
import { withIdempotency } from "@/lib/api/idempotency";
import { StartVerificationBody } from "@/lib/api/schemas";
import { validateMetadata } from "@/lib/verifications/metadata";
import { startVerification } from "@/lib/verifications/start-verification";

export const runtime = "nodejs";

const MAX_START_BODY_BYTES = 64 * 1024;

// POST /api/v1/verifications — start a verification (an Idempotency-Key replays the first answer)
export const POST = apiRoute({ auth: { scope: "verification:create" } }, async ({ request, principal, ip }) =>
  withIdempotency(request, principal.accountId, MAX_START_BODY_BYTES, async (request) => {
    const body = await readJsonBody(request, StartVerificationBody, MAX_START_BODY_BYTES);
    const metadata = validateMetadata(body.metadata);
    const started = await startVerification({
      accountId: principal.accountId,
      clientId: principal.clientId,
      flowId: body.flowId,
      metadata,
      ipAddress: ip,
      mode: principal.mode,
    });
    return json(started, 201);
  }),
);
