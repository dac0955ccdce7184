import { createRequire } from "node:module";
import { placeKey } from "@/lib/engines/geo/city-index";
import { compactPostalCode } from "@/lib/core/crypto/search-index";

// Address text → comparable tokens. The same canonical form feeds the document cross-reference (fuzzy) and the
// duplicate key (exact), so "10 Downing St." and "10 downing street" are one address, and so are "Hauptstraße 5",
// "Hauptstr. 5" and "Haupt-Strasse 5". Street-type words map to ONE token per meaning (street/st/str/straße/straat
// → "st"): it is irrelevant that "st" can also be "Saint", since both sides of a comparison are mapped alike.

type JaroWinkler = (a: string, b: string) => number;
const require = createRequire(import.meta.url);
export const jaroWinkler = require("talisman/metrics/jaro-winkler") as JaroWinkler;

export type AddressParts = {
  addressLine: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  country: string | null;
};

const CANONICAL: Record<string, string> = {};
for (const [canonical, words] of Object.entries({
  st: ["street", "st", "str", "strasse", "straat", "saint"],
  ave: ["avenue", "ave", "av", "avda", "avenida"],
  rd: ["road", "rd"],
  blvd: ["boulevard", "blvd", "bd", "boul", "bvd"],
  dr: ["drive", "dr"],
  ln: ["lane", "ln"],
  ct: ["court", "ct"],
  pl: ["place", "pl", "platz"],
  sq: ["square", "sq"],
  ter: ["terrace", "terr", "ter"],
  hwy: ["highway", "hwy"],
  pkwy: ["parkway", "pkwy"],
  cir: ["circle", "cir"],
  cres: ["crescent", "cres"],
  mt: ["mount", "mt"],
  ft: ["fort", "ft"],
  ste: ["sainte"],
  n: ["north", "n", "nord"],
  s: ["south", "s", "sud"],
  e: ["east", "e", "est"],
  w: ["west", "w"],
  ne: ["northeast", "ne"],
  nw: ["northwest", "nw"],
  se: ["southeast", "se"],
  sw: ["southwest", "sw"],
})) {
  for (const word of words) CANONICAL[word] = canonical;
}

// Words that only say "a unit number follows": dropped, the number stays ("Apt 4", "#4", "Flat 4" → "4").
const UNIT_WORDS = new Set([
  "apartment",
  "apt",
  "appt",
  "suite",
  "unit",
  "flat",
  "floor",
  "fl",
  "room",
  "rm",
  "no",
  "nr",
  "number",
  "wohnung",
  "etage",
]);

const ORDINALS: Record<string, string> = {
  first: "1",
  second: "2",
  third: "3",
  fourth: "4",
  fifth: "5",
  sixth: "6",
  seventh: "7",
  eighth: "8",
  ninth: "9",
  tenth: "10",
};

// German/Dutch compounds: "Hauptstraße" is "Haupt" + street type. Longest suffixes first.
const COMPOUND_SUFFIXES: [string, string][] = [
  ["strasse", "st"],
  ["straat", "st"],
  ["platz", "pl"],
  ["str", "st"],
  ["weg", "weg"],
  ["gasse", "gasse"],
  ["allee", "allee"],
  ["laan", "laan"],
  ["gracht", "gracht"],
];

function splitCompound(token: string): string[] {
  for (const [suffix, canonical] of COMPOUND_SUFFIXES) {
    if (token.length >= suffix.length + 3 && token.endsWith(suffix)) return [token.slice(0, -suffix.length), canonical];
  }
  return [token];
}

/** Canonical tokens of a street line: folded, ordinals as numbers, street types and directions unified, unit words dropped. */
export function streetTokens(line: string): string[] {
  const words = placeKey(line)
    .replace(/\b(\d+)(st|nd|rd|th)\b/g, "$1")
    .replace(/(\d)([a-z])/g, "$1 $2")
    .replace(/([a-z])(\d)/g, "$1 $2")
    .split(" ")
    .filter(Boolean);
  const tokens: string[] = [];
  for (const word of words) {
    if (UNIT_WORDS.has(word)) continue;
    const ordinal = ORDINALS[word];
    if (ordinal) tokens.push(ordinal);
    else if (CANONICAL[word]) tokens.push(CANONICAL[word]);
    else tokens.push(...splitCompound(word).map((part) => CANONICAL[part] ?? part));
  }
  return tokens;
}

/** Postal code without spaces/punctuation, upper case ("sw1a 2aa" → "SW1A2AA"). Mirrors the SQL of the duplicate lookup. */
export { compactPostalCode };

/**
 * Stable key of an address for duplicate detection: country, then the compact postal code (or, without one, the
 * city), then the canonical street tokens. The city is left out when there is a postal code: it is redundant
 * there and spelled in too many ways ("NYC", "New York", "Manhattan").
 */
export function addressKey(parts: AddressParts): string | null {
  const street = parts.addressLine ? streetTokens(parts.addressLine).join(" ") : "";
  const country = parts.country?.trim().toUpperCase();
  if (!street || !country) return null;
  const postal = parts.postalCode ? compactPostalCode(parts.postalCode) : "";
  const place = postal ? `zip:${postal}` : `city:${parts.city ? placeKey(parts.city) : ""}`;
  return `${country}|${place}|${street}`;
}

const isNumber = (t: string) => /^\d+$/.test(t);

/** Two words are the same when equal, or (both ≥ 4 letters) Jaro-Winkler ≥ 0.9: a typo, not a different word. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (isNumber(a) || isNumber(b) || a.length < 4 || b.length < 4) return false;
  return jaroWinkler(a, b) >= 0.9;
}

/**
 * Similarity of two street lines, 0..1. House/unit numbers must agree (one side's numbers a subset of the
 * other's: "10 Main St" ~ "10 Main St Apt 4", not "12 Main St"), else 0. Words: Sørensen-Dice over fuzzy-equal
 * words; as a fallback the lines are equal with spaces removed ("Hauptstr" vs "Haupt Str" already split).
 */
export function streetSimilarity(a: string, b: string): number {
  const ta = streetTokens(a);
  const tb = streetTokens(b);
  const na = ta.filter(isNumber);
  const nb = tb.filter(isNumber);
  const subset = (x: string[], y: string[]) => x.every((n) => y.includes(n));
  if (na.length && nb.length && !subset(na, nb) && !subset(nb, na)) return 0;
  const wa = ta.filter((t) => !isNumber(t));
  const wb = tb.filter((t) => !isNumber(t));
  if (!wa.length || !wb.length) return wa.length === wb.length ? 1 : 0;
  if (wa.join("") === wb.join("")) return 1;
  const unused = [...wb];
  let matched = 0;
  for (const word of wa) {
    const at = unused.findIndex((other) => sameWord(word, other));
    if (at >= 0) {
      matched++;
      unused.splice(at, 1);
    }
  }
  return (2 * matched) / (wa.length + wb.length);
}

/** City names agree: same key, Jaro-Winkler ≥ 0.92, or one is the other plus words ("Frankfurt" ~ "Frankfurt am Main"). */
export function sameCity(a: string, b: string): boolean {
  const ka = placeKey(a);
  const kb = placeKey(b);
  if (!ka || !kb) return false;
  if (ka === kb || jaroWinkler(ka, kb) >= 0.92) return true;
  const [shorter, longer] = ka.length <= kb.length ? [ka, kb] : [kb, ka];
  return longer.startsWith(`${shorter} `);
}

/** Postal codes agree: equal when compacted, or a 5-digit code and its ZIP+4 ("94043" ~ "94043-1351"). */
export function samePostalCode(a: string, b: string): boolean {
  const ca = compactPostalCode(a);
  const cb = compactPostalCode(b);
  if (ca === cb) return true;
  const [shorter, longer] = ca.length <= cb.length ? [ca, cb] : [cb, ca];
  return /^\d{5,}$/.test(shorter) && /^\d+$/.test(longer) && longer.startsWith(shorter);
}
