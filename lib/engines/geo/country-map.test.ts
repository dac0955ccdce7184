import { describe, expect, it } from "vitest";
import { countryMap, MAP_HEIGHT, MAP_WIDTH } from "@/lib/engines/geo/country-map";

describe("countryMap", () => {
  it("projects a country's outline and its points into the box, compactly", () => {
    const map = countryMap(
      ["DE"],
      [
        { lat: 52.52, lon: 13.405, label: "IP: Berlin", kind: "ip" },
        { lat: 48.137, lon: 11.575, label: "Address: Munich", kind: "address" },
      ],
    )!;
    expect(map.outlines).toHaveLength(1);
    expect(map.outlines[0]!.d).toMatch(/^M\d+,\d+L/);
    expect(map.outlines[0]!.d.length).toBeLessThan(20_000);
    const [berlin, munich] = map.points;
    // Berlin is north-east of Munich: higher on the map (smaller y) and to the right
    expect(berlin!.y).toBeLessThan(munich!.y);
    expect(berlin!.x).toBeGreaterThan(munich!.x);
    for (const p of map.points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(MAP_HEIGHT);
    }
  });

  it("keeps a point abroad on the map, skips unknown countries and bad points, and draws nothing from nothing", () => {
    const map = countryMap(
      ["DE", "XX"],
      [
        { lat: 40.71, lon: -74.0, label: "IP: New York", kind: "ip" },
        { lat: 999, lon: 0, label: "bad", kind: "gps" },
      ],
    )!;
    expect(map.outlines.map((o) => o.country)).toEqual(["DE"]);
    expect(map.points).toHaveLength(1);
    expect(map.points[0]!.x).toBeLessThan(MAP_WIDTH / 2);
    expect(countryMap([], [])).toBeNull();
    expect(countryMap(["ZZ"], [])).toBeNull();
  });
});

describe("countryMap across the antimeridian", () => {
  it("keeps Russia in one piece: Moscow well left of Chukotka, not on the far side", () => {
    const map = countryMap(
      ["RU"],
      [
        { lat: 55.75, lon: 37.62, label: "Moscow", kind: "ip" },
        { lat: 64.73, lon: 177.5, label: "Anadyr", kind: "address" },
      ],
    )!;
    const [moscow, anadyr] = map.points;
    expect(anadyr!.x - moscow!.x).toBeGreaterThan(MAP_WIDTH / 2);
  });
});
