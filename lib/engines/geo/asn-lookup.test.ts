import { describe, expect, it } from "vitest";
import { classifyHosting, ipv4ToNumber, ipv6ToHalves, lookupAsn } from "@/lib/engines/geo/asn-lookup";

describe("lookupAsn", () => {
  // the first call reads both CSVs (~1 s)
  it("finds the network of the recipe's known addresses", { timeout: 60_000 }, async () => {
    expect(await lookupAsn("8.8.8.8")).toEqual({ asn: 15169, org: "Google LLC" });
    expect(await lookupAsn("46.101.10.10")).toEqual({ asn: 14061, org: "DigitalOcean, LLC" });
    expect(await lookupAsn("24.48.0.1")).toEqual({ asn: 5769, org: "Videotron Ltee" });
    expect(await lookupAsn("81.2.69.142")).toEqual({ asn: 20712, org: "Andrews & Arnold Ltd" });
  });

  it("finds IPv6 networks, and IPv4 seen through a dual-stack socket", async () => {
    expect(await lookupAsn("2001:4860:4860::8888")).toEqual({ asn: 15169, org: "Google LLC" });
    expect((await lookupAsn("2a01:4f8::1"))?.asn).toBe(24940); // Hetzner
    expect(await lookupAsn("::ffff:8.8.4.4")).toEqual({ asn: 15169, org: "Google LLC" });
    expect(await lookupAsn("::FFFF:808:404")).toEqual({ asn: 15169, org: "Google LLC" });
  });

  it("compares the low 64 bits of IPv6 ranges longer than /64", async () => {
    // 2001:7f8:5d::/116 is UA-IX (AS15645); the rest of that /64 is in no range
    expect(await lookupAsn("2001:7f8:5d::fff")).toEqual({
      asn: 15645,
      org: 'DE "Ukrainian Internet Exchange" (UA-IX)',
    });
    expect(await lookupAsn("2001:7f8:5d::1000")).toBeNull();
  });

  it("honours inclusive range ends and the gaps between ranges", async () => {
    // first rows of asn-ipv4-num.csv: 16777216..16777471 Cloudflare (1.0.0.0/24), then nothing until 1.0.4.0
    expect((await lookupAsn("1.0.0.0"))?.asn).toBe(13335);
    expect((await lookupAsn("1.0.0.255"))?.asn).toBe(13335);
    expect(await lookupAsn("1.0.1.0")).toBeNull();
    expect(await lookupAsn("0.0.0.1")).toBeNull();
  });

  it("unquotes organisation names with commas and doubled quotes", async () => {
    // 35309568,35313663,201907,"LLC ""SPUTNIK""" → 2.26.200.0
    expect(await lookupAsn("2.26.200.1")).toEqual({ asn: 201907, org: 'LLC "SPUTNIK"' });
  });

  it("answers null for private, malformed and unannounced addresses", async () => {
    for (const ip of ["10.0.0.1", "192.168.1.1", "::1", "not-an-ip", "", "1.2.3", "300.1.1.1"]) {
      expect(await lookupAsn(ip)).toBeNull();
    }
  });
});

describe("classifyHosting", () => {
  it("flags cloud, hosting and VPN networks and passes home ISPs", async () => {
    expect(classifyHosting((await lookupAsn("8.8.8.8"))!)).toMatchObject({ isHosting: true, provider: "Google Cloud" });
    expect(classifyHosting((await lookupAsn("46.101.10.10"))!)).toMatchObject({
      isHosting: true,
      provider: "DigitalOcean",
    });
    expect(classifyHosting((await lookupAsn("24.48.0.1"))!)).toMatchObject({ isHosting: false, provider: null });
    expect(classifyHosting((await lookupAsn("81.2.69.142"))!).isHosting).toBe(false);
    expect(classifyHosting((await lookupAsn("185.220.101.1"))!)).toMatchObject({
      isHosting: true,
      provider: "Tor relay operator",
    });
  });

  it("falls back to hosting words in the organisation name, but not to brand names shared with ISPs", () => {
    expect(classifyHosting({ asn: 4_200_000_001, org: "Example Hosting Ltd" })).toMatchObject({
      isHosting: true,
      reason: expect.stringContaining('"Hosting"'),
    });
    expect(classifyHosting({ asn: 4_200_000_001, org: "Servers.com, Inc." }).isHosting).toBe(true);
    expect(classifyHosting({ asn: 16591, org: "Google Fiber Inc." }).isHosting).toBe(false);
    expect(classifyHosting({ asn: 264344, org: "AMAZONET TELECOMUNICACOES LTDA" }).isHosting).toBe(false);
    expect(classifyHosting({ asn: 3320, org: "Deutsche Telekom AG" }).isHosting).toBe(false);
  });
});

describe("address parsing", () => {
  it("reads dotted quads", () => {
    expect(ipv4ToNumber("0.0.0.0")).toBe(0);
    expect(ipv4ToNumber("1.0.0.0")).toBe(16777216);
    expect(ipv4ToNumber("255.255.255.255")).toBe(4294967295);
    for (const bad of ["1.2.3", "1.2.3.4.5", "256.1.1.1", "1.2.3.-4", "a.b.c.d", ""])
      expect(ipv4ToNumber(bad)).toBeNull();
  });

  it("reads IPv6 with compression, IPv4 tails and zone ids into two 64-bit halves", () => {
    expect(ipv6ToHalves("::")).toEqual([0n, 0n]);
    expect(ipv6ToHalves("::1")).toEqual([0n, 1n]);
    expect(ipv6ToHalves("2001:db8::")).toEqual([0x20010db800000000n, 0n]);
    expect(ipv6ToHalves("2001:4860:4860::8888")).toEqual([0x2001486048600000n, 0x8888n]);
    expect(ipv6ToHalves("::ffff:1.2.3.4")).toEqual([0n, 0xffff01020304n]);
    expect(ipv6ToHalves("fe80::1%eth0")).toEqual([0xfe80000000000000n, 1n]);
    expect(ipv6ToHalves("1:2:3:4:5:6:7:8")).toEqual([0x0001000200030004n, 0x0005000600070008n]);
    for (const bad of ["1.2.3.4", "2001:::1", "12345::", "g::1", ""]) expect(ipv6ToHalves(bad)).toBeNull();
  });
});
