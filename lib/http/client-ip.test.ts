import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/core/env";
import { clientIp, stampHeaders } from "./client-ip";

const SECRET = "unit-test-secret";
const request = (peer: string, forwarded = "", extra: Record<string, string> = {}) =>
  new Headers({
    ...(forwarded ? { "x-forwarded-for": forwarded } : {}),
    ...stampHeaders(peer, forwarded, SECRET),
    ...extra,
  });

/** The environment clientIp reads, with TRUST_PROXY as given and no hop or proxy list. */
function stubProxyEnv(trustProxy: string) {
  beforeEach(() => {
    vi.stubEnv("DATABASE_URL", "postgresql://x@localhost/x");
    vi.stubEnv("OPENKYC_CLIENT_IP_SECRET", SECRET);
    vi.stubEnv("TRUST_PROXY", trustProxy);
    vi.stubEnv("TRUSTED_PROXY_HOPS", undefined);
    vi.stubEnv("TRUSTED_PROXIES", undefined);
    resetEnvCache();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });
}

describe("clientIp", () => {
  stubProxyEnv("");
  const trustProxy = (extra: Record<string, string> = {}) => {
    vi.stubEnv("TRUST_PROXY", "true");
    for (const [k, v] of Object.entries(extra)) vi.stubEnv(k, v);
    resetEnvCache();
  };

  it("is the TCP peer our server stamped; X-Forwarded-For is ignored without TRUST_PROXY", () => {
    expect(clientIp(request("198.51.100.4", "127.0.0.1"))).toBe("198.51.100.4");
    expect(clientIp(request("::ffff:198.51.100.4"))).toBe("198.51.100.4");
  });

  it("fails closed on a forged or unsigned x-openkyc-client-ip: the address is unknown, not the claimed one", () => {
    expect(clientIp(new Headers({ "x-openkyc-client-ip": "127.0.0.1" }))).toBeNull();
    const forged = new Headers({ ...stampHeaders("198.51.100.4", "", SECRET), "x-openkyc-client-ip": "127.0.0.1" });
    expect(clientIp(forged)).toBeNull();
    expect(clientIp(new Headers(stampHeaders("127.0.0.1", "", "another-process-secret")))).toBeNull();
    // a forwarded chain the server did not receive cannot be slipped in beside a real stamp
    trustProxy();
    const slipped = new Headers({
      ...stampHeaders("10.0.0.2", "203.0.113.50", SECRET),
      "x-openkyc-forwarded-for": "1.2.3.4, 203.0.113.50",
    });
    expect(clientIp(slipped)).toBeNull();
  });

  it("behind one proxy takes the right-most address the proxy appended, never the left-most the client wrote", () => {
    trustProxy();
    // client 203.0.113.50 sent "X-Forwarded-For: 127.0.0.1"; the proxy (10.0.0.2) appended the real address
    expect(clientIp(request("10.0.0.2", "127.0.0.1, 203.0.113.50"))).toBe("203.0.113.50");
    expect(clientIp(request("10.0.0.2", "203.0.113.50"))).toBe("203.0.113.50");
    // reached directly, past the proxy: the peer itself
    expect(clientIp(request("203.0.113.99"))).toBe("203.0.113.99");
  });

  it("skips TRUSTED_PROXY_HOPS hops, or every address inside TRUSTED_PROXIES", () => {
    trustProxy({ TRUSTED_PROXY_HOPS: "2" });
    expect(clientIp(request("10.0.0.2", "6.6.6.6, 203.0.113.50, 10.0.0.9"))).toBe("203.0.113.50");
    trustProxy({ TRUSTED_PROXIES: "10.0.0.0/8, 2001:db8::/32" });
    expect(clientIp(request("10.0.0.2", "6.6.6.6, 203.0.113.50, 10.1.2.3, 2001:db8::1"))).toBe("203.0.113.50");
    expect(clientIp(request("10.0.0.2", "garbage, 203.0.113.50"))).toBe("203.0.113.50");
  });
});

describe("clientIp: X-Forwarded-For entries that are not bare addresses (issue 33)", () => {
  stubProxyEnv("true");

  it("counts a proxy's ip:port entry as a hop, so the client's forged left-most entry stays untrusted", () => {
    // the client wrote 6.6.6.6; the proxy (10.0.0.2) appended the real client with its port
    expect(clientIp(request("10.0.0.2", "6.6.6.6, 203.0.113.50:51234"))).toBe("203.0.113.50");
    expect(clientIp(request("10.0.0.2", "6.6.6.6, [2001:db8::7]:443"))).toBe("2001:db8::7");
    expect(clientIp(request("10.0.0.2", "6.6.6.6, [2001:db8::7]"))).toBe("2001:db8::7");
    expect(clientIp(request("10.0.0.2", "2001:db8::7"))).toBe("2001:db8::7");
  });

  it("treats an unparsable hop as untrusted: the address is unknown, not an entry further left", () => {
    expect(clientIp(request("10.0.0.2", "6.6.6.6, unknown"))).toBeNull();
    expect(clientIp(request("10.0.0.2", "6.6.6.6,"))).toBeNull();
    vi.stubEnv("TRUSTED_PROXY_HOPS", "2");
    resetEnvCache();
    // the second proxy's position holds garbage: no proxy of ours wrote it, so the walk stops there
    expect(clientIp(request("10.0.0.2", "6.6.6.6, 203.0.113.50, garbage"))).toBeNull();
    vi.stubEnv("TRUSTED_PROXIES", "10.0.0.0/8");
    resetEnvCache();
    expect(clientIp(request("10.0.0.2", "6.6.6.6, 10.0.0.9:8080"))).toBe("6.6.6.6");
    expect(clientIp(request("10.0.0.2", "6.6.6.6, [10.0.0.9]"))).toBeNull();
  });
});
