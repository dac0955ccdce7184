import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "@/lib/shared/countries";
import { ISO_COUNTRY_CODES, isCountryCode } from "@/lib/shared/country-codes";

describe("country codes for the browser", () => {
  it("are exactly the codes of the full country data", () => {
    expect([...ISO_COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES].sort());
  });
  it("accept any case and refuse unassigned codes", () => {
    expect(isCountryCode("de")).toBe(true);
    expect(isCountryCode("XK")).toBe(false);
    expect(isCountryCode("DEU")).toBe(false);
  });
});
