import { prisma } from "@/lib/db";
import { ffmpegBinary, ffmpegVersion } from "@/lib/video/ffmpeg";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/health — is this instance able to serve: the database answers, and which ffmpeg decodes uploads
// (Debian's maintained build, or the bundled 2018 one as a fallback). No secrets, no paths.
export async function GET() {
  const database = await prisma.$queryRaw`SELECT 1`.then(
    () => "ok" as const,
    () => "unavailable" as const,
  );
  const body = {
    status: database === "ok" ? "ok" : "degraded",
    database,
    ffmpeg: { source: ffmpegBinary().source, version: await ffmpegVersion() },
  };
  return Response.json(body, { status: database === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}
