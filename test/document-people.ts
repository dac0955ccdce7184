// Test-only: the synthetic people of the document tests, evaluations and benchmarks (document-images.ts draws
// their documents) — seeded, so a data set is the same on every run — and their MRZ lines, with correct check digits
// unless told otherwise. No real person's data.
import { checkDigit, mrzStateOf } from "@/lib/engines/documents/mrz/icao";
import { numberFormatOf, slotAllows } from "@/lib/engines/documents/mrz/number-formats";

/** mulberry32: a small seeded PRNG, so a data set is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

export type Person = {
  country: string; // ISO alpha-2 of the issuing state
  surname: string;
  given: string;
  documentNumber: string;
  nationality: string; // ISO alpha-2
  birthDate: string; // YYYY-MM-DD
  sex: "M" | "F";
  expiryDate: string; // YYYY-MM-DD
  address?: string;
};

// W, M, N, H and doubled letters (look-alikes to OCR), hyphens, particles and an apostrophe (written as fillers or
// dropped in the MRZ) on purpose: the name cross-check (name-crosscheck.ts) must cope with them
const SURNAMES = [
  "DE BRUIJN",
  "MUELLER",
  "ROSSI",
  "GARCIA LOPEZ",
  "NOWAK",
  "ANDERSSON",
  "MARTIN",
  "VIRTANEN",
  "SILVA",
  "JANSSENS",
  "KOWALSKI",
  "BIANCHI",
  "FISCHER",
  "DUBOIS",
  "VAN DER BERG",
  "OLSEN",
  "PAPADOPOULOS",
  "HORVATH",
  "NOVAK",
  "MURPHY",
  "SMITH",
  "TANAKA",
  "OKAFOR",
  "LINDQVIST",
  "MORENO",
  "OKAFOR NWOSU",
  "HAMMOND",
  "DE LA CRUZ",
  "O'NEIL",
  "SMITH-JONES",
  "MWANGI",
  "WOODWARD",
  "MATTHEWS",
  "VAN DEN BOSSCHE",
  "NGUYEN",
  "HOWELL",
  "MCMANNUS",
];
const GIVEN_F = [
  "WILLEKE",
  "ANNA MARIA",
  "GIULIA",
  "SOFIA",
  "KATARZYNA",
  "EMMA",
  "CHLOE",
  "AINO",
  "BEATRIZ",
  "LOTTE",
  "MARIE CLAIRE",
  "INGRID",
  "ELENI",
  "ZSOFIA",
  "SIOBHAN",
  "YUKI",
  "ADAEZE",
  "MARIE-ANNE",
  "WANJIRU",
  "WILLOW",
  "EMMELINE",
  "MWAJUMA",
];
const GIVEN_M = [
  "JAN",
  "LUKAS",
  "MARCO",
  "JAVIER",
  "PIOTR",
  "ERIK",
  "THOMAS",
  "MIKKO",
  "JOAO",
  "PIETER",
  "KLAUS DIETER",
  "LARS",
  "NIKOS",
  "BENCE",
  "SEAN",
  "HIROSHI",
  "CHUKWUEMEKA",
  "OLIVER JAMES",
  "JEAN-PIERRE",
  "MATTHIEU",
  "WILLIAM",
  "MUHAMMAD",
  "HOWARD",
];
const STREETS = [
  "KERKSTRAAT",
  "HAUPTSTRASSE",
  "VIA ROMA",
  "CALLE MAYOR",
  "ULICA DLUGA",
  "STORGATAN",
  "RUE DE LA PAIX",
  "RUA AUGUSTA",
];
const CITIES = ["AMSTERDAM", "BERLIN", "ROMA", "MADRID", "WARSZAWA", "STOCKHOLM", "PARIS", "LISBOA"];
export const PASSPORT_COUNTRIES = ["NL", "DE", "FR", "IT", "ES", "SE", "FI", "PL", "GB", "US", "IE", "PT", "CA"];
export const ID_CARD_COUNTRIES = ["NL", "DE", "FR", "IT", "ES", "SE", "FI", "PL", "BE", "PT"];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** A random, realistic person; `expired` puts the expiry 1–700 days before `today`. */
export function randomPerson(
  rng: () => number,
  kind: "TD3" | "TD1",
  today: Date,
  options: { expired?: boolean } = {},
): Person {
  const sex = rng() < 0.5 ? "F" : "M";
  const country = pick(rng, kind === "TD3" ? PASSPORT_COUNTRIES : ID_CARD_COUNTRIES);
  // letters that OCR confuses with digits (O, I, S, B, Z, G) appear on purpose: the repair must cope with them
  const drawn = Array.from({ length: 9 }, (_, i) =>
    i < 2 || rng() < 0.2 ? pick(rng, [..."ABCDEFGHIJKLMNOPRSTUVWXYZ"]) : pick(rng, [..."0123456789"]),
  ).join("");
  // a state whose numbers have a known format (number-formats.ts) gets one that fits it, as its real documents do
  // (mapped, not drawn again: the people drawn after this one stay the same)
  const numberFormat = numberFormatOf(mrzStateOf(country), kind === "TD3" ? "P" : "ID");
  const documentNumber = numberFormat ? fitNumber(drawn, numberFormat.slots) : drawn;
  const birth = addDays(new Date(Date.UTC(1950, 0, 1)), Math.floor(rng() * 365 * 55));
  const expiry = options.expired
    ? addDays(today, -1 - Math.floor(rng() * 700))
    : addDays(today, 30 + Math.floor(rng() * 3500));
  return {
    country,
    surname: pick(rng, SURNAMES),
    given: pick(rng, sex === "F" ? GIVEN_F : GIVEN_M),
    documentNumber,
    nationality: country,
    birthDate: iso(birth),
    sex,
    expiryDate: iso(expiry),
    address:
      kind === "TD1"
        ? `${pick(rng, STREETS)} ${1 + Math.floor(rng() * 180)}, ${1000 + Math.floor(rng() * 8999)} ${pick(rng, CITIES)}`
        : undefined,
  };
}

const yymmdd = (isoDate: string) => isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
const pad = (s: string, n: number) => (s + "<".repeat(n)).slice(0, n);
// ICAO 9303-3 §6.A: spaces and hyphens become '<', apostrophes are dropped (O'NEIL → ONEIL)
const mrzName = (s: string) => s.replace(/'/g, "").replace(/[ -]/g, "<");
const nameField = (p: Person, n: number) => pad(`${mrzName(p.surname)}<<${mrzName(p.given)}`, n);
const state = (alpha2: string) => pad(mrzStateOf(alpha2), 3);

/** The MRZ lines of a person; `corrupt` replaces one check digit with a wrong one. */
export function mrzLines(
  p: Person,
  kind: "TD3" | "TD1",
  corrupt?: "document" | "birth" | "expiry" | "composite",
): string[] {
  const wrong = (digit: string, field: string) => (corrupt === field ? String((Number(digit) + 3) % 10) : digit);
  const doc = pad(p.documentNumber, 9);
  const docC = wrong(checkDigit(doc), "document");
  const dob = yymmdd(p.birthDate);
  const dobC = wrong(checkDigit(dob), "birth");
  const exp = yymmdd(p.expiryDate);
  const expC = wrong(checkDigit(exp), "expiry");
  if (kind === "TD3") {
    const personal = pad("", 14);
    const pC = "<";
    const composite = wrong(checkDigit(doc + docC + dob + dobC + exp + expC + personal + pC), "composite");
    return [
      pad(`P<${state(p.country)}${nameField(p, 39)}`, 44),
      doc + docC + state(p.nationality) + dob + dobC + p.sex + exp + expC + personal + pC + composite,
    ];
  }
  const optional1 = pad("", 15);
  const optional2 = pad("", 11);
  const l1 = `I<${state(p.country)}${doc}${docC}${optional1}`;
  const l2start = dob + dobC + p.sex + exp + expC + state(p.nationality) + optional2;
  const composite = wrong(
    checkDigit(l1.slice(5) + l2start.slice(0, 7) + l2start.slice(8, 15) + optional2),
    "composite",
  );
  return [l1, l2start + composite, nameField(p, 30)];
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
export const passportDate = (d: string) => `${d.slice(8, 10)} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
export const cardDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** Each character the format does not allow at its position replaced by an allowed one chosen by its code. */
function fitNumber(value: string, slots: readonly string[]): string {
  const sets: Record<string, string> = { "9": "0123456789", A: "ABCDEFGHIJKLMNPRSTUVWXYZ" };
  return [...value]
    .map((ch, i) => {
      const slot = slots[i];
      if (!slot || slotAllows(slot, ch)) return ch;
      const set = sets[slot] ?? slot;
      return set[ch.charCodeAt(0) % set.length]!;
    })
    .join("");
}
