import { describe, expect, it } from "vitest";
import {
  addressKey,
  compactPostalCode,
  sameCity,
  samePostalCode,
  streetSimilarity,
  streetTokens,
} from "./normalize-address";

describe("streetTokens", () => {
  it("unifies abbreviations, case, punctuation and accents", () => {
    expect(streetTokens("10 Downing St.")).toEqual(streetTokens("10 DOWNING STREET"));
    expect(streetTokens("Hauptstraße 5")).toEqual(["haupt", "st", "5"]);
    expect(streetTokens("Hauptstr. 5")).toEqual(["haupt", "st", "5"]);
    expect(streetTokens("Haupt-Strasse 5")).toEqual(["haupt", "st", "5"]);
    expect(streetTokens("Kalverstraat 12")).toEqual(["kalver", "st", "12"]);
    expect(streetTokens("350 5th Ave")).toEqual(streetTokens("350 Fifth Avenue"));
    expect(streetTokens("1600 Amphitheatre Pkwy")).toEqual(streetTokens("1600 amphitheatre parkway"));
    expect(streetTokens("Rue de l'Église 3")).toEqual(["rue", "de", "leglise", "3"]);
  });

  it("drops unit words but keeps unit numbers", () => {
    expect(streetTokens("10 Main St Apt 4B")).toEqual(["10", "main", "st", "4", "b"]);
    expect(streetTokens("10 Main Street #4B")).toEqual(["10", "main", "st", "4", "b"]);
    expect(streetTokens("10 Main St, Flat 4b")).toEqual(["10", "main", "st", "4", "b"]);
  });
});

describe("addressKey", () => {
  const base = {
    addressLine: "10 Downing Street",
    city: "London",
    province: null,
    postalCode: "SW1A 2AA",
    country: "GB",
  };

  it("is the same for spellings of one address", () => {
    expect(
      addressKey({ ...base, addressLine: "10 downing st.", postalCode: "sw1a2aa", city: "LONDON", country: "gb" }),
    ).toBe(addressKey(base));
    // with a postal code the city is not part of the key ("Westminster" vs "London")
    expect(addressKey({ ...base, city: "Westminster" })).toBe(addressKey(base));
    expect(addressKey(base)).toBe("GB|zip:SW1A2AA|10 downing st");
  });

  it("differs for another house, postal code or country, and uses the city without a postal code", () => {
    expect(addressKey({ ...base, addressLine: "11 Downing Street" })).not.toBe(addressKey(base));
    expect(addressKey({ ...base, postalCode: "SW1A 2AB" })).not.toBe(addressKey(base));
    expect(addressKey({ ...base, country: "IE" })).not.toBe(addressKey(base));
    expect(addressKey({ ...base, postalCode: null })).toBe("GB|city:london|10 downing st");
    expect(addressKey({ ...base, addressLine: null })).toBeNull();
  });

  it("compacts postal codes as the SQL lookup does", () => {
    expect(compactPostalCode(" 1012 lg ")).toBe("1012LG");
    expect(compactPostalCode("94043-1351")).toBe("940431351");
  });
});

describe("streetSimilarity", () => {
  it("scores abbreviations, typos and added units as the same street", () => {
    expect(streetSimilarity("10 Downing St", "10 DOWNING STREET")).toBe(1);
    expect(streetSimilarity("10 Downig Street", "10 Downing Street")).toBeGreaterThanOrEqual(0.8);
    expect(streetSimilarity("Hauptstr. 5", "Haupt Straße 5")).toBe(1);
    expect(streetSimilarity("10 Main St Apt 4", "10 Main St")).toBeGreaterThanOrEqual(0.8);
  });

  it("scores another house number or another street low", () => {
    expect(streetSimilarity("10 Downing Street", "12 Downing Street")).toBe(0);
    expect(streetSimilarity("10 Main Street", "10 Elm Street")).toBeLessThan(0.8);
    expect(streetSimilarity("10 Main Street", "10 Main Road")).toBeLessThan(0.8);
  });
});

describe("sameCity and samePostalCode", () => {
  it("matches city spellings and rejects other cities", () => {
    expect(sameCity("München", "MUNCHEN")).toBe(true);
    expect(sameCity("New York", "New York City")).toBe(true);
    expect(sameCity("Frankfurt", "Frankfurt am Main")).toBe(true);
    expect(sameCity("Paris", "Lyon")).toBe(false);
    expect(sameCity("York", "New York")).toBe(false);
  });

  it("matches compacted codes and ZIP vs ZIP+4 only", () => {
    expect(samePostalCode("SW1A 2AA", "sw1a2aa")).toBe(true);
    expect(samePostalCode("94043", "94043-1351")).toBe(true);
    expect(samePostalCode("94043", "94044")).toBe(false);
    expect(samePostalCode("1012", "1012 LG")).toBe(false);
  });
});
