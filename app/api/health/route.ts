import { clientIp } from "@/lib/http/client-ip";
import { canReadProbeDetails } from "@/lib/http/probe-access";
import { prisma } from "@/lib/core/db";
import { isShuttingDown } from "@/lib/core/observability/core";
import { allowProbe, probeRefused } from "@/lib/core/observability/probe-limit";
import { ffmpegBinary } from "@/lib/engines/video/ffmpeg";
import { version } from "@/package.json";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/health — liveness: the process answers (200 whenever it can answer at all; a database outage is
// reported, not a reason to restart the process: /api/ready is the probe that takes instances out of rotation).
// Which ffmpeg decodes uploads is named by its source only: no versions but ours, no paths, no secrets. Details go
// only to METRICS_TOKEN or a direct loopback client; anyone else learns that the process answers.
export async function GET(request: Request) {
  if (!allowProbe(clientIp(request.headers))) return probeRefused();
  if (!canReadProbeDetails(request.headers))
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  const database = await Promise.race([
    prisma.$queryRaw`SELECT 1`.then(
      () => "ok" as const,
      () => "unavailable" as const,
    ),
    new Promise<"unavailable">((resolve) => setTimeout(() => resolve("unavailable"), 3_000)),
  ]);
  const body = {
    status: "ok",
    version,
    uptimeSeconds: Math.round(process.uptime()),
    shuttingDown: isShuttingDown(),
    database,
    ffmpeg: { source: ffmpegBinary().source },
  };
  return Response.json(body, { headers: { "cache-control": "no-store" } });
}
