import "server-only";
import { readFile } from "node:fs/promises";
import { packageDir } from "@/lib/engines/geo/package-dir";
import { isIP } from "node:net";
import path from "node:path";

// Offline IP → autonomous system (number + organisation) from the CSV tables shipped in @ip-location-db/asn
// (CC BY 4.0: RouteViews, NRO and the DB-IP "IP to ASN Lite" database; attribution "IP data by DB-IP",
// https://db-ip.com, routeviews.org, nro.net). The package README warns that its npm data has known errors and
// that npm updates stop: treat the answer as one signal among several, never as proof.
//
// The two `-num` CSVs (inclusive numeric ranges, sorted by start, one overlap in the whole IPv4 file) are read
// once per process, lazily, into typed arrays and binary-searched. Organisation names repeat (412k IPv4 rows,
// 75k distinct names) so each table keeps an index into one shared list of names.
// Measured (Node 20, 2 cores, three runs): the first lookup takes 0.6–0.9 s to read and parse both
// files (412k IPv4 + 103k IPv6 ranges); the tables then hold ~15 MiB (10.2 MiB of typed arrays, 4.5 MiB of
// organisation names). RSS peaks ~100–140 MiB higher during the load (file text and row strings, garbage
// afterwards). Each lookup after that is a binary search: ~2 µs (IPv4), ~3 µs (IPv6, BigInt compares).

export type AsnRecord = { asn: number; org: string };

type V4Table = { start: Uint32Array; end: Uint32Array; asn: Uint32Array; org: Uint32Array };
// IPv6 ranges as two 64-bit halves: 183 ranges are longer than /64, so the low half matters
type V6Table = {
  startHi: BigUint64Array;
  startLo: BigUint64Array;
  endHi: BigUint64Array;
  endLo: BigUint64Array;
  asn: Uint32Array;
  org: Uint32Array;
};
type Tables = { v4: V4Table; v6: V6Table; orgs: string[] };

let tables: Promise<Tables> | undefined;

function load(): Promise<Tables> {
  tables ??= (async () => {
    const dir = packageDir("@ip-location-db/asn");
    const [v4Text, v6Text] = await Promise.all([
      readFile(path.join(dir, "asn-ipv4-num.csv"), "utf8"),
      readFile(path.join(dir, "asn-ipv6-num.csv"), "utf8"),
    ]);
    const orgs: string[] = [];
    const orgIds = new Map<string, number>();
    const v4Rows = await parseRows(v4Text, orgs, orgIds);
    const v6Rows = await parseRows(v6Text, orgs, orgIds);
    return { v4: toV4Table(v4Rows), v6: toV6Table(v6Rows), orgs };
  })().catch((error: unknown) => {
    // a failed load (missing package) must not poison every later call: the engine retries the step
    tables = undefined;
    throw error;
  });
  return tables;
}

type Rows = { start: string[]; end: string[]; asn: Uint32Array; org: Uint32Array };

/**
 * One CSV → columns. Parsing 400k lines takes a few hundred milliseconds; yielding to the event loop every
 * 50k lines keeps a server that loads the table on its first verification answering other requests meanwhile.
 */
async function parseRows(text: string, orgs: string[], orgIds: Map<string, number>): Promise<Rows> {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
  if (text.length && !text.endsWith("\n")) count++;
  const rows: Rows = {
    start: new Array<string>(count),
    end: new Array<string>(count),
    asn: new Uint32Array(count),
    org: new Uint32Array(count),
  };
  let n = 0;
  let pos = 0;
  while (pos < text.length) {
    let eol = text.indexOf("\n", pos);
    if (eol === -1) eol = text.length;
    const c1 = text.indexOf(",", pos);
    const c2 = text.indexOf(",", c1 + 1);
    const c3 = text.indexOf(",", c2 + 1);
    if (c1 !== -1 && c3 !== -1 && c3 < eol) {
      let org = text.slice(c3 + 1, text[eol - 1] === "\r" ? eol - 1 : eol);
      if (org.startsWith('"')) org = org.slice(1, -1).replace(/""/g, '"');
      let id = orgIds.get(org);
      if (id === undefined) {
        // a copy: a slice would keep the whole 20 MB file text alive for the life of the process
        const own = Buffer.from(org, "utf8").toString("utf8");
        id = orgs.push(own) - 1;
        orgIds.set(own, id);
      }
      rows.start[n] = text.slice(pos, c1);
      rows.end[n] = text.slice(c1 + 1, c2);
      rows.asn[n] = Number(text.slice(c2 + 1, c3));
      rows.org[n] = id;
      n++;
      if (n % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    pos = eol + 1;
  }
  rows.start.length = n;
  rows.end.length = n;
  return { start: rows.start, end: rows.end, asn: rows.asn.subarray(0, n), org: rows.org.subarray(0, n) };
}

function toV4Table(rows: Rows): V4Table {
  return {
    start: Uint32Array.from(rows.start, Number),
    end: Uint32Array.from(rows.end, Number),
    asn: rows.asn,
    org: rows.org,
  };
}

function toV6Table(rows: Rows): V6Table {
  const n = rows.start.length;
  const t: V6Table = {
    startHi: new BigUint64Array(n),
    startLo: new BigUint64Array(n),
    endHi: new BigUint64Array(n),
    endLo: new BigUint64Array(n),
    asn: rows.asn,
    org: rows.org,
  };
  for (let i = 0; i < n; i++) {
    const start = BigInt(rows.start[i]!);
    const end = BigInt(rows.end[i]!);
    t.startHi[i] = start >> 64n;
    t.startLo[i] = start & LOW_64;
    t.endHi[i] = end >> 64n;
    t.endLo[i] = end & LOW_64;
  }
  return t;
}

const LOW_64 = (1n << 64n) - 1n;

/** Dotted quad → uint32, or null when not exactly four octets 0..255. */
export function ipv4ToNumber(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    n = n * 256 + Number(part);
  }
  return n;
}

/** IPv6 text (with "::", an IPv4 tail or a zone id) → its high and low 64 bits, or null when malformed. */
export function ipv6ToHalves(ip: string): [bigint, bigint] | null {
  if (isIP(ip) !== 6) return null;
  let text = ip.split("%")[0]!.toLowerCase();
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const n = ipv4ToNumber(v4Tail[1]!);
    if (n === null) return null;
    text = `${text.slice(0, -v4Tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill("0"), ...tailGroups];
  if (groups.length !== 8) return null;
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(parseInt(g, 16));
  return [value >> 64n, value & LOW_64];
}

/** The autonomous system announcing an address, or null for a malformed address or one no table row covers. */
export async function lookupAsn(ip: string): Promise<AsnRecord | null> {
  const family = isIP(ip);
  if (!family) return null;
  const { v4, v6, orgs } = await load();
  const halves = family === 6 ? ipv6ToHalves(ip) : null;
  // ::ffff:a.b.c.d (in any spelling) is an IPv4 client seen through a dual-stack socket
  const v4Number =
    family === 4
      ? ipv4ToNumber(ip)
      : halves && halves[0] === 0n && halves[1] >> 32n === 0xffffn
        ? Number(halves[1] & 0xffffffffn)
        : null;
  if (v4Number !== null) {
    const row = findV4(v4, v4Number);
    return row === -1 ? null : { asn: v4.asn[row]!, org: orgs[v4.org[row]!]! };
  }
  const row = halves ? findV6(v6, halves) : -1;
  return row === -1 ? null : { asn: v6.asn[row]!, org: orgs[v6.org[row]!]! };
}

function findV4(t: V4Table, n: number): number {
  // last range starting at or before n; it covers n when n is within its end
  let lo = 0;
  let hi = t.start.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (t.start[mid]! <= n) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi >= 0 && n <= t.end[hi]! ? hi : -1;
}

function findV6(t: V6Table, [h, l]: [bigint, bigint]): number {
  let lo = 0;
  let hi = t.startHi.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const sh = t.startHi[mid]!;
    if (sh < h || (sh === h && t.startLo[mid]! <= l)) lo = mid + 1;
    else hi = mid - 1;
  }
  if (hi < 0) return -1;
  const eh = t.endHi[hi]!;
  return h < eh || (h === eh && l <= t.endLo[hi]!) ? hi : -1;
}

// ---- hosting / datacenter detection ------------------------------------------------------------------------
// A HEURISTIC, not a VPN or Tor database: npm has no maintained offline list of VPN or Tor exit addresses (the
// live lists are online services), so an address counts as "hosting" when its AS belongs to a cloud, hosting,
// CDN/relay or VPN-infrastructure provider. Real users behind such an AS are mostly on a VPN, a proxy, a relay
// (iCloud Private Relay exits via Akamai, Cloudflare, Fastly) or a remote desktop. It misses VPNs that rent
// residential addresses and flags the rare person on a corporate network hosted in a cloud (e.g. Microsoft's own).
// ASNs were checked against the organisation names in the shipped tables.

const HOSTING_PROVIDERS: readonly { name: string; asns: readonly number[] }[] = [
  { name: "Amazon AWS", asns: [16509, 14618, 8987, 9059, 38895, 7224, 62785, 214101] },
  // not Google Fiber (16591) or Google Access (32381): those are home connections
  { name: "Google Cloud", asns: [15169, 396982, 19527, 139070, 139190, 214609, 214611, 43515, 36492] },
  { name: "Microsoft Azure", asns: [8075, 8068, 8069, 12076] },
  { name: "DigitalOcean", asns: [14061, 393406, 46652] },
  { name: "Hetzner", asns: [24940, 213230, 212317, 215859] },
  { name: "OVH", asns: [16276, 35540] },
  { name: "Linode/Akamai", asns: [63949, 48337, 20940, 16625, 36183, 32787] },
  { name: "Vultr (The Constant Company / Choopa)", asns: [20473] },
  { name: "Cloudflare", asns: [13335, 209242, 132892] },
  { name: "Fastly", asns: [54113] },
  { name: "Oracle Cloud", asns: [31898] },
  { name: "Alibaba Cloud", asns: [45102, 37963, 134963] },
  { name: "Tencent Cloud", asns: [45090, 132203, 133478] },
  { name: "Scaleway", asns: [12876] },
  { name: "Contabo", asns: [51167, 40021, 141995] },
  { name: "M247", asns: [9009] },
  { name: "Leaseweb", asns: [60781, 28753, 16265, 59253, 7203, 19148, 30633, 133752, 205544, 136988] },
  { name: "IONOS", asns: [8560] },
  { name: "Hostinger", asns: [47583, 204915] },
  { name: "Kamatera", asns: [36007, 54913, 396948, 396949, 64022, 204548, 41436] },
  { name: "GoDaddy / Unified Layer", asns: [26496, 398101, 46606] },
  {
    name: "other hosting",
    asns: [
      40676, 8100, 21859, 199524, 202422, 36352, 53667, 62240, 29802, 19318, 32097, 7979, 20454, 11878, 43350, 206264,
      51852, 35916, 55286, 397423, 14956,
    ],
  },
  // networks that sell VPN exits or run Tor exit relays (Datacamp/CDN77 and PacketHub carry many VPN brands)
  { name: "VPN infrastructure", asns: [60068, 212238, 211612, 136787, 147049, 39351, 216025, 62371, 209854] },
  { name: "Tor relay operator", asns: [60729, 208323, 396507, 200651] },
];

const PROVIDER_BY_ASN = new Map(HOSTING_PROVIDERS.flatMap((p) => p.asns.map((asn) => [asn, p.name] as const)));

// Organisation-name words of hosting businesses, for the thousands of small hosts no list keeps up with. Brand
// names like "amazon" or "google" are deliberately absent (AMAZONET is a Brazilian ISP, Google Fiber a home ISP).
const HOSTING_ORG_WORDS =
  /\b(hosting|hoster|web ?host|vps|vds|servers?|dedicated|data ?cent(er|re)s?|datacenter|colocation|cloud|vpn|proxy|digitalocean|hetzner|ovh|linode|vultr|choopa|contabo|scaleway|leaseweb|m247|datacamp|packethub|kamatera)\b/i;

export type HostingVerdict = { isHosting: boolean; provider: string | null; reason: string };

/** Whether an autonomous system looks like a hosting/cloud/VPN network, and why. */
export function classifyHosting({ asn, org }: AsnRecord): HostingVerdict {
  const listed = PROVIDER_BY_ASN.get(asn);
  if (listed) return { isHosting: true, provider: listed, reason: `AS${asn} is on the list of ${listed} networks` };
  const word = HOSTING_ORG_WORDS.exec(org);
  if (word) return { isHosting: true, provider: org, reason: `the network's organisation name contains "${word[0]}"` };
  return { isHosting: false, provider: null, reason: `AS${asn} (${org}) is not a known hosting network` };
}
