import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

describe("securityHeaders", () => {
  it("refuses every frame by default (dashboard and all other pages)", () => {
    const headers = securityHeaders({ publicUrl: "http://localhost:3000", frameAncestors: [] });
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Content-Security-Policy"]).toContain("object-src 'none'");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("lets only the account's allowed origins frame the verify page, and sends HSTS on https", () => {
    const headers = securityHeaders({
      publicUrl: "https://kyc.example.com",
      frameAncestors: ["https://app.shop.example"],
    });
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors https://app.shop.example");
    expect(headers["Content-Security-Policy"]).not.toContain("'none'; frame");
    expect(headers["X-Frame-Options"]).toBeUndefined();
    expect(headers["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });

  it("gives the hosted page a per-request nonce instead of 'unsafe-inline' for scripts", () => {
    const csp = securityHeaders({ publicUrl: "http://localhost:3000", frameAncestors: [], nonce: "bm9uY2U=" })[
      "Content-Security-Policy"
    ]!;
    expect(csp).toContain("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // styles keep it: React sets style attributes
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  });
});
