import { createHmac, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/core/env";

// Where a request comes from decides rate limits, sign-up and OTP limits and IP intelligence, so no client may
// choose it. Our own HTTP server (server/http-front.ts) stamps the TCP peer address and the X-Forwarded-For it
// received into headers signed with a secret that lives only in this process (CLIENT_IP_SECRET_ENV, random per
// start); a stamp that is missing or does not verify counts as "address unknown" (fail closed), never as the value
// a client sent. Behind proxies (TRUST_PROXY), the client is the right-most address that is not a trusted hop.

/** Header our own server sets from the TCP socket; any value a client sends is dropped by the server. */
export const CLIENT_IP_HEADER = "x-openkyc-client-ip";
/** The X-Forwarded-For the server received, as it received it. */
export const FORWARDED_HEADER = "x-openkyc-forwarded-for";
/** HMAC of both, with the per-process secret. */
export const STAMP_HEADER = "x-openkyc-client-stamp";
/** Environment variable through which server/http-front.ts hands its per-process secret to the app (same process). */
export const CLIENT_IP_SECRET_ENV = "OPENKYC_CLIENT_IP_SECRET";

function stampOf(secret: string, socketIp: string, forwarded: string): string {
  return createHmac("sha256", secret).update(`${socketIp}\n${forwarded}`).digest("base64url");
}

/** The headers our server adds to a request (also used by tests that call route handlers directly). */
export function stampHeaders(
  socketIp: string,
  forwarded = "",
  secret = process.env[CLIENT_IP_SECRET_ENV],
): Record<string, string> {
  if (!secret) return {};
  return {
    [CLIENT_IP_HEADER]: socketIp,
    [FORWARDED_HEADER]: forwarded,
    [STAMP_HEADER]: stampOf(secret, socketIp, forwarded),
  };
}

/** The stamped socket address and forwarded chain, or null when the stamp is missing or forged. */
function verifiedStamp(headers: Headers): { socketIp: string; forwarded: string } | null {
  const secret = process.env[CLIENT_IP_SECRET_ENV];
  const socketIp = headers.get(CLIENT_IP_HEADER);
  const stamp = headers.get(STAMP_HEADER);
  if (!secret || !socketIp || !stamp) return null;
  const forwarded = headers.get(FORWARDED_HEADER) ?? "";
  const expected = Buffer.from(stampOf(secret, socketIp, forwarded));
  const given = Buffer.from(stamp);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { socketIp, forwarded };
}

/**
 * The client's address, or null when it is unknown (no valid stamp). Without TRUST_PROXY it is the TCP peer. With
 * TRUST_PROXY, the chain is X-Forwarded-For followed by the peer; walking from the right, TRUSTED_PROXIES (CIDRs)
 * skips every address inside them, otherwise TRUSTED_PROXY_HOPS (default 1) addresses are skipped. The left-most
 * entries are whatever the client wrote, so they are never taken when a proxy appended after them.
 *
 * The chain is indexed as received: an entry is never dropped before counting, or a proxy that appends `ip:port`
 * (or `[v6]:port`) would shift a forged left-most entry into the client's position. Ports and brackets are
 * stripped; an entry that is still no address ("unknown", garbage, empty) is an untrusted hop, and when the walk
 * stops on it the address is unknown (null), never a guess further left.
 */
export function clientIp(headers: Headers): string | null {
  const stamp = verifiedStamp(headers);
  if (!stamp) return null;
  const peer = normalizeIp(stamp.socketIp);
  const config = env();
  if (!config.TRUST_PROXY) return peer;
  const forwarded = stamp.forwarded.trim() === "" ? [] : stamp.forwarded.split(",").map(parseHop);
  const chain: (string | null)[] = [...forwarded, peer];
  const trusted = trustedProxies(config.TRUSTED_PROXIES);
  const isTrustedHop = (hop: string | null, fromRight: number) =>
    hop !== null && (trusted ? contains(trusted, hop) : fromRight < config.TRUSTED_PROXY_HOPS);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!isTrustedHop(chain[i]!, chain.length - 1 - i)) return chain[i]!;
  }
  // every hop is a trusted proxy: the left-most is the closest to the client we know
  return chain[0]!;
}

/** One X-Forwarded-For entry as an address (port and brackets stripped), or null when it is not one. */
function parseHop(entry: string): string | null {
  const raw = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(raw);
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(raw);
  const address = normalizeIp(bracketed?.[1] ?? v4WithPort?.[1] ?? raw);
  if (bracketed && isIP(address) !== 6) return null;
  return isIP(address) === 0 ? null : address;
}

let cachedList: { source: string; list: BlockList } | undefined;

function trustedProxies(source: string | undefined): BlockList | null {
  if (!source?.trim()) return null;
  if (cachedList?.source === source) return cachedList.list;
  const list = new BlockList();
  for (const entry of source
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, bits] = entry.split("/");
    const type = isIP(address!) === 6 ? "ipv6" : "ipv4";
    if (isIP(address!) === 0) throw new Error(`TRUSTED_PROXIES: ${entry} is not an address or CIDR`);
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  cachedList = { source, list };
  return list;
}

function contains(list: BlockList, ip: string): boolean {
  return list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

function normalizeIp(ip: string): string {
  // IPv4-mapped IPv6 (::ffff:1.2.3.4) → 1.2.3.4
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return (mapped?.[1] ?? ip).slice(0, 64);
}

/**
 * The request came straight from this machine: the stamped TCP peer is a loopback address and no proxy forwarded
 * it (a reverse proxy on the same host connects from loopback too, but adds X-Forwarded-For). GET /api/metrics
 * without METRICS_TOKEN answers only these.
 */
export function isDirectLoopback(headers: Headers): boolean {
  const stamp = verifiedStamp(headers);
  if (!stamp || stamp.forwarded.trim() !== "") return false;
  const peer = normalizeIp(stamp.socketIp);
  return peer === "::1" || /^127\./.test(peer);
}
