import { readJsonBody } from "@/lib/api/body";
import { apiRoute, json } from "@/lib/api/handler";
import { StartVerificationBody } from "@/lib/api/schemas";
import { validateMetadata } from "@/lib/verifications/metadata";
import { startVerification } from "@/lib/verifications/start-verification";

export const runtime = "nodejs";

const MAX_START_BODY_BYTES = 64 * 1024;

// POST /api/v1/verifications — start a verification
export const POST = apiRoute({ auth: { scope: "verification:create" } }, async ({ request, principal, ip }) => {
  const body = await readJsonBody(request, StartVerificationBody, MAX_START_BODY_BYTES);
  const metadata = validateMetadata(body.metadata);
  const started = await startVerification({
    accountId: principal.accountId,
    clientId: principal.clientId,
    flowId: body.flowId,
    metadata,
    ipAddress: ip,
  });
  return json(started, 201);
});
