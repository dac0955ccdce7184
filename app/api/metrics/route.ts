import { canReadMetrics } from "@/lib/http/probe-access";
import { promClient } from "@/lib/core/observability/core";
import { registerDatabaseMetrics } from "@/lib/core/observability/database-metrics";
import { collectProcessMetrics } from "@/lib/core/observability/metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/metrics — Prometheus text format: this process's counters ("[process]" in their help) and the queue read
// from PostgreSQL ("[database]", the same on every instance). Who may read it: lib/http/probe-access.ts.
export async function GET(request: Request) {
  if (!canReadMetrics(request.headers))
    return Response.json(
      { error: "NOT_FOUND", message: "Not found." },
      { status: 404, headers: { "cache-control": "no-store" } },
    );
  collectProcessMetrics();
  registerDatabaseMetrics();
  const body = await promClient.register.metrics();
  return new Response(body, {
    headers: { "content-type": promClient.register.contentType, "cache-control": "no-store" },
  });
}
