import { env } from "@/lib/env";

/** Header our own server (scripts/server.mjs) sets from the TCP socket; any value a client sends is overwritten. */
export const CLIENT_IP_HEADER = "x-openkyc-client-ip";

/**
 * The client's address. X-Forwarded-For is honoured only when TRUST_PROXY is set (a proxy you control appends
 * to it); otherwise anyone could claim any address.
 */
export function clientIp(headers: Headers): string | null {
  if (env().TRUST_PROXY) {
    const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return normalizeIp(first);
  }
  const socketIp = headers.get(CLIENT_IP_HEADER);
  return socketIp ? normalizeIp(socketIp) : null;
}

function normalizeIp(ip: string): string {
  // IPv4-mapped IPv6 (::ffff:1.2.3.4) → 1.2.3.4
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return (mapped?.[1] ?? ip).slice(0, 64);
}
