import worldCountries from "world-countries";
import { flagEmoji, isCountryCode } from "@/lib/shared/country-codes";

// ISO 3166-1 (the 249 officially assigned codes) and the user-assigned codes the world-countries package lists (XK,
// Kosovo: its passports, identity cards and postal codes are real) from world-countries (ODbL-1.0, mledoze/countries).
export type Country = { code: string; name: string; flag: string; region: string };

const COUNTRIES: Country[] = worldCountries
  .filter((c) => c.status === "officially-assigned" || c.status === "user-assigned")
  .map((c) => ({ code: c.cca2, name: c.name.common, flag: flagEmoji(c.cca2), region: c.region }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export function allCountries(): readonly Country[] {
  return COUNTRIES;
}

export function countryByCode(code: string): Country | undefined {
  return BY_CODE.get(code.toUpperCase());
}

export { isCountryCode };

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code);
