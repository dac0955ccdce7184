import { readJsonBody } from "@/lib/http/body";
import { apiRoute, json } from "@/lib/http/handler";
import { HostedStartBody } from "@/lib/http/schemas";
import { startHostedVerification } from "@/lib/domain/hosted/start-hosted-verification";

export const runtime = "nodejs";

// POST /api/hosted/start — a shareable /verify link starts a new verification (no API key; limited per address)
export const POST = apiRoute({ auth: "public" }, async ({ request, ip }) => {
  const body = await readJsonBody(request, HostedStartBody, 80 * 1024);
  return json(
    await startHostedVerification(
      {
        flowId: body.flowId,
        clientId: body.clientId,
        metadata: body.metadata ?? null,
        sig: body.sig ?? null,
        mode: body.mode ?? null,
        exp: body.exp ?? null,
      },
      ip,
    ),
    201,
  );
});
