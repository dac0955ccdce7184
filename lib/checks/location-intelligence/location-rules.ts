import type { HostingVerdict, AsnRecord } from "@/lib/engines/geo/asn-lookup";
import type { IpLocation } from "@/lib/engines/geo/ip-location";
import type { ReverseGeocode } from "@/lib/engines/geo/reverse-geocode";
import type { Check } from "@/lib/checks/types";

// The rules of LOCATION_INTELLIGENCE, apart from the lookups so each can be read (and changed) on its own.
// Both signals are weak alone: the device location is whatever the browser (or a spoofing extension) reports, and
// IP geolocation is city-level at best, often a provider's hub hundreds of km away (mobile carriers, CGNAT). So
// the step declines only when every signal agrees on a country outside the allowed list, and sends everything
// else it cannot vouch for to a reviewer.

/**
 * Device and IP locations further apart than this (plus the device's stated accuracy) need a look. 500 km absorbs
 * IP databases placing an address at its provider's regional hub (often 100–400 km away) while still catching
 * the device being in another region or country than the connection.
 */
export const MAX_GPS_IP_DISTANCE_KM = 500;

export type Gps = { lat: number; lon: number; accuracy: number | null };

/** What the lookups saw; null where a signal is absent. */
export type Observations = {
  ip: string | null;
  isPublicIp: boolean;
  ipPlace: IpLocation | null;
  asn: AsnRecord | null;
  hosting: HostingVerdict | null;
  gps: Gps | null;
  /** why a submitted GEOLOCATION could not be used, when one was submitted */
  gpsProblem: string | null;
  gpsPlace: ReverseGeocode | null;
  distanceKm: number | null;
};

export function locationChecks(o: Observations, allowed: readonly string[] | null): Check[] {
  const checks: Check[] = [signalCheck(o)];
  if (o.gpsProblem) checks.push({ name: "GPS_LOCATION", result: "REVIEW", detail: o.gpsProblem });
  checks.push(countryCheck(o, allowed), hostingCheck(o), distanceCheck(o));
  return checks;
}

function signalCheck(o: Observations): Check {
  const found = [o.gps && "device location", o.ipPlace && "IP geolocation"].filter(Boolean);
  if (found.length)
    return { name: "LOCATION_SIGNAL", result: "PASSED", detail: `Location signals: ${found.join(" and ")}.` };
  const ipWhy = !o.ip
    ? "no IP address was recorded"
    : !o.isPublicIp
      ? `the IP address ${o.ip} is not public`
      : `the IP address ${o.ip} is not in the geolocation database`;
  return {
    name: "LOCATION_SIGNAL",
    result: "REVIEW",
    detail: `No location signal: no usable device location and ${ipWhy}.`,
  };
}

type CountrySignal = { label: string; country: string | null; inside: boolean; firm: boolean; note: string };

/**
 * Country vs the allowed list. PASSED when every located signal is inside; REVIEW when they disagree or one
 * cannot be placed; FAILED only when every available signal is placed outside and at least one of them is firm.
 * Not firm: an IP of a hosting network (a VPN exit says where the server is, not the person) and a device
 * location within the border margin of an allowed country (nearest-town geocoding can pick the wrong side).
 */
function countryCheck(o: Observations, allowed: readonly string[] | null): Check {
  const name = "ALLOWED_COUNTRY";
  if (!allowed) return { name, result: "SKIPPED", detail: "The workflow does not restrict countries." };
  const list = allowed.join(", ");
  const signals: CountrySignal[] = [];
  if (o.gps) {
    const country = o.gpsPlace?.countryCode ?? null;
    const nearAllowed = o.gpsPlace?.nearbyCountries.filter((c) => allowed.includes(c)) ?? [];
    signals.push({
      label: "device location",
      country,
      inside: country !== null && allowed.includes(country),
      firm: nearAllowed.length === 0,
      note: nearAllowed.length ? ` (near the border with ${nearAllowed.join(", ")})` : "",
    });
  }
  if (o.isPublicIp) {
    const hosting = o.hosting?.isHosting === true;
    const country = o.ipPlace?.countryCode ?? null;
    signals.push({
      label: "IP address",
      country,
      inside: country !== null && allowed.includes(country),
      firm: !hosting,
      note: hosting ? " (a hosting network)" : "",
    });
  }
  if (!signals.length)
    return { name, result: "SKIPPED", detail: "No location signal to compare with the allowed countries." };
  const describe = (s: CountrySignal) => `${s.label} in ${s.country ?? "an unknown country"}${s.note}`;
  const summary = `${signals.map(describe).join("; ")}; allowed: ${list}.`;
  if (signals.every((s) => s.inside))
    return { name, result: "PASSED", detail: `Inside the allowed countries: ${summary}` };
  const placedOutside = signals.every((s) => s.country !== null && !s.inside);
  if (placedOutside && signals.some((s) => s.firm))
    return { name, result: "FAILED", detail: `Outside the allowed countries: ${summary}` };
  if (placedOutside)
    return {
      name,
      result: "REVIEW",
      detail: `Placed outside the allowed countries only by signals that can be wrong: ${summary}`,
    };
  if (signals.every((s) => s.country === null))
    return { name, result: "REVIEW", detail: `The country could not be determined: ${summary}` };
  return { name, result: "REVIEW", detail: `Not every signal places the user in an allowed country: ${summary}` };
}

function hostingCheck(o: Observations): Check {
  const name = "HOSTING_NETWORK";
  if (!o.isPublicIp) return { name, result: "SKIPPED", detail: "No public IP address to classify." };
  if (!o.asn || !o.hosting)
    return { name, result: "SKIPPED", detail: `The network of ${o.ip} is not in the ASN table.` };
  const network = `AS${o.asn.asn} ${o.asn.org}`;
  return o.hosting.isHosting
    ? {
        name,
        result: "REVIEW",
        detail: `Connection from a hosting provider (${network}): possible VPN/proxy; ${o.hosting.reason}.`,
      }
    : { name, result: "PASSED", detail: `${network} is not a known hosting, cloud or VPN network.` };
}

function distanceCheck(o: Observations): Check {
  const name = "GPS_IP_DISTANCE";
  if (o.distanceKm === null || !o.gps)
    return { name, result: "SKIPPED", detail: "Needs both a device location and a located public IP address." };
  // a coarse fix (accuracy in metres) may be that much further from the truth: widen the limit by it
  const accuracyKm = Math.round((o.gps.accuracy ?? 0) / 1000);
  const limit = MAX_GPS_IP_DISTANCE_KM + accuracyKm;
  const limitText = accuracyKm
    ? `${MAX_GPS_IP_DISTANCE_KM} km + ${accuracyKm} km device accuracy`
    : `${MAX_GPS_IP_DISTANCE_KM} km`;
  return o.distanceKm > limit
    ? {
        name,
        result: "REVIEW",
        detail: `The device location is ${o.distanceKm} km from the IP address's location (limit ${limitText}).`,
      }
    : {
        name,
        result: "PASSED",
        detail: `The device location is ${o.distanceKm} km from the IP address's location (limit ${limitText}).`,
      };
}
