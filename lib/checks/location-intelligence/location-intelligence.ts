import { classifyHosting, lookupAsn } from "@/lib/engines/geo/asn-lookup";
import { isNonPublicIp, locateIp } from "@/lib/engines/geo/ip-location";
import {
  DEFAULT_BORDER_MARGIN_KM,
  MAX_TOWN_DISTANCE_KM,
  haversineKm,
  reverseGeocode,
} from "@/lib/engines/geo/reverse-geocode";
import { locationChecks, type Gps, type Observations } from "@/lib/checks/location-intelligence/location-rules";
import type { ProcessInput, StoredInput, VerificationProcess } from "@/lib/checks/types";
import { resultOfChecks } from "@/lib/checks/types";
import { LocationSchema } from "@/lib/shared/location-input";

/**
 * LOCATION_INTELLIGENCE: where the end user is, from two independent signals, all offline: the device location
 * (optional GEOLOCATION input) and the verification's IP address (DB-IP city lite geolocation, ASN table with a
 * hosting/VPN heuristic). Checks: a location signal exists; the country is allowed; the network is not a hosting
 * provider; device and IP locations are within 500 km (+ device accuracy). Rules: location-rules.ts.
 * A missing or private IP is an absent signal, not a failure.
 */
export const locationIntelligence: VerificationProcess = {
  type: "LOCATION_INTELLIGENCE",
  dependsOn: [],
  async run({ verification, workflow, inputs }) {
    const observed = await observe(verification.ipAddress, inputs.get("GEOLOCATION"));
    const allowed = allowedCountries(workflow);
    const checks = locationChecks(observed, allowed);
    const decision = resultOfChecks(checks);
    const { ipPlace, asn, hosting, gps, gpsPlace } = observed;
    return {
      result: decision,
      data: {
        ip: observed.ip,
        ip_country: ipPlace?.countryCode ?? null,
        ip_city: ipPlace?.city ?? null,
        ip_location:
          ipPlace?.latitude != null && ipPlace.longitude != null
            ? { lat: round(ipPlace.latitude, 4), lon: round(ipPlace.longitude, 4) }
            : null,
        asn: asn?.asn ?? null,
        asn_org: asn?.org ?? null,
        is_hosting: hosting?.isHosting ?? null,
        gps: gps ? { lat: gps.lat, lon: gps.lon, accuracy: gps.accuracy } : null,
        gps_country: gpsPlace?.countryCode ?? null,
        distance_km: observed.distanceKm,
        allowed_countries: allowed,
        signals: signalsOf(observed),
        decision,
        checks,
      },
      checks,
    };
  },
};

/** ALLOWED_COUNTRIES when the workflow sets it, else the workflow's document countries, else no restriction. */
function allowedCountries(workflow: ProcessInput["workflow"]): string[] | null {
  const fromSetting = workflow.settings.ALLOWED_COUNTRIES;
  if (fromSetting?.length) return fromSetting.map((c) => c.toUpperCase());
  return workflow.countries.length ? workflow.countries.map((c) => c.toUpperCase()) : null;
}

async function observe(ipAddress: string | null, geolocation: StoredInput | undefined): Promise<Observations> {
  const ip = ipAddress?.trim() || null;
  // isNonPublicIp is also true for anything that is not an IP address
  const isPublicIp = ip !== null && !isNonPublicIp(ip);
  const [ipPlace, asn] = isPublicIp ? await Promise.all([locateIp(ip), lookupAsn(ip)]) : [null, null];
  const { gps, problem } = readGps(geolocation);
  // a device that is sure of its position within metres keeps the default border margin; a coarse one widens it
  const marginKm = Math.min(MAX_TOWN_DISTANCE_KM, DEFAULT_BORDER_MARGIN_KM + (gps?.accuracy ?? 0) / 1000);
  const gpsPlace = gps ? reverseGeocode(gps.lat, gps.lon, marginKm) : null;
  const distanceKm =
    gps && ipPlace?.latitude != null && ipPlace.longitude != null
      ? Math.round(haversineKm(gps.lat, gps.lon, ipPlace.latitude, ipPlace.longitude))
      : null;
  return {
    ip,
    isPublicIp,
    ipPlace,
    asn,
    hosting: asn ? classifyHosting(asn) : null,
    gps,
    gpsProblem: problem,
    gpsPlace,
    distanceKm,
  };
}

/** The stored GEOLOCATION (JSON validated on arrival by send-inputs), re-read defensively: a bad value is a reason for review. */
function readGps(input: StoredInput | undefined): { gps: Gps | null; problem: string | null } {
  if (!input?.value) return { gps: null, problem: null };
  let raw: unknown;
  try {
    raw = JSON.parse(input.value);
  } catch {
    return { gps: null, problem: "The submitted device location is not valid JSON." };
  }
  const parsed = LocationSchema.safeParse(raw);
  if (!parsed.success)
    return {
      gps: null,
      problem: "The submitted device location is not {latitude, longitude, accuracy?} within range.",
    };
  const { latitude, longitude, accuracy } = parsed.data;
  // 0,0 (in the Gulf of Guinea) is what broken clients send when they have no fix
  if (latitude === 0 && longitude === 0)
    return { gps: null, problem: "The device reported latitude 0, longitude 0: no position fix." };
  return { gps: { lat: latitude, lon: longitude, accuracy: accuracy ?? null }, problem: null };
}

type Signal = { name: string; value: string | number | boolean };

/** What was observed, in words a reviewer reads: absent signals are left out (the data fields carry the nulls). */
function signalsOf(o: Observations): Signal[] {
  const signals: Signal[] = [];
  if (o.ip) signals.push({ name: "ip", value: o.isPublicIp ? o.ip : `${o.ip} (not public)` });
  if (o.ipPlace)
    signals.push({
      name: "ip_location",
      value: [o.ipPlace.city, o.ipPlace.region, o.ipPlace.countryCode].filter(Boolean).join(", "),
    });
  if (o.asn) signals.push({ name: "asn", value: `AS${o.asn.asn} ${o.asn.org}` });
  if (o.hosting) signals.push({ name: "hosting", value: o.hosting.isHosting ? `yes: ${o.hosting.reason}` : "no" });
  if (o.gps)
    signals.push({
      name: "gps",
      value: `${o.gps.lat}, ${o.gps.lon}${o.gps.accuracy !== null ? ` ±${Math.round(o.gps.accuracy)} m` : ""}`,
    });
  if (o.gps && o.gpsPlace) {
    const near = o.gpsPlace.nearbyCountries.length ? `; also near ${o.gpsPlace.nearbyCountries.join(", ")}` : "";
    signals.push({
      name: "gps_place",
      value: `${o.gpsPlace.distanceKm} km from ${o.gpsPlace.city}, ${o.gpsPlace.countryCode}${near}`,
    });
  } else if (o.gps) {
    signals.push({ name: "gps_place", value: `no town within ${MAX_TOWN_DISTANCE_KM} km: country unknown` });
  }
  if (o.distanceKm !== null) signals.push({ name: "gps_ip_distance_km", value: o.distanceKm });
  return signals;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
