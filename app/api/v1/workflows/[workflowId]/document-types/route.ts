import { z } from "zod";
import { apiRoute, json } from "@/lib/http/handler";
import { DocumentTypesQuery } from "@/lib/http/schemas";
import { workflowDocumentTypes } from "@/lib/domain/flows/document-types/workflow-document-types";

export const runtime = "nodejs";

// GET /api/v1/workflows/{workflowId}/document-types?country=&step= — document types of a workflow (no auth)
export const GET = apiRoute(
  { auth: "public", params: z.object({ workflowId: z.string() }), query: DocumentTypesQuery },
  async ({ params, query }) => json(await workflowDocumentTypes(params.workflowId, query)),
);
