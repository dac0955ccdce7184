import type { DocumentTypeName } from "@/lib/shared/document-type-names";

// What the service can decide on its own, per document type and issuing country: the machine-readable data the
// rules rest on (docs/checks.md). A document with an MRZ or an AAMVA PDF417 barcode is read, checked and compared
// with its printed front, and can be APPROVED or DECLINED without a person; one without goes to MANUAL_REVIEW with
// the reason. Browser-safe (plain data): the dashboard's workflow builder shows it.
//
// This is what to EXPECT of a country's documents. At run time the rules follow what is actually on the images: a
// card of a country listed as "review" that does carry an MRZ is still read and decided.

export type Automation = "MRZ" | "PDF417" | "REVIEW";

// EU member states: every identity card and residence permit issued since 2 August 2021 follows Regulation (EU)
// 2019/1157 (identity cards) and Regulation (EC) 1030/2002 (residence permits): ICAO 9303 ID-1 cards with a TD1
// MRZ. Older cards of the same countries mostly carry one too.
const EU = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
];
// The EEA states and Switzerland issue the same ICAO ID-1 formats (Schengen).
const EEA_CH = ["IS", "LI", "NO", "CH"];
// Other countries whose current national identity card is an ICAO 9303 TD1 card with an MRZ (as published by each
// issuing authority; checked 2026-11). Countries in none of these lists may still issue one: it is read if present.
const TD1_ID_ELSEWHERE = [
  "TR",
  "UA",
  "RS",
  "ME",
  "MK",
  "AL",
  "BA",
  "MD",
  "GE",
  "AM",
  "AR",
  "CL",
  "PE",
  "EC",
  "UY",
  "AE",
  "GH",
];
// AAMVA members: every US state, DC and territory and every Canadian province and territory prints the AAMVA
// DL/ID Card Design Standard's PDF417 on the back of its driving licences and identity cards.
const AAMVA = ["US", "CA"];

/**
 * Whether a card of this declared country may carry an AAMVA barcode: an AAMVA member, or a country not declared.
 * Other cards are not searched for one (a photo without a barcode costs the reader about a second).
 */
export function mayCarryAamva(country: string | null): boolean {
  return !country || AAMVA.includes(country.toUpperCase());
}

const ID_MRZ = new Set([...EU, ...EEA_CH, ...TD1_ID_ELSEWHERE]);
// residence permits: the EU/EEA uniform format, the UK's biometric residence permit and the US permanent resident
// card are TD1 cards with an MRZ
const PERMIT_MRZ = new Set([...EU, ...EEA_CH, "GB", "US"]);

export function automationOf(type: DocumentTypeName, country: string): Automation {
  const code = country.toUpperCase();
  switch (type) {
    case "PASSPORT":
      // ICAO: every passport in circulation has been machine-readable since 24 November 2015
      return "MRZ";
    case "DRIVERS_LICENSE":
      return AAMVA.includes(code) ? "PDF417" : "REVIEW";
    case "NATIONAL_ID":
      return AAMVA.includes(code) ? "PDF417" : ID_MRZ.has(code) ? "MRZ" : "REVIEW";
    case "RESIDENCE_PERMIT":
      return PERMIT_MRZ.has(code) ? "MRZ" : "REVIEW";
    case "VOTER_ID":
      // no voter card format is read yet (Mexico's INE card carries a TD1 MRZ, but its code is decided as an ID)
      return "REVIEW";
    case "VISA":
      // ICAO 9303-7: visas are machine-readable (MRV-A / MRV-B), the zone read as a TD3 / TD2 one
      return "MRZ";
  }
}

export const AUTOMATION_LABELS: Record<Automation, string> = {
  MRZ: "Decided automatically (MRZ)",
  PDF417: "Decided automatically (PDF417 barcode)",
  REVIEW: "Manual review (no machine-readable data)",
};

/** How many of `countries` each mode covers for one type, with the countries listed for the automated modes. */
export function automationSummary(
  type: DocumentTypeName,
  countries: readonly string[],
): { automation: Automation; countries: string[] }[] {
  const groups = new Map<Automation, string[]>();
  for (const c of countries) {
    const mode = automationOf(type, c);
    groups.set(mode, [...(groups.get(mode) ?? []), c]);
  }
  const order: Automation[] = ["MRZ", "PDF417", "REVIEW"];
  return order.filter((m) => groups.has(m)).map((automation) => ({ automation, countries: groups.get(automation)! }));
}
