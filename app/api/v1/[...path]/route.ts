import { DomainError } from "@/lib/core/errors";
import { apiRoute } from "@/lib/http/handler";

export const runtime = "nodejs";

// Any other /api/v1 path: the JSON error shape, not an HTML 404 page.
const notFound = apiRoute({ auth: "public" }, async () => {
  throw new DomainError("NOT_FOUND", "No such endpoint. See /api/v1/openapi.json.");
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
