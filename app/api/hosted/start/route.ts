import { z } from "zod";
import { readJsonBody } from "@/lib/api/body";
import { apiRoute, json } from "@/lib/api/handler";
import { startHostedVerification } from "@/lib/hosted/start-hosted-verification";

export const runtime = "nodejs";

const Body = z
  .object({ flowId: z.string().max(64), clientId: z.string().max(200), metadata: z.string().max(64 * 1024).nullable().optional(), sig: z.string().max(128).nullable().optional() })
  .strict();

// POST /api/hosted/start — a shareable /verify link starts a new verification (no API key; limited per address)
export const POST = apiRoute({ auth: "public" }, async ({ request, ip }) => {
  const body = await readJsonBody(request, Body, 80 * 1024);
  return json(await startHostedVerification({ flowId: body.flowId, clientId: body.clientId, metadata: body.metadata ?? null, sig: body.sig ?? null }, ip), 201);
});
