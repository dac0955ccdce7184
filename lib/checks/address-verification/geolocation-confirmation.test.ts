import { describe, expect, it } from "vitest";
import type { EarlierStep } from "@/lib/checks/types";
import {
  confirmLocation,
  locationStepSignals,
  parseGeolocation,
  type Anchor,
  type GpsSignal,
  type IpSignal,
} from "./geolocation-confirmation";

// Amsterdam Centraal; 1° of latitude ≈ 111 km
const amsterdam: Anchor = { precision: "CITY", label: "Amsterdam", latitude: 52.3791, longitude: 4.9003, radiusKm: 0 };
const north = (km: number) => ({ latitude: amsterdam.latitude + km / 111.2, longitude: amsterdam.longitude });
const gps = (km: number, accuracyM: number | null = 20): GpsSignal => ({
  ...north(km),
  accuracyM,
  origin: "GEOLOCATION_INPUT",
});
const ip = (km: number, countryCode = "NL", anonymised = false): IpSignal => ({
  countryCode,
  city: null,
  ...north(km),
  origin: "IP_DATABASE",
  anonymised,
});

describe("confirmLocation thresholds", () => {
  it("passes GPS within 50 km plus its accuracy, and reviews beyond", () => {
    expect(confirmLocation(amsterdam, "NL", gps(10), null)).toMatchObject({
      result: "PASSED",
      source: "GPS",
      gpsDistanceKm: 10,
    });
    expect(confirmLocation(amsterdam, "NL", gps(49), null).result).toBe("PASSED");
    expect(confirmLocation(amsterdam, "NL", gps(54, 5000), null).result).toBe("PASSED");
    expect(confirmLocation(amsterdam, "NL", gps(60, 5000), null)).toMatchObject({ result: "REVIEW", source: null });
    // GPS decides over a confirming IP: being 800 km away is not explained by a nearby IP exit
    expect(confirmLocation(amsterdam, "NL", gps(800), ip(5)).result).toBe("REVIEW");
  });

  it("ignores GPS fixes coarser than 10 km and falls back to the IP", () => {
    const result = confirmLocation(amsterdam, "NL", gps(500, 50_000), ip(20));
    expect(result).toMatchObject({ result: "PASSED", source: "IP", gpsDistanceKm: null, ipDistanceKm: 20 });
    expect(result.detail).toContain("GPS ignored");
  });

  it("passes an IP in the same country within 300 km and reviews the rest", () => {
    expect(confirmLocation(amsterdam, "NL", null, ip(290)).result).toBe("PASSED");
    expect(confirmLocation(amsterdam, "NL", null, ip(320)).result).toBe("REVIEW");
    expect(confirmLocation(amsterdam, "NL", null, ip(100, "DE"))).toMatchObject({
      result: "REVIEW",
      detail: "The IP address is located in DE, not NL.",
    });
    expect(confirmLocation(amsterdam, "NL", null, { ...ip(0), latitude: null, longitude: null }).result).toBe("REVIEW");
  });

  it("does not use an IP flagged as VPN or proxy", () => {
    const result = confirmLocation(amsterdam, "NL", null, ip(1, "NL", true));
    expect(result.result).toBe("REVIEW");
    expect(result.detail).toContain("No location signal");
  });

  it("reviews when there is no signal or the address is placed only to its country", () => {
    expect(confirmLocation(amsterdam, "NL", null, null)).toMatchObject({
      result: "REVIEW",
      detail: "No location signal (no GPS position, no usable IP location).",
    });
    expect(confirmLocation({ ...amsterdam, precision: "COUNTRY" }, "NL", gps(0), null).result).toBe("REVIEW");
  });

  it("widens the tolerance by a region anchor's radius", () => {
    const region: Anchor = { ...amsterdam, precision: "REGION", radiusKm: 100 };
    expect(confirmLocation(region, "NL", gps(140), null).result).toBe("PASSED");
    expect(confirmLocation(amsterdam, "NL", gps(140), null).result).toBe("REVIEW");
  });
});

describe("signals", () => {
  it("parses the GEOLOCATION input and rejects malformed values", () => {
    expect(parseGeolocation('{"latitude":52.37,"longitude":4.89,"accuracy":12}')).toEqual({
      latitude: 52.37,
      longitude: 4.89,
      accuracyM: 12,
      origin: "GEOLOCATION_INPUT",
    });
    expect(parseGeolocation('{"latitude":52.37,"longitude":4.89}')?.accuracyM).toBeNull();
    expect(parseGeolocation('{"latitude":152,"longitude":4.89}')).toBeNull();
    expect(parseGeolocation("not json")).toBeNull();
    expect(parseGeolocation(null)).toBeNull();
  });

  it("reads the location step's data in nested or flat shapes", () => {
    const step = (data: Record<string, unknown>): EarlierStep[] => [
      { processType: "LOCATION_INTELLIGENCE", result: "APPROVED", data },
    ];
    // the shape lib/checks/location-intelligence writes
    expect(
      locationStepSignals(
        step({
          ip: "81.2.69.142",
          ip_country: "GB",
          ip_city: "London",
          ip_location: { lat: 51.5, lon: -0.09 },
          is_hosting: false,
          gps: { lat: 51.5, lon: -0.12, accuracy: 30 },
        }),
      ),
    ).toEqual({
      gps: { latitude: 51.5, longitude: -0.12, accuracyM: 30, origin: "LOCATION_INTELLIGENCE" },
      ip: {
        countryCode: "GB",
        city: "London",
        latitude: 51.5,
        longitude: -0.09,
        origin: "LOCATION_INTELLIGENCE",
        anonymised: false,
      },
    });
    expect(
      locationStepSignals(step({ ip_location: { country_code: "nl", latitude: 3, longitude: 4 } })).ip,
    ).toMatchObject({ countryCode: "NL", latitude: 3, longitude: 4 });
    expect(locationStepSignals(step({ ip_country: "DE", is_hosting: true })).ip).toMatchObject({
      countryCode: "DE",
      anonymised: true,
    });
    expect(locationStepSignals(step({ ip: "10.0.0.1", ip_country: null, gps: null }))).toEqual({ gps: null, ip: null });
    expect(locationStepSignals([])).toEqual({ gps: null, ip: null });
  });
});
