import { env } from "@/lib/core/env";
import { openApiDocument } from "@/lib/http/openapi/openapi-document";

export const runtime = "nodejs";

// GET /api/v1/openapi.json — the OpenAPI 3.1 document, generated from the zod schemas
export async function GET() {
  return Response.json(openApiDocument(env().PUBLIC_URL), { headers: { "Cache-Control": "public, max-age=300" } });
}
