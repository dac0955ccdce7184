import { describe, expect, it } from "vitest";
import { isNonPublicIp, locateIp } from "@/lib/geo/ip-location";

describe("locateIp", () => {
  it("places public addresses from the shipped database", async () => {
    const london = await locateIp("81.2.69.142");
    expect(london).toMatchObject({ countryCode: "GB", source: "dbip-city-lite" });
    expect(london!.latitude).toBeGreaterThan(49);
    expect(london!.latitude).toBeLessThan(59);
    expect((await locateIp("24.48.0.1"))?.countryCode).toBe("CA");
    expect((await locateIp("2001:4860:4860::8888"))?.countryCode).toMatch(/^[A-Z]{2}$/);
  });

  it("answers null for private, loopback, documentation and malformed addresses", async () => {
    for (const ip of ["10.1.2.3", "127.0.0.1", "192.168.1.1", "203.0.113.7", "::1", "fe80::1", "not-an-ip", ""]) {
      expect(await locateIp(ip)).toBeNull();
    }
    expect(isNonPublicIp("::ffff:192.168.0.1")).toBe(true);
    expect(isNonPublicIp("8.8.8.8")).toBe(false);
  });
});
