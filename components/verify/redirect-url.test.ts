import { describe, expect, it } from "vitest";
import { finishRedirectUrl } from "@/components/verify/redirect-url";

describe("finishRedirectUrl", () => {
  it("adds verificationId, status and result to an http(s) URL, keeping its own query", () => {
    const url = new URL(finishRedirectUrl("https://shop.example/kyc/done?order=7", "v-1", "COMPLETED", "APPROVED")!);
    expect(url.origin + url.pathname).toBe("https://shop.example/kyc/done");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order: "7",
      verificationId: "v-1",
      status: "COMPLETED",
      result: "APPROVED",
    });
  });

  it("leaves result out while undecided", () => {
    expect(
      new URL(finishRedirectUrl("http://localhost:8080/back", "v-1", "PROCESSING", null)!).searchParams.has("result"),
    ).toBe(false);
  });

  it("refuses every other scheme", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "ftp://x.example/", "//evil.example", "not a url"]) {
      expect(finishRedirectUrl(bad, "v", "COMPLETED", null)).toBeNull();
    }
    expect(finishRedirectUrl(null, "v", "COMPLETED", null)).toBeNull();
  });
});
