import { describe, expect, it } from "vitest";
import { countryArea, findCity, regionArea } from "@/lib/engines/geo/city-index";
import { ISO_COUNTRY_CODES, usesNoPostalCodes } from "@/lib/shared/country-codes";
import {
  countryRules,
  countryUsesPostalCodes,
  postalFormatStatus,
  postalRuleOf,
  resolveRegion,
  validatePostal,
} from "./postal-rules";

const at = (city: string | null, postalCode: string | null, country: string, province: string | null = null) =>
  validatePostal({ city, postalCode, country, province });

describe("postal code formats (Google address metadata)", () => {
  it("accepts real codes and rejects malformed ones per country", async () => {
    const cases: [string, string, "ok" | "malformed"][] = [
      ["US", "94043", "ok"],
      ["US", "94043-1351", "ok"],
      ["US", "9404", "malformed"],
      ["NL", "1012 LG", "ok"],
      ["NL", "1012lg", "ok"],
      ["NL", "10123", "malformed"],
      ["GB", "SW1A 2AA", "ok"],
      ["GB", "sw1a2aa", "ok"],
      ["GB", "SW1A", "malformed"],
      ["DE", "10117", "ok"],
      ["DE", "1011", "malformed"],
      ["CA", "K1A 0B1", "ok"],
      ["CA", "12345", "malformed"],
      ["FR", "75008", "ok"],
      ["JP", "100-0001", "ok"],
      ["BR", "01310-100", "ok"],
      // a space left out or put elsewhere is the same code; a character more or less is not
      ["SV", "CP 1101", "ok"],
      ["SV", "CP1101", "ok"],
      ["SV", "CP110", "malformed"],
      ["CA", "K1A0 B1", "ok"],
      ["SE", "112 011", "malformed"],
    ];
    for (const [country, code, expected] of cases) {
      expect(postalFormatStatus(await countryRules(country), country, code), `${country} ${code}`).toBe(expected);
    }
  });

  it("knows countries without postal codes", async () => {
    expect(countryUsesPostalCodes(await countryRules("AE"), "AE")).toBe(false);
    expect(countryUsesPostalCodes(await countryRules("DE"), "DE")).toBe(true);
  });

  it("the browser's list of countries without postal codes is exactly the countries whose rule is NONE", async () => {
    const none: string[] = [];
    for (const code of ISO_COUNTRY_CODES) if (postalRuleOf(await countryRules(code), code) === "NONE") none.push(code);
    expect(none.length).toBeGreaterThan(60);
    expect(ISO_COUNTRY_CODES.filter(usesNoPostalCodes)).toEqual(none);
  });

  it("resolves regions by name, code or translation", async () => {
    const us = await countryRules("US");
    expect(resolveRegion(us, "California")?.key).toBe("CA");
    expect(resolveRegion(us, "ca")?.key).toBe("CA");
    expect(resolveRegion(await countryRules("CA"), "Québec")?.key).toBe("QC");
    expect(resolveRegion(us, "Atlantis")).toBeNull();
  });

  it("resolves an ISO 3166-2 code with its country, and a name as written before its folded form", async () => {
    expect(resolveRegion(await countryRules("US"), "US-CA")?.key).toBe("CA");
    expect(resolveRegion(await countryRules("VN"), "VN-SG")?.isoid).toBe("SG");
    // Shaanxi and Shanxi fold to the same Latin letters (any-ascii: SHANXISHENG)
    const cn = await countryRules("CN");
    expect(resolveRegion(cn, "陕西省")?.key).toBe("陕西省");
    expect(resolveRegion(cn, "山西省")?.key).toBe("山西省");
  });

  it("resolves a code written with dots and a name without its region type", async () => {
    const us = await countryRules("US");
    expect(resolveRegion(us, "D.C.")?.key).toBe("DC");
    expect(resolveRegion(us, "N.Y")?.key).toBe("NY");
    expect(resolveRegion(us, "N.Q.")).toBeNull();
    const ru = await countryRules("RU");
    expect(resolveRegion(ru, "Карелия")?.label).toBe("Республика Карелия");
    expect(resolveRegion(ru, "Свердловская")?.label).toBe("Свердловская область");
  });

  it("gives each country a postcode rule: a pattern, no postal codes, or unknown", async () => {
    const rule = async (code: string) => postalRuleOf(await countryRules(code), code);
    expect(await rule("DE")).toBe("FORMAT");
    expect(await rule("XK")).toBe("FORMAT");
    // postcode-validator's pattern where Google's data has none
    expect(await rule("PA")).toBe("FORMAT");
    for (const code of ["AE", "HK", "JM", "QA", "AQ"]) expect(await rule(code), code).toBe("NONE");
    // North Korea's address format has a postal code, but no pattern is known
    expect(await rule("KP")).toBe("UNKNOWN");
    expect(countryUsesPostalCodes(await countryRules("KP"), "KP")).toBe(false);
  });
});

describe("validatePostal", () => {
  it("passes consistent addresses", async () => {
    const mv = await at("Mountain View", "94043", "US", "CA");
    expect(mv).toMatchObject({ result: "PASSED", postalCode: "94043" });
    expect(mv.region?.key).toBe("CA");
    // the Californian Mountain View, not the namesakes in six other states
    expect(mv.city?.city).toMatchObject({ adminCode: "CA", name: "Mountain View" });
    expect((await at("London", "sw1a 2aa", "GB")).result).toBe("PASSED");
    expect((await at("Amsterdam", "1012 LG", "NL")).result).toBe("PASSED");
    expect((await at("Ottawa", "K1A 0B1", "CA", "Ontario")).result).toBe("PASSED");
  });

  it("passes an address of a country without postal codes, saying so, with or without a code given", async () => {
    const dubai = await at("Dubai", null, "AE");
    expect(dubai).toMatchObject({ result: "PASSED", postalRule: "NONE" });
    expect(dubai.detail).toBe("AE uses no postal codes; city found in the country.");
    // a P.O. box or district number in the field is not judged: there is no format to be wrong against
    const kingston = await at("Kingston", "12345", "JM");
    expect(kingston.result).toBe("PASSED");
    expect(kingston.detail).toContain('JM uses no postal codes: "12345" was not checked');
  });

  it("checks Kosovo's postal codes (XK)", async () => {
    expect(await at("Pristina", "10000", "XK")).toMatchObject({ result: "PASSED", postalRule: "FORMAT" });
    const short = await at("Pristina", "1000", "XK");
    expect(short.result).toBe("FAILED");
    expect(short.detail).toContain('"1000" is not a valid format for XK');
  });

  it("fails a malformed postal code", async () => {
    const nl = await at("Amsterdam", "10123", "NL");
    expect(nl.result).toBe("FAILED");
    expect(nl.detail).toContain("not a valid format for NL");
  });

  it("fails a postal code of another region and names the right one", async () => {
    const ny = await at("New York", "10118", "US", "CA");
    expect(ny.result).toBe("FAILED");
    expect(ny.detail).toContain("does not belong to California (it is in New York)");
  });

  it("infers the region from the postal code when no province is given", async () => {
    const ny = await at("New York", "10118", "US");
    expect(ny.result).toBe("PASSED");
    expect(ny).toMatchObject({ regionFromPostalCode: true, region: { key: "NY" } });
  });

  it("passes POSTAL_VALIDATION for an alternate, naming it in the reason", async () => {
    const nyc = await validatePostal({ city: "NYC", province: "NY", postalCode: "10001", country: "US" });
    expect(nyc.result).toBe("PASSED");
    expect(nyc.detail).toContain('city "NYC" matched as New York City (one of its other names)');
    const hull = await validatePostal({ city: "Hull", province: null, postalCode: "HU1 2AA", country: "GB" });
    expect(hull.result).toBe("PASSED");
    expect(hull.detail).toContain('city "Hull" matched as Kingston upon Hull');
  });

  it("sends unknown cities, unknown provinces and missing required codes to review", async () => {
    expect((await at("Paris", "10117", "DE")).result).toBe("REVIEW");
    expect((await at("Mountain View", "94043", "US", "Atlantis")).result).toBe("REVIEW");
    expect((await at("Berlin", null, "DE")).result).toBe("REVIEW");
    // a city that exists in the country, but not in the named state
    expect((await at("Mountain View", "10118", "US", "NY")).detail).toContain(
      'No place "Mountain View" is known in New York',
    );
  });
});

describe("city index", () => {
  it("finds cities across accents, variants and typos", () => {
    expect(findCity("CH", "Zurich")?.city.name).toBe("Zürich");
    expect(findCity("US", "Saint Louis")?.city.name).toBe("St. Louis");
    expect(findCity("US", "New York")?.city.name).toBe("New York City");
    expect(findCity("NL", "Amsterdm")).toMatchObject({ approximate: true, city: { name: "Amsterdam" } });
    expect(findCity("DE", "Paris")).toBeNull();
  });

  it("places regions and countries", () => {
    expect(countryArea("NL")).toMatchObject({ latitude: 52.5, longitude: 5.75 });
    expect(countryArea("NL")!.radiusKm).toBeLessThan(150);
    const california = regionArea("US", ["CA"])!;
    expect(california.latitude).toBeGreaterThan(33);
    expect(california.latitude).toBeLessThan(39);
    expect(california.radiusKm).toBeGreaterThan(100);
  });
});
