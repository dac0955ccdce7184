import { z } from "zod";
import { readJsonBody } from "@/lib/http/body";
import { callerScope } from "@/lib/http/authenticate";
import { apiRoute } from "@/lib/http/handler";
import { EmailOtpBody } from "@/lib/http/schemas";
import { emailOtpForWorkflow } from "@/lib/domain/hosted/otp/email-otp-request";

export const runtime = "nodejs";

// POST /api/v1/workflows/{workflowId}/email-otp — mail a one-time code (204)
export const POST = apiRoute(
  { auth: { scope: "verification:inputs", allowSession: true }, params: z.object({ workflowId: z.string() }) },
  async ({ request, params, principal, ip }) => {
    const body = await readJsonBody(request, EmailOtpBody, 4 * 1024);
    await emailOtpForWorkflow(callerScope(principal), params.workflowId, body, ip);
    return new Response(null, { status: 204 });
  },
);
