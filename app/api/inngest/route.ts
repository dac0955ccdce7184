import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest";

export const runtime = "nodejs";

// The Inngest endpoint: Inngest (dev server, cloud or self-hosted) calls the functions through it.
export const { GET, POST, PUT } = serve({ client: inngest, functions });
