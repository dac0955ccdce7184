import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/core/env";
import { parseVerifyPageParams } from "@/lib/domain/hosted/verify-page-params";
import { verifyPageFrameAncestors } from "@/lib/http/security/frame-ancestors";
import { securityHeaders } from "@/lib/http/security/security-headers";

// A /verify link that repeats a key the page reads once (lib/domain/hosted/verify-page-params.ts) is refused here,
// before the page renders: 400, framed by nobody. Plain text in the page's languages is not needed: nobody gets such a
// link from an account, only by editing one.
const REPEATED_KEY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invalid link</title>
<meta name="robots" content="noindex"></head><body><h1>This verification link is invalid</h1>
<p>A parameter appears more than once. Open the link exactly as you received it.</p></body></html>`;

// Security headers of the pages (lib/http/security/security-headers.ts). The API (/api/**) answers JSON and gets the
// static ones from next.config.mjs, so an API request pays nothing here.
export async function proxy(request: NextRequest) {
  const isVerifyPage = request.nextUrl.pathname === "/verify";
  const parsed = isVerifyPage ? parseVerifyPageParams(request.nextUrl.searchParams) : null;
  const frameAncestors = parsed?.ok ? await verifyPageFrameAncestors(parsed.values).catch(() => []) : [];
  // the hosted page renders per request: its scripts carry a nonce instead of 'unsafe-inline' (docs/security.md)
  const nonce = parsed?.ok ? btoa(crypto.randomUUID()) : undefined;
  const headers = securityHeaders({ publicUrl: env().PUBLIC_URL, frameAncestors, nonce });
  let response: NextResponse;
  if (parsed && !parsed.ok)
    response = new NextResponse(REPEATED_KEY_PAGE, {
      status: 400,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  else if (nonce) {
    // Next reads the nonce from the request's CSP header and sets it on every script it renders
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  } else response = NextResponse.next();
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = { matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)"] };
