import { apiRoute, json } from "@/lib/http/handler";
import { listDocumentTypes } from "@/lib/domain/flows/document-types/catalog";

export const runtime = "nodejs";

// GET /api/v1/workflows/supported-document-types — every supported document type (no auth)
export const GET = apiRoute({ auth: "public" }, async () => json(listDocumentTypes()));
