import { readJsonBody } from "@/lib/http/body";
import { apiRoute, json } from "@/lib/http/handler";
import { withIdempotency } from "@/lib/http/idempotency";
import { StartVerificationBody } from "@/lib/http/schemas";
import { validateMetadata } from "@/lib/domain/verifications/metadata";
import { startVerification } from "@/lib/domain/verifications/start-verification";

export const runtime = "nodejs";

const MAX_START_BODY_BYTES = 64 * 1024;

// POST /api/v1/verifications — start a verification (an Idempotency-Key replays the first answer)
export const POST = apiRoute({ auth: { scope: "verification:create" } }, async ({ request, principal, ip }) =>
  withIdempotency(request, principal, MAX_START_BODY_BYTES, async (request) => {
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
