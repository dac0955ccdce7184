import { describe, expect, it } from "vitest";
import { parseVerifyPageParams } from "@/lib/domain/hosted/verify-page-params";

describe("parseVerifyPageParams: the proxy's and the page's one reading of /verify", () => {
  it("reads a URL's query and Next's searchParams (repeats as arrays) alike", () => {
    const query = "verificationId=v&token=t&flowId=f&clientId=c&lang=en";
    const fromUrl = parseVerifyPageParams(new URLSearchParams(query));
    const fromNext = parseVerifyPageParams({ verificationId: "v", token: "t", flowId: "f", clientId: "c", lang: "en" });
    expect(fromUrl).toEqual({ ok: true, values: { verificationId: "v", token: "t", flowId: "f", clientId: "c" } });
    expect(fromNext).toEqual(fromUrl);
  });

  it("refuses a repeated key the same way in both", () => {
    expect(parseVerifyPageParams(new URLSearchParams("verificationId=a&verificationId=b&flowId=f"))).toEqual({
      ok: false,
      repeated: ["verificationId"],
    });
    expect(parseVerifyPageParams({ verificationId: ["a", "b"], clientId: ["c", "d"], flowId: "f" })).toEqual({
      ok: false,
      repeated: ["verificationId", "clientId"],
    });
    // a key the page does not act on may repeat
    expect(parseVerifyPageParams(new URLSearchParams("flowId=f&lang=en&lang=es")).ok).toBe(true);
  });
});
