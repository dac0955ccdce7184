import worldCountries from "world-countries";
import { placeKey } from "@/lib/engines/geo/city-index";
import type { CheckResult, EarlierStep } from "@/lib/checks/types";
import {
  compactPostalCode,
  sameCity,
  samePostalCode,
  sameWord,
  streetSimilarity,
  streetTokens,
  type AddressParts,
} from "@/lib/engines/address/normalize-address";

// DOCUMENT_CROSS_REFERENCE: the submitted address against the one the DOCUMENT_VERIFICATION step read from the ID
// (`data.address`: an object {address_line?, city?, province?, postal_code?, country?} or one printed string).
//
// Rules:
//  - no document step, or no address extracted → SKIPPED (nothing to compare; the detail says which).
//  - the document's country is recognisable and differs → FAILED: a different country is a different address.
//  - street: house numbers agree (one side's a subset of the other's) and words Sørensen-Dice ≥ 0.8 with typo-
//    tolerant words (Jaro-Winkler ≥ 0.9) after abbreviations are unified; in a printed string, the street's
//    numbers must all appear and ≥ 80 % of its words.
//  - city: same name, Jaro-Winkler ≥ 0.92, one extends the other, or both name one place of the country (its own
//    name or one of its other names: "NYC" and "New York"); postal code: equal compacted (or ZIP/ZIP+4);
//    province: same name or same region (resolved through the country's region list).
//  - parts present on both sides all agree → PASSED; any disagree → REVIEW (a move, a typo in OCR, a person decides);
//    no street, city or postal code comparable → REVIEW (the document address says too little).

export const STREET_THRESHOLD = 0.8;

export type DocumentAddress = { kind: "fields"; parts: Partial<AddressParts> } | { kind: "text"; text: string };
export type PartComparison = {
  street: number | null;
  city: boolean | null;
  postal_code: boolean | null;
  province: boolean | null;
  country: boolean | null;
};
export type CrossReference = { result: CheckResult; detail: string; comparison: PartComparison | null };

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** The address of the document step, in either shape; null when the step or its address is absent. */
export function documentAddressOf(steps: readonly EarlierStep[]): DocumentAddress | null {
  // a wallet credential's address (issue 34) when there is no document's
  const address =
    steps.find((s) => s.processType === "DOCUMENT_VERIFICATION")?.data.address ??
    steps.find((s) => s.processType === "DIGITAL_CREDENTIAL" && s.result !== "DECLINED")?.data.address;
  if (typeof address === "string") return address.trim() ? { kind: "text", text: address.trim() } : null;
  if (!address || typeof address !== "object") return null;
  const a = address as Record<string, unknown>;
  const parts = {
    addressLine: text(a.address_line),
    city: text(a.city),
    province: text(a.province),
    postalCode: text(a.postal_code),
    country: text(a.country),
  };
  return Object.values(parts).some(Boolean) ? { kind: "fields", parts } : null;
}

let countryNames: Map<string, string> | undefined;

/** An ISO alpha-2 code for a country written as a code (alpha-2/alpha-3) or a name in one of many languages. */
export function countryFromText(value: string): string | null {
  if (!countryNames) {
    countryNames = new Map();
    for (const c of worldCountries) {
      const names = [c.cca2, c.cca3, c.name.common, c.name.official, ...c.altSpellings];
      for (const native of Object.values(c.name.native ?? {})) names.push(native.common, native.official);
      for (const translation of Object.values(c.translations ?? {}))
        names.push(translation.common, translation.official);
      for (const name of names) if (name && !countryNames.has(placeKey(name))) countryNames.set(placeKey(name), c.cca2);
    }
  }
  return countryNames.get(placeKey(value)) ?? null;
}

/**
 * regionOf: the key of the submitted country's region a text names ("Georgia", "GA" → "GA"), or null.
 * placeOf: an id of the submitted country's place a city name names, under any of its names ("NYC", "New York" →
 * the same place), or null.
 */
type Options = { regionOf?: (text: string) => string | null; placeOf?: (text: string) => string | null };

export function crossReference(
  submitted: AddressParts,
  document: DocumentAddress | null,
  options: Options = {},
): CrossReference {
  if (!document)
    return { result: "SKIPPED", detail: "The document step extracted no address to compare with.", comparison: null };
  const comparison =
    document.kind === "fields"
      ? compareFields(submitted, document.parts, options)
      : compareText(submitted, document.text, options);
  const mismatches = Object.entries(comparison)
    .filter(([name, v]) => (name === "street" ? v !== null && (v as number) < STREET_THRESHOLD : v === false))
    .map(([name]) => name);
  if (comparison.country === false)
    return { result: "FAILED", detail: "The document's address is in another country.", comparison };
  if (comparison.street === null && comparison.city === null && comparison.postal_code === null) {
    return {
      result: "REVIEW",
      detail: "The document's address has no street, city or postal code to compare.",
      comparison,
    };
  }
  if (mismatches.length)
    return {
      result: "REVIEW",
      detail: `The document's address differs in: ${mismatches.join(", ").replace(/_/g, " ")}.`,
      comparison,
    };
  return { result: "PASSED", detail: "The address matches the one on the identity document.", comparison };
}

function compareFields(a: AddressParts, b: Partial<AddressParts>, options: Options): PartComparison {
  const both = (x: string | null | undefined, y: string | null | undefined) => Boolean(x && y);
  const docCountry = b.country ? countryFromText(b.country) : null;
  return {
    street: both(a.addressLine, b.addressLine) ? round(streetSimilarity(a.addressLine!, b.addressLine!)) : null,
    city: both(a.city, b.city) ? sameCity(a.city!, b.city!) || samePlace(a.city!, b.city!, options) : null,
    postal_code: both(a.postalCode, b.postalCode) ? samePostalCode(a.postalCode!, b.postalCode!) : null,
    province: both(a.province, b.province)
      ? placeKey(a.province!) === placeKey(b.province!) || sameRegion(a.province!, b.province!, options)
      : null,
    country: a.country && docCountry ? docCountry === a.country.toUpperCase() : null,
  };
}

/** Two city names of one place: "NYC" on the form, "New York" on the licence. */
function samePlace(a: string, b: string, { placeOf }: Options): boolean {
  const place = placeOf?.(a);
  return Boolean(place) && place === placeOf?.(b);
}

// A printed address ("10 DOWNING ST, LONDON SW1A 2AA, UNITED KINGDOM"): look for each submitted part in it.
function compareText(a: AddressParts, printed: string, options: Options): PartComparison {
  const tokens = streetTokens(printed);
  const has = (word: string) => tokens.some((t) => sameWord(word, t));
  const segments = printed
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const last = segments.length > 1 ? segments[segments.length - 1]! : null;
  // a last segment naming a country, unless it is also a region of the submitted country ("…, Georgia", "…, CA")
  const docCountry = last ? countryFromText(last) : null;
  const isRegion = Boolean(last && options.regionOf?.(last));
  let street: number | null = null;
  if (a.addressLine) {
    const own = streetTokens(a.addressLine);
    const numbers = own.filter((t) => /^\d+$/.test(t));
    const words = own.filter((t) => !/^\d+$/.test(t));
    const numbersFound = numbers.every((n) => tokens.includes(n));
    street = numbersFound ? round(words.length ? words.filter(has).length / words.length : 1) : 0;
  }
  const cityTokens = a.city ? streetTokens(a.city) : [];
  return {
    street,
    city: cityTokens.length ? cityTokens.every(has) : null,
    postal_code: a.postalCode ? compactPostalCode(printed).includes(compactPostalCode(a.postalCode)) : null,
    province: null,
    country: a.country && docCountry && !isRegion ? docCountry === a.country.toUpperCase() : null,
  };
}

function sameRegion(a: string, b: string, options: Options): boolean {
  const region = options.regionOf?.(a);
  return Boolean(region && region === options.regionOf?.(b));
}

const round = (n: number) => Math.round(n * 100) / 100;
