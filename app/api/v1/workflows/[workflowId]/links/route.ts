import { z } from "zod";
import { readJsonBody } from "@/lib/http/body";
import { apiRoute, json } from "@/lib/http/handler";
import { CreateLinkBody } from "@/lib/http/schemas";
import { createSignedLink } from "@/lib/domain/hosted/create-signed-link";

export const runtime = "nodejs";

// POST /api/v1/workflows/{workflowId}/links — mint a signed shareable /verify link (permission verification:create)
export const POST = apiRoute(
  { auth: { scope: "verification:create" }, params: z.object({ workflowId: z.string() }) },
  async ({ request, principal, params }) => {
    const body = await readJsonBody(request, CreateLinkBody, 64 * 1024);
    return json(
      await createSignedLink(
        // the key's mode is signed into the link: a test key's link starts test verifications only
        { accountId: principal.accountId, clientId: principal.clientId, mode: principal.mode },
        params.workflowId,
        body.metadata,
        body.expiresInDays,
      ),
      201,
    );
  },
);
