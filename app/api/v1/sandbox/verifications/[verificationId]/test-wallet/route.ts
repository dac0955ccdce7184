import { z } from "zod";
import { readJsonBody } from "@/lib/http/body";
import { callerScope } from "@/lib/http/authenticate";
import { apiRoute, json } from "@/lib/http/handler";
import { TestWalletBody } from "@/lib/http/schemas";
import { answerWithTestWallet } from "@/lib/domain/sandbox/test-wallet";

export const runtime = "nodejs";

// POST /api/v1/sandbox/verifications/{verificationId}/test-wallet — test mode only: the sandbox's wallet answers the
// latest credential request (docs/sandbox.md); the hosted page's "Use the test wallet" calls it with its session
export const POST = apiRoute(
  { auth: { scope: "verification:inputs", allowSession: true }, params: z.object({ verificationId: z.string() }) },
  async ({ request, params, principal }) => {
    const body = await readJsonBody(request, TestWalletBody, 1024);
    return json(await answerWithTestWallet(callerScope(principal), params.verificationId, body.kind));
  },
);
