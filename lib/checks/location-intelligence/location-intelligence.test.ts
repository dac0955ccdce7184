import { beforeAll, describe, expect, it } from "vitest";
import { lookupAsn } from "@/lib/engines/geo/asn-lookup";
import { locateIp } from "@/lib/engines/geo/ip-location";
import { reverseGeocode } from "@/lib/engines/geo/reverse-geocode";
import { locationIntelligence } from "@/lib/checks/location-intelligence/location-intelligence";
import type { Check, ProcessInput, StoredInput } from "@/lib/checks/types";
import type { SettingValues } from "@/lib/shared/workflow-settings";
import { testPorts } from "@/test/check-ports";

// Hand-built inputs, no database. Public addresses whose owners are well known:
// 24.48.0.1 Videotron (residential, Montréal CA), 81.2.69.142 Andrews & Arnold (residential, London GB),
// 46.101.10.10 DigitalOcean (hosting, Slough GB).
const MONTREAL = { latitude: 45.5017, longitude: -73.5673, accuracy: 30 };
const LONDON = { latitude: 51.5072, longitude: -0.1276, accuracy: 15 };
const MARATHON_ON = { latitude: 48.72, longitude: -86.38, accuracy: 50 }; // ~1000 km west of Montréal, still Canada
const TIMMINS_ON = { latitude: 48.48, longitude: -81.33 }; // ~675 km from Montréal
const STRASBOURG = { latitude: 48.5734, longitude: 7.7521, accuracy: 20 }; // France, Kehl (DE) across the Rhine

type Case = { ip?: string | null; gps?: object | string; countries?: string[]; settings?: SettingValues };

function processInput({ ip = null, gps, countries = [], settings = {} }: Case): ProcessInput {
  const inputs = new Map<string, StoredInput>();
  if (gps !== undefined)
    inputs.set("GEOLOCATION", {
      type: "LOCATION",
      value: typeof gps === "string" ? gps : JSON.stringify(gps),
      fileId: null,
    });
  return {
    verification: {
      id: "01970000-0000-7000-8000-000000000001",
      accountId: "01970000-0000-7000-8000-000000000002",
      identityId: "01970000-0000-7000-8000-000000000003",
      workflowId: "01970000-0000-7000-8000-000000000004",
      ipAddress: ip,
      metadata: {},
      createdAt: new Date("2026-01-01T00:00:00Z"),
    },
    workflow: { processes: ["LOCATION_INTELLIGENCE"], documentTypes: [], countries, settings },
    inputs,
    readFile: () => Promise.reject(new Error("LOCATION_INTELLIGENCE reads no files")),
    earlierSteps: [],
    now: new Date("2026-01-01T00:05:00Z"),
    ports: testPorts(),
  };
}

const run = (c: Case) => locationIntelligence.run(processInput(c));
const check = (checks: Check[], name: string) => checks.find((c) => c.name === name)?.result;

describe("LOCATION_INTELLIGENCE", () => {
  // the first call loads the mmdb readers, the ASN table and the town grid (~1.5 s on 2 cores)
  beforeAll(async () => {
    await Promise.all([lookupAsn("8.8.8.8"), locateIp("8.8.8.8")]);
    reverseGeocode(0, 0);
  }, 60_000);

  it("declares itself", () => {
    expect(locationIntelligence.type).toBe("LOCATION_INTELLIGENCE");
    expect(locationIntelligence.dependsOn).toEqual([]);
  });

  it("approves a residential IP in an allowed country with a device location nearby, and lists what it saw", async () => {
    const out = await run({ ip: "24.48.0.1", gps: MONTREAL, settings: { ALLOWED_COUNTRIES: ["CA", "US"] } });
    expect(out.result).toBe("APPROVED");
    expect(out.checks.map((c) => [c.name, c.result])).toEqual([
      ["LOCATION_SIGNAL", "PASSED"],
      ["ALLOWED_COUNTRY", "PASSED"],
      ["HOSTING_NETWORK", "PASSED"],
      ["GPS_IP_DISTANCE", "PASSED"],
    ]);
    expect(out.data).toMatchObject({
      ip: "24.48.0.1",
      ip_country: "CA",
      asn: 5769,
      asn_org: "Videotron Ltee",
      is_hosting: false,
      gps: { lat: 45.5017, lon: -73.5673, accuracy: 30 },
      gps_country: "CA",
      allowed_countries: ["CA", "US"],
      decision: "APPROVED",
      checks: out.checks,
    });
    expect(out.data.ip_city).toMatch(/Montr/);
    expect(out.data.ip_location).toEqual({ lat: expect.any(Number), lon: expect.any(Number) });
    expect(out.data.distance_km).toBeLessThan(20);
    const signals = out.data.signals as { name: string; value: unknown }[];
    expect(signals.map((s) => s.name)).toEqual([
      "ip",
      "ip_location",
      "asn",
      "hosting",
      "gps",
      "gps_place",
      "gps_ip_distance_km",
    ]);
    expect(signals.find((s) => s.name === "asn")?.value).toBe("AS5769 Videotron Ltee");
  });

  it("sends a hosting-provider IP to review even inside the allowed countries", async () => {
    const out = await run({ ip: "46.101.10.10", countries: ["GB"] });
    expect(out.result).toBe("MANUAL_REVIEW");
    expect(check(out.checks, "ALLOWED_COUNTRY")).toBe("PASSED");
    const hosting = out.checks.find((c) => c.name === "HOSTING_NETWORK")!;
    expect(hosting.result).toBe("REVIEW");
    expect(hosting.detail).toMatch(/hosting provider .*AS14061.*possible VPN\/proxy/);
    expect(out.data).toMatchObject({
      is_hosting: true,
      asn: 14061,
      allowed_countries: ["GB"],
      gps: null,
      gps_country: null,
      distance_km: null,
    });
  });

  it("does not decline on a hosting IP's country alone: a VPN exit says where the server is", async () => {
    const out = await run({ ip: "46.101.10.10", settings: { ALLOWED_COUNTRIES: ["CA"] } });
    expect(check(out.checks, "ALLOWED_COUNTRY")).toBe("REVIEW");
    expect(out.result).toBe("MANUAL_REVIEW");
  });

  it("reviews a device location about 1000 km from the IP location, with the distance", async () => {
    const out = await run({ ip: "24.48.0.1", gps: MARATHON_ON, settings: { ALLOWED_COUNTRIES: ["CA"] } });
    expect(out.result).toBe("MANUAL_REVIEW");
    expect(check(out.checks, "ALLOWED_COUNTRY")).toBe("PASSED");
    const distance = out.checks.find((c) => c.name === "GPS_IP_DISTANCE")!;
    expect(distance.result).toBe("REVIEW");
    expect(out.data.distance_km).toBeGreaterThan(900);
    expect(out.data.distance_km).toBeLessThan(1100);
    expect(distance.detail).toContain(`${out.data.distance_km as number} km`);
  });

  it("widens the 500 km limit by the device's stated accuracy", async () => {
    const precise = await run({ ip: "24.48.0.1", gps: TIMMINS_ON });
    expect(precise.data.distance_km).toBeGreaterThan(600);
    expect(check(precise.checks, "GPS_IP_DISTANCE")).toBe("REVIEW");
    const coarse = await run({ ip: "24.48.0.1", gps: { ...TIMMINS_ON, accuracy: 250_000 } });
    expect(check(coarse.checks, "GPS_IP_DISTANCE")).toBe("PASSED");
    expect(coarse.result).toBe("APPROVED");
  });

  it("declines when the IP and the device are both outside the allowed countries", async () => {
    const out = await run({ ip: "81.2.69.142", gps: LONDON, settings: { ALLOWED_COUNTRIES: ["CA", "US"] } });
    expect(out.result).toBe("DECLINED");
    expect(out.data).toMatchObject({ ip_country: "GB", gps_country: "GB", is_hosting: false, decision: "DECLINED" });
    const country = out.checks.find((c) => c.name === "ALLOWED_COUNTRY")!;
    expect(country.result).toBe("FAILED");
    expect(country.detail).toMatch(/Outside the allowed countries.*allowed: CA, US/);
  });

  it("reviews, not declines, when one signal is inside and the other outside", async () => {
    const out = await run({ ip: "81.2.69.142", gps: MONTREAL, settings: { ALLOWED_COUNTRIES: ["CA"] } });
    expect(check(out.checks, "ALLOWED_COUNTRY")).toBe("REVIEW");
    expect(out.result).toBe("MANUAL_REVIEW");
  });

  it("reviews when there is no location signal at all", async () => {
    for (const ip of [null, "10.1.2.3", "192.168.0.7", "not-an-ip"]) {
      const out = await run({ ip, settings: { ALLOWED_COUNTRIES: ["CA"] } });
      expect(out.result).toBe("MANUAL_REVIEW");
      const signal = out.checks.find((c) => c.name === "LOCATION_SIGNAL")!;
      expect(signal.result).toBe("REVIEW");
      expect(signal.detail).toMatch(/No location signal/);
      expect(out.checks.filter((c) => c.name !== "LOCATION_SIGNAL").every((c) => c.result === "SKIPPED")).toBe(true);
    }
  });

  it("decides on the device location alone behind a private IP", async () => {
    const inside = await run({ ip: "192.168.1.10", gps: MONTREAL, settings: { ALLOWED_COUNTRIES: ["CA"] } });
    expect(inside.result).toBe("APPROVED");
    expect(inside.data).toMatchObject({
      ip: "192.168.1.10",
      ip_country: null,
      asn: null,
      is_hosting: null,
      gps_country: "CA",
      distance_km: null,
    });
    expect(check(inside.checks, "HOSTING_NETWORK")).toBe("SKIPPED");
    expect(check(inside.checks, "GPS_IP_DISTANCE")).toBe("SKIPPED");
    const outside = await run({ ip: "192.168.1.10", gps: LONDON, settings: { ALLOWED_COUNTRIES: ["CA"] } });
    expect(outside.result).toBe("DECLINED");
  });

  it("reviews rather than declines a device location near the border of an allowed country", async () => {
    const out = await run({ gps: STRASBOURG, settings: { ALLOWED_COUNTRIES: ["DE"] } });
    expect(out.data.gps_country).toBe("FR");
    const country = out.checks.find((c) => c.name === "ALLOWED_COUNTRY")!;
    expect(country.result).toBe("REVIEW");
    expect(country.detail).toContain("near the border with DE");
  });

  it("takes ALLOWED_COUNTRIES over the workflow countries, and skips the country check when neither is set", async () => {
    const bySetting = await run({
      ip: "24.48.0.1",
      gps: MONTREAL,
      countries: ["GB"],
      settings: { ALLOWED_COUNTRIES: ["CA"] },
    });
    expect(bySetting.data.allowed_countries).toEqual(["CA"]);
    expect(bySetting.result).toBe("APPROVED");
    const byWorkflow = await run({ ip: "24.48.0.1", gps: MONTREAL, countries: ["GB"] });
    expect(byWorkflow.data.allowed_countries).toEqual(["GB"]);
    expect(byWorkflow.result).toBe("DECLINED");
    const unrestricted = await run({ ip: "81.2.69.142", gps: LONDON });
    expect(unrestricted.data.allowed_countries).toBeNull();
    expect(check(unrestricted.checks, "ALLOWED_COUNTRY")).toBe("SKIPPED");
    expect(unrestricted.result).toBe("APPROVED");
  });

  it("reviews a device location it cannot use, and still runs the IP checks", async () => {
    for (const gps of ["{not json", JSON.stringify({ latitude: 91, longitude: 0 }), { latitude: 0, longitude: 0 }]) {
      const out = await run({ ip: "24.48.0.1", gps, settings: { ALLOWED_COUNTRIES: ["CA"] } });
      expect(check(out.checks, "GPS_LOCATION")).toBe("REVIEW");
      expect(check(out.checks, "ALLOWED_COUNTRY")).toBe("PASSED");
      expect(out.data.gps).toBeNull();
      expect(out.result).toBe("MANUAL_REVIEW");
    }
  });

  it("reviews a device location at sea: no town to take a country from", async () => {
    const out = await run({ gps: { latitude: 30, longitude: -40 }, settings: { ALLOWED_COUNTRIES: ["PT"] } });
    expect(out.data.gps_country).toBeNull();
    expect(check(out.checks, "ALLOWED_COUNTRY")).toBe("REVIEW");
    expect(out.result).toBe("MANUAL_REVIEW");
  });
});
