import { z } from "zod";
import { apiRoute } from "@/lib/http/handler";
import { NotFoundError } from "@/lib/core/errors";
import { readAccountLogo } from "@/lib/domain/hosted/account-logo";

export const runtime = "nodejs";

// GET /api/hosted/logo/{clientId} — the account's logo for the hosted page (a PNG we re-encoded; public)
export const GET = apiRoute({ auth: "public", params: z.object({ clientId: z.string() }) }, async ({ params }) => {
  const bytes = await readAccountLogo(params.clientId);
  if (!bytes) throw new NotFoundError("No logo");
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "image/png",
      // the URL carries ?v=<updatedAt>: a new logo is a new URL
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
