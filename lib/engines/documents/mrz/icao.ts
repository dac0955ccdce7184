import { states as ICAO_CODES } from "mrz";
import worldCountries from "world-countries";

// ICAO 9303 building blocks shared by the reader, the generator of test documents and the rules.

/** The check digit of ICAO 9303-3 §4.9: weights 7,3,1; 0–9 as is, A=10 … Z=35, '<' = 0. */
export function checkDigit(value: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    const v = c === "<" ? 0 : c >= "0" && c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55;
    sum += v * weights[i % 3]!;
  }
  return String(sum % 10);
}

// Germany writes "D" (padded "D<<") instead of DEU: the one issuing state whose MRZ code is not its alpha-3.
// codes ICAO assigns outside ISO 3166 alpha-3: Germany's D, and Kosovo's RKS (ISO's user-assigned XK; the country
// data's own alpha-3 for it, UNK, is not what its passports print)
const MRZ_SPECIAL: Record<string, string> = { D: "DE", RKS: "XK" };
const ALPHA3_TO_2 = new Map(worldCountries.map((c) => [c.cca3, c.cca2]));
const ALPHA2_TO_3 = new Map(worldCountries.map((c) => [c.cca2, c.cca3]));

/** The ISO alpha-2 code of an MRZ state code ("NLD", "D<<"), or null (UTO, XXA stateless, unknown). */
export function alpha2OfMrzState(code: string | null | undefined): string | null {
  if (!code) return null;
  const clean = code.replace(/</g, "");
  return MRZ_SPECIAL[clean] ?? ALPHA3_TO_2.get(clean) ?? null;
}

/**
 * Whether ICAO 9303-3 lists the code (the `mrz` package's table): the states, and the codes that name no state — an
 * issuing organisation (UNO the United Nations, EUE the European Union, XPO Interpol …) or the holder's category as
 * nationality (XXA stateless, XXB and XXC refugees, XXX unspecified; GBD, GBN, GBO, GBP, GBS, the British nationality
 * categories). Such a code is read as printed: a Hong Kong BN(O) passport's nationality GBN beside its issuer GBR is
 * no misread of GBR, and mrz-states.ts no longer "repairs" it into one.
 */
export function isIcaoCode(code: string | null | undefined): boolean {
  if (!code) return false;
  const clean = code.replace(/</g, "");
  return Object.hasOwn(ICAO_CODES, clean) || alpha2OfMrzState(clean) !== null;
}

/** ICAO's name of a listed code that is no state ("United Nations Organization or one of its officials"), else null. */
export function icaoNonState(code: string | null | undefined): string | null {
  if (!code || alpha2OfMrzState(code)) return null;
  const clean = code.replace(/</g, "");
  return Object.hasOwn(ICAO_CODES, clean) ? ((ICAO_CODES as Record<string, string>)[clean] ?? null) : null;
}

/** The MRZ state code of an ISO alpha-2 country ("DE" → "D"), as the generator writes it. */
export function mrzStateOf(alpha2: string): string {
  if (alpha2 === "DE") return "D";
  if (alpha2.toUpperCase() === "XK") return "RKS";
  const code = ALPHA2_TO_3.get(alpha2.toUpperCase());
  if (!code) throw new Error(`no alpha-3 code for ${alpha2}`);
  return code;
}

/**
 * YYMMDD → YYYY-MM-DD. The MRZ has no century: a birth date is the latest one not after `today`, an expiry date
 * the earliest one from 50 years back (documents run ≤ 10 years, and an expiry far in the past is still a past date).
 */
export function mrzDate(yymmdd: string | null | undefined, kind: "birth" | "expiry", today: Date): string | null {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const thisYear = today.getUTCFullYear();
  let year = Math.floor(thisYear / 100) * 100 + yy;
  if (kind === "birth") {
    while (isoDate(year, month, day) > today.toISOString().slice(0, 10)) year -= 100;
  } else if (year < thisYear - 50) year += 100;
  else if (year > thisYear + 50) year -= 100;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null; // 31 February
  return isoDate(year, month, day);
}

/**
 * A date of birth printed with unknown parts (ICAO 9303-3 fills an unknown day, month and day, or the whole date with
 * '<'): what is known of it, "1985-01" or "1985", or "" when nothing is; null when the field is no such date.
 */
export function mrzPartialBirth(field: string | null | undefined, today: Date): string | null {
  if (field === "<<<<<<") return "";
  const m = /^(\d\d)(?:(\d\d)<<|<<<<)$/.exec(field ?? "");
  if (!m) return null;
  const month = m[2] ? Number(m[2]) : null;
  if (month !== null && (month < 1 || month > 12)) return null;
  const thisYear = today.getUTCFullYear();
  let year = Math.floor(thisYear / 100) * 100 + Number(m[1]);
  // the latest such year not after today (as mrzDate: a birth is never in the future)
  const now = today.getUTCFullYear() * 100 + today.getUTCMonth() + 1;
  while (year * 100 + (month ?? 1) > now) year -= 100;
  return month === null ? String(year) : `${year}-${String(month).padStart(2, "0")}`;
}

/**
 * The birth date field of a zone's lines, as printed (TD1: line 2 from its start; TD2 and TD3: line 2, 14–19; the old
 * French card: line 2, 28–33).
 */
export function birthFieldOf(format: string, lines: readonly string[]): string | null {
  if (format === "TD1") return lines[1]?.slice(0, 6) ?? null;
  if (format === "FRENCH_NATIONAL_ID") return lines[1]?.slice(27, 33) ?? null;
  if (format === "TD2" || format === "TD3") return lines[1]?.slice(13, 19) ?? null;
  return null;
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Document codes (first letter of the MRZ) by the declared types they can be, ICAO 9303-4/-5/-6. */
export type MrzFormat = "TD1" | "TD2" | "TD3";
export const LINE_SHAPES: Record<MrzFormat, { lines: number; length: number }> = {
  TD1: { lines: 3, length: 30 },
  TD2: { lines: 2, length: 36 },
  TD3: { lines: 2, length: 44 },
};
