import { allCountries, countryByCode, type Country } from "@/lib/shared/countries";
import { automationOf, type Automation } from "@/lib/shared/document-automation";
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPE_NAMES, type DocumentTypeName } from "@/lib/shared/document-type-names";

export { DOCUMENT_TYPE_NAMES, type DocumentTypeName };
export type Side = "FRONT" | "BACK";
export { AUTOMATION_LABELS, automationOf, type Automation } from "@/lib/shared/document-automation";

export type SubDocumentType = {
  countryName: string;
  countryCode: string;
  countryFlag: string;
  region: string;
  documentTypes: DocumentType[];
};

export type DocumentType = { name: DocumentTypeName; label: string; sides: Side[]; subTypes: SubDocumentType[] };

type Definition = { label: string; sides: Side[]; issuedIn: (country: Country) => boolean };

// Countries with no general-purpose national identity card (identity is shown with a passport or a driving
// licence). Source: national identity card policies as published by each government, summarised in
// Wikipedia's "List of national identity card policies by country" (checked 2026-11). The US and Canada are not
// in it: they issue no national card, but every state and province issues an identity card to the AAMVA standard
// (the licence's layout and PDF417 barcode), which is what an identity card of these countries is in this
// catalogue (docs/checks.md).
const NO_NATIONAL_ID = new Set([
  "AU",
  "DK",
  "GB",
  "IE",
  "NZ",
  "MH",
  "FM",
  "KI",
  "NR",
  "TV",
  "WS",
  "AQ",
  "BV",
  "HM",
  "UM",
  "GS",
  "IO",
  "TF",
  "PN",
]);

// Countries whose electoral commissions issue a photo voter card that is accepted as identification.
// Source: the issuing commissions (e.g. ECI "EPIC" in India, INE "Credencial para votar" in Mexico,
// INEC "PVC" in Nigeria), same list as above.
const VOTER_ID_COUNTRIES = new Set([
  "IN",
  "MX",
  "NG",
  "GH",
  "PH",
  "KE",
  "SL",
  "LR",
  "CM",
  "CD",
  "CI",
  "BJ",
  "TG",
  "BF",
  "ML",
  "NE",
  "SN",
  "GN",
  "MW",
  "ZM",
  "UG",
  "TZ",
  "BD",
  "PK",
  "NP",
  "LK",
  "MZ",
  "GM",
  "HT",
  "DO",
]);

// Uninhabited territories issue no documents at all.
const UNINHABITED = new Set(["AQ", "BV", "HM", "UM", "GS", "TF"]);

const DEFINITIONS: Record<DocumentTypeName, Definition> = {
  PASSPORT: { label: DOCUMENT_TYPE_LABELS.PASSPORT, sides: ["FRONT"], issuedIn: (c) => !UNINHABITED.has(c.code) },
  DRIVERS_LICENSE: {
    label: DOCUMENT_TYPE_LABELS.DRIVERS_LICENSE,
    sides: ["FRONT", "BACK"],
    issuedIn: (c) => !UNINHABITED.has(c.code),
  },
  NATIONAL_ID: {
    label: DOCUMENT_TYPE_LABELS.NATIONAL_ID,
    sides: ["FRONT", "BACK"],
    issuedIn: (c) => !NO_NATIONAL_ID.has(c.code),
  },
  RESIDENCE_PERMIT: {
    label: DOCUMENT_TYPE_LABELS.RESIDENCE_PERMIT,
    sides: ["FRONT", "BACK"],
    issuedIn: (c) => !UNINHABITED.has(c.code),
  },
  VOTER_ID: {
    label: DOCUMENT_TYPE_LABELS.VOTER_ID,
    sides: ["FRONT", "BACK"],
    issuedIn: (c) => VOTER_ID_COUNTRIES.has(c.code),
  },
  // a machine-readable visa (ICAO 9303-7, MRV-A or MRV-B) is a sticker on a passport page: one side to capture
  VISA: { label: DOCUMENT_TYPE_LABELS.VISA, sides: ["FRONT"], issuedIn: (c) => !UNINHABITED.has(c.code) },
};

function subType(country: Country): SubDocumentType {
  return {
    countryName: country.name,
    countryCode: country.code,
    countryFlag: country.flag,
    region: country.region,
    documentTypes: [],
  };
}

export function documentTypeSides(name: DocumentTypeName): Side[] {
  return DEFINITIONS[name].sides;
}

export function documentTypeLabel(name: DocumentTypeName): string {
  return DEFINITIONS[name].label;
}

export function isIssuedIn(name: DocumentTypeName, countryCode: string): boolean {
  const country = countryByCode(countryCode);
  return Boolean(country && DEFINITIONS[name].issuedIn(country));
}

/**
 * Document types with their per-country variants.
 * `types` restricts the names, `countries` the issuing countries (empty = no restriction).
 * Types that no allowed country issues are left out.
 */
export function listDocumentTypes(
  filter: { types?: readonly string[]; countries?: readonly string[] } = {},
): DocumentType[] {
  const countries = filter.countries?.length
    ? allCountries().filter((c) => filter.countries!.includes(c.code))
    : allCountries();
  return DOCUMENT_TYPE_NAMES.filter((name) => !filter.types?.length || filter.types.includes(name))
    .map((name) => {
      const definition = DEFINITIONS[name];
      return {
        name,
        label: definition.label,
        sides: [...definition.sides],
        subTypes: countries.filter((c) => definition.issuedIn(c)).map(subType),
      };
    })
    .filter((type) => type.subTypes.length > 0);
}

/** The document type must exist in the chosen country (e.g. no NATIONAL_ID from Great Britain). */
export function documentTypeIssuedIn(type: string, country: string): boolean {
  return !DOCUMENT_TYPE_NAMES.includes(type as DocumentTypeName) || isIssuedIn(type as DocumentTypeName, country);
}

/** Per type, the countries that issue it and what the service can decide of each (lib/shared/document-automation.ts). */
export function automationTable(): Record<DocumentTypeName, Record<string, Automation>> {
  return Object.fromEntries(
    DOCUMENT_TYPE_NAMES.map((name) => [
      name,
      Object.fromEntries(
        allCountries()
          .filter((c) => DEFINITIONS[name].issuedIn(c))
          .map((c) => [c.code, automationOf(name, c.code)]),
      ),
    ]),
  ) as Record<DocumentTypeName, Record<string, Automation>>;
}
