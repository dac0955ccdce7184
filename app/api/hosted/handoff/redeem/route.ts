import { apiRoute } from "@/lib/http/handler";
import { DomainError } from "@/lib/core/errors";
import { HandoffCode } from "@/lib/http/schemas";
import { redeemHandoff } from "@/lib/domain/hosted/handoff";

export const runtime = "nodejs";

// POST /api/hosted/handoff/redeem — the phone's "Continue" on /h/<code> (a plain form post; 303 to the resume link)
export const POST = apiRoute({ auth: "public" }, async ({ request }) => {
  const form = await request.formData().catch(() => null);
  const raw = form?.get("code");
  const code = HandoffCode.safeParse(typeof raw === "string" ? raw : "");
  const back = (reason: string) =>
    new Response(null, {
      status: 303,
      headers: { Location: `/h/${encodeURIComponent(typeof raw === "string" ? raw : "")}?error=${reason}` },
    });
  if (!code.success) return back("unknown");
  try {
    const { path } = await redeemHandoff(code.data);
    return new Response(null, { status: 303, headers: { Location: path, "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof DomainError) return back("used");
    throw error;
  }
});
