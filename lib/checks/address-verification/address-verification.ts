import "server-only";
import { countryByCode } from "@/lib/shared/countries";
import { countryArea, findCity, regionArea } from "@/lib/engines/geo/city-index";
import { locateIp } from "@/lib/engines/geo/ip-location";
import type { Check, CheckResult, DuplicateAddress, ProcessInput, VerificationProcess } from "@/lib/checks/types";
import { resultOfChecks } from "@/lib/checks/types";
import { crossReference, documentAddressOf, type CrossReference } from "./document-cross-reference";
import {
  confirmLocation,
  locationStepSignals,
  parseGeolocation,
  type Anchor,
  type Confirmation,
  type GpsSignal,
  type IpSignal,
} from "./geolocation-confirmation";
import { addressKey, streetTokens, type AddressParts } from "@/lib/engines/address/normalize-address";
import {
  countryRules,
  countryUsesPostalCodes,
  regionCodes,
  resolveRegion,
  validatePostal,
  type PostalValidation,
} from "@/lib/checks/address-verification/postal-rules";

// ADDRESS_VERIFICATION: one check per address setting of the workflow (name = the setting), SKIPPED when the
// setting is off or absent; the step's result is resultOfChecks (any FAILED → DECLINED, else any REVIEW →
// MANUAL_REVIEW, else APPROVED). POSTAL_VALIDATION, DOCUMENT_CROSS_REFERENCE, GEOLOCATION_CONFIRMATION and the
// duplicate lookup document their rules in their modules; the simple ones:
//  - ADDRESS_COMPLETENESS: street, city, postal code and country present, else FAILED. The postal code is not
//    demanded where no postal code can be checked: countries that have none (AE, HK, …: the input list does not wait
//    for one there either, lib/shared/country-codes.ts) and KP, whose codes have no known pattern.
//  - ALLOWED_COUNTRIES: COUNTRY in the list → PASSED, else FAILED.
//  - ADDRESS_DUPLICATE_DETECTION: another identity of the account used the address → FAILED for REJECTED,
//    REVIEW for REVIEW_NEEDED; else PASSED.
//
// Step data: the spec's fields plus what a reviewer needs to see why.
//  - source: where the confirming signal came from — "DOCUMENT" when the document cross-reference PASSED, else
//    "GPS" or "IP" when GEOLOCATION_CONFIRMATION PASSED on that signal, else null (nothing confirmed the address
//    the person typed; a value would claim a confirmation that did not happen).
//  - validation_result: PASSED / FAILED / REVIEW_NEEDED, the worst of POSTAL_VALIDATION and
//    DOCUMENT_CROSS_REFERENCE among those that ran; NOT_CHECKED when neither ran.

type Signals = { gps: GpsSignal | null; ip: IpSignal | null };

export const addressVerification: VerificationProcess = {
  type: "ADDRESS_VERIFICATION",
  dependsOn: ["DOCUMENT_VERIFICATION", "LOCATION_INTELLIGENCE", "DIGITAL_CREDENTIAL"],
  async run(input) {
    const { settings } = input.workflow;
    const address = addressOf(input);
    const country = address.country;
    const rules = country ? await countryRules(country) : null;
    // computed even when POSTAL_VALIDATION is off: its city and region place the address for the location check
    const postal = country ? await validatePostal({ ...address, country }) : null;
    const checks: Check[] = [];

    const missing = [
      !address.addressLine && "street",
      !address.city && "city",
      !address.postalCode && (!country || countryUsesPostalCodes(rules, country)) && "postal code",
      !country && "country",
    ].filter(Boolean);
    checks.push(
      settings.ADDRESS_COMPLETENESS !== true
        ? skipped("ADDRESS_COMPLETENESS")
        : missing.length
          ? { name: "ADDRESS_COMPLETENESS", result: "FAILED", detail: `Missing: ${missing.join(", ")}.` }
          : {
              name: "ADDRESS_COMPLETENESS",
              result: "PASSED",
              detail: address.postalCode
                ? "Street, city, postal code and country are present."
                : `Street, city and country are present (no postal code is asked for in ${country}).`,
            },
    );

    const allowed = settings.ALLOWED_COUNTRIES;
    checks.push(
      !allowed?.length
        ? skipped("ALLOWED_COUNTRIES")
        : country && allowed.includes(country)
          ? { name: "ALLOWED_COUNTRIES", result: "PASSED", detail: `${country} is an allowed country.` }
          : {
              name: "ALLOWED_COUNTRIES",
              result: "FAILED",
              detail: `${country ?? "No country"} is not among the allowed countries.`,
            },
    );

    checks.push(
      settings.POSTAL_VALIDATION !== true
        ? skipped("POSTAL_VALIDATION")
        : postal
          ? { name: "POSTAL_VALIDATION", result: postal.result, detail: postal.detail }
          : {
              name: "POSTAL_VALIDATION",
              result: "FAILED",
              detail: "No country was given: the address cannot be validated.",
            },
    );

    let document: CrossReference | null = null;
    if (settings.DOCUMENT_CROSS_REFERENCE !== true) checks.push(skipped("DOCUMENT_CROSS_REFERENCE"));
    else if (
      !input.earlierSteps.some(
        (s) => s.processType === "DOCUMENT_VERIFICATION" || s.processType === "DIGITAL_CREDENTIAL",
      )
    ) {
      checks.push({
        name: "DOCUMENT_CROSS_REFERENCE",
        result: "SKIPPED",
        detail:
          "No completed DOCUMENT_VERIFICATION or DIGITAL_CREDENTIAL step: there is no document address to compare with.",
      });
    } else {
      const regionOf = (text: string) => resolveRegion(rules, text)?.key ?? null;
      // a typo-tolerant match is no proof that two names are one place: exact names and other names only
      const placeOf = (text: string) => {
        const found = country ? findCity(country, text) : null;
        return found && !found.approximate ? `${found.city.name}|${found.city.latitude}|${found.city.longitude}` : null;
      };
      document = crossReference(address, documentAddressOf(input.earlierSteps), { regionOf, placeOf });
      checks.push({ name: "DOCUMENT_CROSS_REFERENCE", result: document.result, detail: document.detail });
    }

    let signals: Signals | null = null;
    let anchor: Anchor | null = null;
    let location: Confirmation | null = null;
    if (settings.GEOLOCATION_CONFIRMATION !== true) checks.push(skipped("GEOLOCATION_CONFIRMATION"));
    else {
      signals = await signalsOf(input);
      anchor = country ? anchorOf(country, postal) : null;
      location = confirmLocation(anchor, country ?? "", signals.gps, signals.ip);
      checks.push({ name: "GEOLOCATION_CONFIRMATION", result: location.result, detail: location.detail });
    }

    let duplicates: DuplicateAddress[] | null = null;
    const onDuplicate = settings.ADDRESS_DUPLICATE_DETECTION;
    if (!onDuplicate) checks.push(skipped("ADDRESS_DUPLICATE_DETECTION"));
    else {
      duplicates = await input.ports.findDuplicateAddresses(address);
      const identities = new Set(duplicates.map((d) => d.identityId)).size;
      checks.push(
        duplicates.length
          ? {
              name: "ADDRESS_DUPLICATE_DETECTION",
              result: onDuplicate === "REJECTED" ? "FAILED" : "REVIEW",
              detail: `The same address was submitted for ${identities} other ${identities === 1 ? "identity" : "identities"} of this account.`,
            }
          : {
              name: "ADDRESS_DUPLICATE_DETECTION",
              result: "PASSED",
              detail: "No other identity of this account submitted this address.",
            },
      );
    }

    return {
      result: resultOfChecks(checks),
      data: {
        address_line: address.addressLine,
        city: address.city,
        province: address.province,
        postal_code: address.postalCode,
        country,
        source: document?.result === "PASSED" ? "DOCUMENT" : (location?.source ?? null),
        validation_result: validationResult(checks),
        country_name: country ? (countryByCode(country)?.name ?? null) : null,
        normalized: {
          key: addressKey(address),
          address_line: address.addressLine ? streetTokens(address.addressLine).join(" ") : null,
          postal_code: postal?.postalCode ?? null,
          region_code: postal?.region?.key ?? null,
          region: postal?.region?.label ?? null,
          region_from_postal_code: postal?.regionFromPostalCode ?? false,
        },
        city_match: postal?.city
          ? {
              name: postal.city.city.name,
              latitude: postal.city.city.latitude,
              longitude: postal.city.city.longitude,
              population: postal.city.city.population,
              approximate: postal.city.approximate,
            }
          : null,
        document_comparison: document?.comparison ?? null,
        location: signals && locationData(anchor, signals, location),
        duplicates: duplicates && {
          count: duplicates.length,
          verification_ids: duplicates.slice(0, 10).map((d) => d.verificationId),
        },
        signals: [document?.comparison && "DOCUMENT", signals?.gps && "GPS", signals?.ip && "IP"].filter(Boolean),
      },
      checks,
    };
  },
};

const skipped = (name: string): Check => ({
  name,
  result: "SKIPPED",
  detail: `${name} is not enabled in this workflow.`,
});

function addressOf({ inputs }: ProcessInput): AddressParts {
  const value = (name: string) => inputs.get(name)?.value?.trim() || null;
  return {
    addressLine: value("ADDRESS_LINE"),
    city: value("CITY"),
    province: value("PROVINCE"),
    postalCode: value("POSTAL_CODE"),
    country: value("COUNTRY")?.toUpperCase() ?? null,
  };
}

/** GPS: the GEOLOCATION input, else the location step's; IP: the location step's view, else our own lookup. */
async function signalsOf(input: ProcessInput): Promise<Signals> {
  const fromStep = locationStepSignals(input.earlierSteps);
  const gps = parseGeolocation(input.inputs.get("GEOLOCATION")?.value) ?? fromStep.gps;
  if (fromStep.ip) return { gps, ip: fromStep.ip };
  const found = input.verification.ipAddress ? await locateIp(input.verification.ipAddress) : null;
  const ip: IpSignal | null = found && {
    countryCode: found.countryCode,
    city: found.city,
    latitude: found.latitude,
    longitude: found.longitude,
    origin: "IP_DATABASE",
    anonymised: false,
  };
  return { gps, ip };
}

/** Where the address is: its city; else its (postal or named) region; else its country. */
export function anchorOf(country: string, postal: PostalValidation | null): Anchor | null {
  const city = postal?.city;
  if (city && city.inRegion !== false)
    return {
      precision: "CITY",
      label: city.city.name,
      latitude: city.city.latitude,
      longitude: city.city.longitude,
      radiusKm: 0,
    };
  const region = postal?.region ? regionArea(country, regionCodes(postal.region)) : null;
  if (region) return { precision: "REGION", label: postal!.region!.label, ...region };
  const whole = countryArea(country);
  return whole && { precision: "COUNTRY", label: countryByCode(country)?.name ?? country, ...whole };
}

function locationData(anchor: Anchor | null, signals: Signals, location: Confirmation | null) {
  return {
    anchor: anchor && {
      precision: anchor.precision,
      label: anchor.label,
      latitude: anchor.latitude,
      longitude: anchor.longitude,
      radius_km: anchor.radiusKm,
    },
    gps: signals.gps && {
      latitude: signals.gps.latitude,
      longitude: signals.gps.longitude,
      accuracy_m: signals.gps.accuracyM,
      origin: signals.gps.origin,
      distance_km: location?.gpsDistanceKm ?? null,
    },
    ip: signals.ip && {
      country_code: signals.ip.countryCode,
      city: signals.ip.city,
      origin: signals.ip.origin,
      anonymised: signals.ip.anonymised,
      distance_km: location?.ipDistanceKm ?? null,
    },
  };
}

function validationResult(checks: readonly Check[]): "PASSED" | "FAILED" | "REVIEW_NEEDED" | "NOT_CHECKED" {
  const ran: CheckResult[] = checks
    .filter((c) => (c.name === "POSTAL_VALIDATION" || c.name === "DOCUMENT_CROSS_REFERENCE") && c.result !== "SKIPPED")
    .map((c) => c.result);
  if (ran.includes("FAILED")) return "FAILED";
  if (ran.includes("REVIEW")) return "REVIEW_NEEDED";
  return ran.length ? "PASSED" : "NOT_CHECKED";
}
