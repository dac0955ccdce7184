import { distanceKm, type Area } from "@/lib/engines/geo/city-index";
import type { CheckResult, EarlierStep } from "@/lib/checks/types";
import { LocationSchema } from "@/lib/shared/location-input";

// GEOLOCATION_CONFIRMATION: does where the person is agree with where they say they live?
//
// The address is placed at an anchor: its city (GeoNames), else its region (the postal code's or province's region:
// population-weighted centre of its cities, radius = 90th percentile of their distances), else only its country.
// Signals, strongest first: the device's GPS (the GEOLOCATION input, else the LOCATION_INTELLIGENCE step's), then
// the IP address (the LOCATION_INTELLIGENCE step's IP location, else our offline DB-IP lookup).
//
// Thresholds:
//  - GPS is used when its accuracy is ≤ 10 km (coarser fixes are Wi-Fi/IP guesses by the browser: ignored).
//    PASSED when within 50 km + accuracy (+ the region's radius for a region anchor) of the anchor: 50 km covers
//    a metropolitan area and the commute from a suburb. Farther → REVIEW (people travel: never FAILED).
//  - IP (only without usable GPS): another country → REVIEW; same country and within 300 km (+ region radius) →
//    PASSED (IP databases are city-level at best and mobile carriers exit far from the user); farther → REVIEW.
//    An IP the LOCATION_INTELLIGENCE step flagged as VPN/proxy/Tor/hosting is not a signal.
//  - address placed only to its country → REVIEW: agreement with a whole country confirms little.
//  - no signal at all → REVIEW "no location signal".

export const GPS_BASE_KM = 50;
export const GPS_MAX_ACCURACY_KM = 10;
export const IP_BASE_KM = 300;

export type Point = { latitude: number; longitude: number };
export type GpsSignal = Point & { accuracyM: number | null; origin: "GEOLOCATION_INPUT" | "LOCATION_INTELLIGENCE" };
export type IpSignal = {
  countryCode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  origin: "IP_DATABASE" | "LOCATION_INTELLIGENCE";
  anonymised: boolean;
};
export type Anchor = Area & { precision: "CITY" | "REGION" | "COUNTRY"; label: string };
export type Confirmation = {
  result: Exclude<CheckResult, "SKIPPED">;
  detail: string;
  source: "GPS" | "IP" | null;
  gpsDistanceKm: number | null;
  ipDistanceKm: number | null;
};

/** The GEOLOCATION input (JSON {latitude, longitude, accuracy?}), validated again: stored data is not trusted blindly. */
export function parseGeolocation(value: string | null | undefined): GpsSignal | null {
  if (!value) return null;
  try {
    const parsed = LocationSchema.safeParse(JSON.parse(value));
    return parsed.success
      ? {
          latitude: parsed.data.latitude,
          longitude: parsed.data.longitude,
          accuracyM: parsed.data.accuracy ?? null,
          origin: "GEOLOCATION_INPUT",
        }
      : null;
  } catch {
    return null;
  }
}

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => Boolean(v) && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === "string" && v ? v : null);
const first = (bag: Bag, keys: string[]) => keys.map((k) => bag[k]).find((v) => v !== undefined && v !== null);

/**
 * GPS and IP signals from the LOCATION_INTELLIGENCE step's data, read tolerantly so this module does not break
 * when that step's data grows: `gps` {lat|latitude, lon|longitude, accuracy}; `ip_country`, `ip_city`,
 * `ip_location` {lat, lon} (or an `ip_location` object carrying country_code/city itself); `is_hosting`, `is_vpn`,
 * `is_proxy`, `is_tor` flags (an anonymising network says nothing about where the person lives).
 */
export function locationStepSignals(steps: readonly EarlierStep[]): { gps: GpsSignal | null; ip: IpSignal | null } {
  const data = steps.find((s) => s.processType === "LOCATION_INTELLIGENCE")?.data;
  if (!data) return { gps: null, ip: null };
  const gpsBag = first(data, ["gps", "geolocation", "device_location"]);
  const g: Bag = isBag(gpsBag) ? gpsBag : {};
  const latitude = num(first(g, ["latitude", "lat"]));
  const longitude = num(first(g, ["longitude", "lon", "lng"]));
  const gps =
    latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
      ? {
          latitude,
          longitude,
          accuracyM: num(first(g, ["accuracy", "accuracy_m"])),
          origin: "LOCATION_INTELLIGENCE" as const,
        }
      : null;

  const ipBag = first(data, ["ip_location", "ip_geolocation"]);
  const i: Bag = isBag(ipBag) ? ipBag : {};
  const flags = ["is_hosting", "is_vpn", "is_proxy", "is_tor", "hosting", "vpn", "proxy", "tor"];
  const anonymised = flags.some((f) => data[f] === true || i[f] === true);
  const country =
    str(first(i, ["country_code", "country"]) ?? first(data, ["ip_country", "ip_country_code"]))?.toUpperCase() ?? null;
  const countryCode = country && /^[A-Z]{2}$/.test(country) ? country : null;
  const ip =
    countryCode || anonymised
      ? {
          countryCode,
          city: str(first(i, ["city"]) ?? data.ip_city),
          latitude: num(first(i, ["latitude", "lat"]) ?? data.ip_latitude),
          longitude: num(first(i, ["longitude", "lon", "lng"]) ?? data.ip_longitude),
          origin: "LOCATION_INTELLIGENCE" as const,
          anonymised,
        }
      : null;
  return { gps, ip };
}

const km = (n: number) => Math.round(n);

export function confirmLocation(
  anchor: Anchor | null,
  country: string,
  gpsSignal: GpsSignal | null,
  ip: IpSignal | null,
): Confirmation {
  const notes: string[] = [];
  let gps = gpsSignal;
  if (gps?.accuracyM != null && gps.accuracyM > GPS_MAX_ACCURACY_KM * 1000) {
    notes.push(`GPS ignored: accuracy ${km(gps.accuracyM / 1000)} km is coarser than ${GPS_MAX_ACCURACY_KM} km`);
    gps = null;
  }
  const ipUsable = ip && !ip.anonymised ? ip : null;
  if (ip?.anonymised) notes.push("IP address flagged as VPN/proxy/hosting: not used");
  const answer = (
    result: Confirmation["result"],
    detail: string,
    source: Confirmation["source"] = null,
    gpsDistanceKm: number | null = null,
    ipDistanceKm: number | null = null,
  ): Confirmation => ({
    result,
    detail: [detail, ...notes].join("; ") + ".",
    source,
    gpsDistanceKm,
    ipDistanceKm,
  });

  if (!gps && !ipUsable) return answer("REVIEW", "No location signal (no GPS position, no usable IP location)");
  if (!anchor) return answer("REVIEW", "The address could not be placed on the map");
  const extra = anchor.precision === "REGION" ? anchor.radiusKm : 0;

  if (gps) {
    const d = distanceKm(gps, anchor);
    const tolerance = GPS_BASE_KM + extra + (gps.accuracyM ?? 0) / 1000;
    if (anchor.precision === "COUNTRY")
      return answer(
        "REVIEW",
        `The address is placed only to its country; the GPS position is ${km(d)} km from its centre`,
        null,
        km(d),
      );
    if (d <= tolerance)
      return answer(
        "PASSED",
        `GPS position ${km(d)} km from ${anchor.label} (allowed ${km(tolerance)} km)`,
        "GPS",
        km(d),
      );
    return answer("REVIEW", `GPS position ${km(d)} km from ${anchor.label} (allowed ${km(tolerance)} km)`, null, km(d));
  }

  const signal = ipUsable!;
  if (signal.countryCode && signal.countryCode !== country)
    return answer("REVIEW", `The IP address is located in ${signal.countryCode}, not ${country}`);
  if (signal.latitude === null || signal.longitude === null || !signal.countryCode)
    return answer("REVIEW", "The IP location has no coordinates to compare");
  const d = distanceKm({ latitude: signal.latitude, longitude: signal.longitude }, anchor);
  if (anchor.precision === "COUNTRY")
    return answer(
      "REVIEW",
      `The address is placed only to its country; the IP address is in the same country`,
      null,
      null,
      km(d),
    );
  const tolerance = IP_BASE_KM + extra;
  if (d <= tolerance)
    return answer(
      "PASSED",
      `IP location ${km(d)} km from ${anchor.label} (allowed ${km(tolerance)} km)`,
      "IP",
      null,
      km(d),
    );
  return answer(
    "REVIEW",
    `IP location ${km(d)} km from ${anchor.label} (allowed ${km(tolerance)} km)`,
    null,
    null,
    km(d),
  );
}
