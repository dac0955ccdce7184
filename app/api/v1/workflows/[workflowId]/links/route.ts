import { z } from "zod";
import { readJsonBody } from "@/lib/api/body";
import { apiRoute, json } from "@/lib/api/handler";
import { CreateLinkBody } from "@/lib/api/schemas";
import { createSignedLink } from "@/lib/hosted/create-signed-link";

export const runtime = "nodejs";

// POST /api/v1/workflows/{workflowId}/links — mint a signed shareable /verify link (permission verification:create)
export const POST = apiRoute(
  { auth: { scope: "verification:create" }, params: z.object({ workflowId: z.string() }) },
  async ({ request, principal, params }) => {
    const body = await readJsonBody(request, CreateLinkBody, 64 * 1024);
    return json(
      await createSignedLink(
        { accountId: principal.accountId, clientId: principal.clientId },
        params.workflowId,
        body.metadata,
      ),
      201,
    );
  },
);
