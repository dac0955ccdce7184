// The security headers of every page (proxy.ts sets them per request, since two depend on run-time facts: HSTS
// on PUBLIC_URL, and who may frame the verify page on the account behind the link).
//
// script-src: the hosted page (/verify, rendered per request anyway) gets a nonce per request and
// 'strict-dynamic' — no inline script without it (Next.js reads the nonce from the request's CSP header and puts it
// on every script it renders). The other pages keep 'unsafe-inline': a nonce would force the static ones to render
// per request, and they show no end user's data. What the policy does hold: no plugins, no <base> hijack, forms and
// fetches only to this origin (data: for the camera's snapshot → Blob), media only from this origin or blob:, and
// no framing except by the origins an account allows for its verify page.

export type SecurityHeaderInput = {
  publicUrl: string;
  frameAncestors: readonly string[];
  /** the page's per-request script nonce (the hosted page); absent: 'unsafe-inline' */
  nonce?: string;
};

export function securityHeaders({ publicUrl, frameAncestors, nonce }: SecurityHeaderInput): Record<string, string> {
  const csp = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'` : "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self' data:",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(" ") : "'none'"}`,
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy":
      "camera=(self), microphone=(self), geolocation=(self), digital-credentials-get=(self), payment=(), usb=()",
  };
  // old browsers that ignore frame-ancestors: refuse framing unless an origin is allowed
  if (!frameAncestors.length) headers["X-Frame-Options"] = "DENY";
  if (publicUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
