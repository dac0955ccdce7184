import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/core/env";
import { verifyPageFrameAncestors } from "@/lib/http/security/frame-ancestors";
import { securityHeaders } from "@/lib/http/security/security-headers";

// Security headers of the pages (lib/http/security/security-headers.ts). The API (/api/**) answers JSON and gets the
// static ones from next.config.mjs, so an API request pays nothing here.
export async function proxy(request: NextRequest) {
  const response = NextResponse.next();
  const frameAncestors =
    request.nextUrl.pathname === "/verify"
      ? await verifyPageFrameAncestors(request.nextUrl.searchParams).catch(() => [])
      : [];
  for (const [name, value] of Object.entries(securityHeaders({ publicUrl: env().PUBLIC_URL, frameAncestors })))
    response.headers.set(name, value);
  return response;
}

export const config = { matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)"] };
