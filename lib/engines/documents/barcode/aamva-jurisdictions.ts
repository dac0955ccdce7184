// Issuer Identification Numbers (IIN) of the AAMVA jurisdictions: the six digits after "ANSI " in the header of a
// DL/ID barcode say which state, province or territory issued the card. Source: AAMVA's IIN list ("Issuer
// Identification Numbers", published with the DL/ID Card Design Standard, Annex; aamva.org). Mexican states that
// joined AAMVA are listed where their numbers are published; an unknown number is no jurisdiction (the rules send
// the card to review, unless the card names its jurisdiction in its state element: jurisdictionOfCode).

type Jurisdiction = { code: string; name: string; country: "US" | "CA" | "MX" };

const US: [string, string, string][] = [
  ["636033", "AL", "Alabama"],
  ["636059", "AK", "Alaska"],
  ["604427", "AS", "American Samoa"],
  ["636026", "AZ", "Arizona"],
  ["636021", "AR", "Arkansas"],
  ["636014", "CA", "California"],
  ["636020", "CO", "Colorado"],
  ["636006", "CT", "Connecticut"],
  ["636011", "DE", "Delaware"],
  ["636043", "DC", "District of Columbia"],
  ["636010", "FL", "Florida"],
  ["636055", "GA", "Georgia"],
  ["636019", "GU", "Guam"],
  ["636047", "HI", "Hawaii"],
  ["636050", "ID", "Idaho"],
  ["636035", "IL", "Illinois"],
  ["636037", "IN", "Indiana"],
  ["636018", "IA", "Iowa"],
  ["636022", "KS", "Kansas"],
  ["636046", "KY", "Kentucky"],
  ["636007", "LA", "Louisiana"],
  ["636041", "ME", "Maine"],
  ["636003", "MD", "Maryland"],
  ["636002", "MA", "Massachusetts"],
  ["636032", "MI", "Michigan"],
  ["636038", "MN", "Minnesota"],
  ["636051", "MS", "Mississippi"],
  ["636030", "MO", "Missouri"],
  ["636008", "MT", "Montana"],
  ["636054", "NE", "Nebraska"],
  ["636049", "NV", "Nevada"],
  ["636039", "NH", "New Hampshire"],
  ["636036", "NJ", "New Jersey"],
  ["636009", "NM", "New Mexico"],
  ["636001", "NY", "New York"],
  ["636004", "NC", "North Carolina"],
  ["636034", "ND", "North Dakota"],
  ["604430", "MP", "Northern Mariana Islands"],
  ["636023", "OH", "Ohio"],
  ["636058", "OK", "Oklahoma"],
  ["636029", "OR", "Oregon"],
  ["636025", "PA", "Pennsylvania"],
  ["604431", "PR", "Puerto Rico"],
  ["636052", "RI", "Rhode Island"],
  ["636005", "SC", "South Carolina"],
  ["636042", "SD", "South Dakota"],
  ["636053", "TN", "Tennessee"],
  ["636015", "TX", "Texas"],
  ["636062", "VI", "US Virgin Islands"],
  ["636040", "UT", "Utah"],
  ["636024", "VT", "Vermont"],
  ["636000", "VA", "Virginia"],
  ["636045", "WA", "Washington"],
  ["636061", "WV", "West Virginia"],
  ["636031", "WI", "Wisconsin"],
  ["636060", "WY", "Wyoming"],
];

const CANADA: [string, string, string][] = [
  ["604432", "AB", "Alberta"],
  // the number older Alberta cards carry instead of their ISO one (listed by c0shea/IdParser as "AlbertaNonIso")
  ["990876", "AB", "Alberta"],
  ["636028", "BC", "British Columbia"],
  ["636048", "MB", "Manitoba"],
  ["636017", "NB", "New Brunswick"],
  ["636016", "NL", "Newfoundland and Labrador"],
  ["604434", "NT", "Northwest Territories"],
  ["636013", "NS", "Nova Scotia"],
  ["604433", "NU", "Nunavut"],
  ["636012", "ON", "Ontario"],
  ["604426", "PE", "Prince Edward Island"],
  ["604428", "QC", "Quebec"],
  ["636044", "SK", "Saskatchewan"],
  ["604429", "YT", "Yukon"],
];

const MEXICO: [string, string, string][] = [
  ["636056", "COA", "Coahuila"],
  ["636057", "HGO", "Hidalgo"],
];

const BY_IIN = new Map<string, Jurisdiction>([
  ...US.map(([iin, code, name]) => [iin, { code, name, country: "US" as const }] as const),
  ...CANADA.map(([iin, code, name]) => [iin, { code, name, country: "CA" as const }] as const),
  ...MEXICO.map(([iin, code, name]) => [iin, { code, name, country: "MX" as const }] as const),
]);

/** The jurisdiction that issued a card, from the IIN of its barcode header; null for a number AAMVA did not assign. */
export function jurisdictionOfIin(iin: string): Jurisdiction | null {
  return BY_IIN.get(iin) ?? null;
}

/**
 * The jurisdiction a card names in its own state element (DAJ), for a card whose issuer number is not AAMVA's;
 * `country` (from DCG) tells a state from a province of the same code. Null when the code is no jurisdiction.
 */
export function jurisdictionOfCode(code: string, country: string | null = null): Jurisdiction | null {
  const matches = [...BY_IIN.values()].filter((j) => j.code === code.toUpperCase());
  return matches.find((j) => !country || j.country === country) ?? null;
}
