import { describe, expect, it } from "vitest";
import { isNonPublicIp, locateIp } from "@/lib/engines/geo/ip-location";

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

describe("isNonPublicIp: IPv6 forms that carry an IPv4 address are judged by it", () => {
  it.each([
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true], // the same, written in hex
    ["::ffff:8.8.8.8", false],
    ["::127.0.0.1", true], // IPv4-compatible
    ["::a00:1", true], // ::10.0.0.1
    ["::", true],
    ["::1", true],
    ["64:ff9b::10.0.0.1", true], // NAT64
    ["64:ff9b::a9fe:a9fe", true], // NAT64 of 169.254.169.254 (cloud metadata)
    ["64:ff9b::8.8.8.8", false],
    ["64:ff9b:1::8.8.8.8", true], // local-use NAT64
    ["2002:a00:1::1", true], // 6to4 of 10.0.0.1
    ["2002:a9fe:a9fe::", true], // 6to4 of 169.254.169.254
    ["2002:808:808::1", false], // 6to4 of 8.8.8.8
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", true], // Teredo, client 127.0.0.1 (XOR-ed)
    ["2001:0:a00:1:8000:63bf:f7f7:f7f7", true], // Teredo via server 10.0.0.1
    ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", false], // Teredo, client 8.8.8.8 via a public server
    ["fec0::1", true], // site-local
    ["feff::1", true],
    ["fe80::1%eth0", true],
    ["2606:4700::1111", false],
  ])("%s → %s", (ip, expected) => {
    expect(isNonPublicIp(ip)).toBe(expected);
  });
});
