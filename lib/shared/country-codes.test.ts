import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "@/lib/shared/countries";
import { ISO_COUNTRY_CODES, isCountryCode } from "@/lib/shared/country-codes";

describe("country codes for the browser", () => {
  it("are exactly the codes of the full country data", () => {
    expect([...ISO_COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES].sort());
  });
  it("accept any case and refuse unassigned codes", () => {
    expect(isCountryCode("de")).toBe(true);
    expect(isCountryCode("DEU")).toBe(false);
    expect(isCountryCode("ZZ")).toBe(false);
    expect(isCountryCode("XX")).toBe(false);
  });
  it("accept Kosovo's user-assigned XK, the one such code the country data lists", () => {
    expect(isCountryCode("XK")).toBe(true);
    expect(isCountryCode("xk")).toBe(true);
    expect(ISO_COUNTRY_CODES).toHaveLength(250);
  });
});
