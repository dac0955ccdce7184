import { clientIp } from "@/lib/http/client-ip";
import { canReadProbeDetails } from "@/lib/http/probe-access";
import { isShuttingDown } from "@/lib/core/observability/core";
import { allowProbe, probeRefused } from "@/lib/core/observability/probe-limit";
import { readiness } from "@/lib/http/readiness";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/ready — readiness: database, migrations, storage key, ffmpeg, model files; 503 naming the failing
// part. During a graceful shutdown it answers 503 at once, so load balancers stop sending requests here. The parts
// and failing names go only to METRICS_TOKEN or a direct loopback client; anyone else gets the status and its code.
export async function GET(request: Request) {
  if (!allowProbe(clientIp(request.headers))) return probeRefused();
  const headers = { "cache-control": "no-store" };
  if (isShuttingDown())
    return Response.json({ status: "shutting-down", failing: ["shutdown"] }, { status: 503, headers });
  const { ready, parts } = await readiness();
  if (!canReadProbeDetails(request.headers))
    return Response.json({ status: ready ? "ready" : "not-ready" }, { status: ready ? 200 : 503, headers });
  const failing = Object.entries(parts)
    .filter(([, part]) => !part.ok)
    .map(([name]) => name);
  return Response.json(
    { status: ready ? "ready" : "not-ready", ...(failing.length ? { failing } : {}), parts },
    { status: ready ? 200 : 503, headers },
  );
}
