import { timingSafeEqual } from "node:crypto";
import { isDirectLoopback } from "@/lib/http/client-ip";
import { env } from "@/lib/core/env";
import { promClient } from "@/lib/core/observability/core";
import { registerDatabaseMetrics } from "@/lib/core/observability/database-metrics";
import { collectProcessMetrics } from "@/lib/core/observability/metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function allowed(request: Request): boolean {
  const token = env().METRICS_TOKEN;
  if (!token) return isDirectLoopback(request.headers);
  const given = Buffer.from(/^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// GET /api/metrics — Prometheus text format: this process's counters ("[process]" in their help) and the queue read
// from PostgreSQL ("[database]", the same on every instance). METRICS_TOKEN as a bearer token, or, when it is unset,
// only clients on this machine that no proxy forwarded.
export async function GET(request: Request) {
  if (!allowed(request))
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
