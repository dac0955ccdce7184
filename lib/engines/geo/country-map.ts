import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { geoBounds, geoMercator, geoPath, type GeoPermissibleObjects } from "d3-geo";
import worldCountries from "world-countries";
import { packageDir } from "@/lib/engines/geo/package-dir";

// A small offline map for the verification detail page: the outlines of one or two countries and a few points (the
// IP's location, the geocoded address, the device's GPS), projected on the server into SVG path data. No tiles, no
// map server, no network: the outlines are world-countries' GeoJSON (data/<cca3>.geo.json, ODbL-1.0, the package
// the country list already uses), projected with d3-geo's Mercator fitted to the outlines and the points. Coordinates
// are rounded to whole pixels of a 480×320 box and repeated vertices dropped, so even Russia's outline (788 KB of
// GeoJSON) becomes a path of a few kilobytes.

export const MAP_WIDTH = 480;
export const MAP_HEIGHT = 320;
const PADDING = 16;

export type MapPoint = { lat: number; lon: number; label: string; kind: "ip" | "address" | "gps" };
export type CountryMap = {
  width: number;
  height: number;
  outlines: { country: string; d: string }[];
  points: (MapPoint & { x: number; y: number })[];
};

const CCA3 = new Map(worldCountries.map((c) => [c.cca2.toUpperCase(), c.cca3.toLowerCase()]));
const cache = new Map<string, GeoPermissibleObjects | null>();

/** The country's outline as GeoJSON, or null when the code is unknown or the package has no outline for it. */
function outline(alpha2: string): GeoPermissibleObjects | null {
  const code = CCA3.get(alpha2.toUpperCase());
  if (!code || !/^[a-z]{3}$/.test(code)) return null;
  if (!cache.has(code)) {
    try {
      const file = path.join(packageDir("world-countries"), "data", `${code}.geo.json`);
      cache.set(code, JSON.parse(readFileSync(file, "utf8")) as GeoPermissibleObjects);
    } catch {
      cache.set(code, null);
    }
  }
  return cache.get(code)!;
}

/** SVG path data with consecutive repeated vertices (after rounding) removed. */
function compact(d: string): string {
  const out: string[] = [];
  for (const command of d.split(/(?=[MLZ])/)) if (command !== out.at(-1) || command === "Z") out.push(command);
  return out.join("");
}

const isPoint = (p: MapPoint) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lon) && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;

/**
 * The map of these countries (ISO alpha-2; unknown codes are skipped) and points; null when there is nothing to draw.
 * The projection fits everything, so a point far outside the country (an IP abroad) is still on the map.
 */
export function countryMap(countries: readonly string[], points: readonly MapPoint[]): CountryMap | null {
  const shapes = [...new Set(countries.map((c) => c.toUpperCase()))]
    .map((country) => ({ country, shape: outline(country) }))
    .filter((s): s is { country: string; shape: GeoPermissibleObjects } => s.shape !== null);
  const placed = points.filter(isPoint);
  if (!shapes.length && !placed.length) return null;
  const extent = {
    type: "FeatureCollection",
    features: [
      ...shapes.map((s) => s.shape),
      ...placed.map((p) => ({
        type: "Feature",
        properties: {},
        geometry: { type: "Point", coordinates: [p.lon, p.lat] },
      })),
    ].flatMap((s) => ("features" in (s as object) ? (s as { features: unknown[] }).features : [s])),
  } as GeoPermissibleObjects;
  // centred on the middle of what is drawn, so a country across the antimeridian (the USA's Aleutians, Russia's
  // Chukotka) stays in one piece
  const [[west], [east]] = geoBounds(extent);
  const middle = west <= east ? (west + east) / 2 : (west + east + 360) / 2;
  const projection = geoMercator()
    .rotate([-middle, 0])
    .fitExtent(
      [
        [PADDING, PADDING],
        [MAP_WIDTH - PADDING, MAP_HEIGHT - PADDING],
      ],
      extent,
    );
  // a single point has no extent: show some 500 km around it rather than an infinite zoom
  if (!shapes.length && placed.length === 1) projection.scale(1200).center([placed[0]!.lon, placed[0]!.lat]);
  const toPath = geoPath(projection).digits(0);
  return {
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
    outlines: shapes.map((s) => ({ country: s.country, d: compact(toPath(s.shape) ?? "") })),
    points: placed.map((p) => {
      const [x, y] = projection([p.lon, p.lat]) ?? [0, 0];
      return { ...p, x: Math.round(x), y: Math.round(y) };
    }),
  };
}
