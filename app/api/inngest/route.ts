import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { usesInngest } from "@/lib/jobs/mode";

export const runtime = "nodejs";

const handlers = serve({ client: inngest, functions });

// Without INNGEST_* the work runs in-process and there is nothing for Inngest to call here.
const notConfigured = async () =>
  Response.json(
    { error: "NOT_FOUND", message: "Inngest is not configured: background work runs in-process (see README)." },
    { status: 404 },
  );

type Handler = (request: Request, context: unknown) => Promise<Response>;
const choose =
  (handler: Handler): Handler =>
  (request, context) =>
    usesInngest() ? handler(request, context) : notConfigured();

// The Inngest endpoint: Inngest (dev server, cloud or self-hosted) calls the functions through it.
export const GET = choose(handlers.GET as Handler);
export const POST = choose(handlers.POST as Handler);
export const PUT = choose(handlers.PUT as Handler);
