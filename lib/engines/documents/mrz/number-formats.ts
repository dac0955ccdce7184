// Document-number formats of issuing states, where a public source says which positions hold letters and which
// digits. The check digits cannot see every O/0 swap: O weighs 24 and 0 weighs 0, so swaps at positions whose
// weights (7, 3, 1) sum to a multiple of 5 keep every digit (two swaps under weights 7 and 3, say). A state's
// format can: a digit position never holds the letter O. mrz-repair.ts reads the number through it.
//
// Only formats with a public source are listed (docs/checks.md repeats them):
// - D (Germany), passports and identity cards since November 2010 and electronic residence permits: nine
//   characters of the digits and the consonants C F G H J K L M N P R T V W X Y Z (no vowels, so no letter O;
//   Personalausweisverordnung / BSI specimens: ID "T22000129", passport "C01X00T47", both in ICAO-style MRZ).
// - NLD (Netherlands), passports and identity cards since 2014: two letters, six letters or digits, one digit; the
//   letter O is not used (Rijksoverheid, "Documentnummer"; specimen "SPECI2014").
// - USA, passport books: nine digits, or since 2021 (Next Generation passports) a letter and eight digits (U.S.
//   Department of State, "passport book number").
// - ESP (Spain), electronic identity cards (DNIe, since 2006): the card's support number ("número de soporte", the
//   MRZ's document number) is three letters and six digits (Policía Nacional, "DNI electrónico"; specimen
//   "BAA000589" of the DNI 3.0).
// - FRA, the old 2×36 national identity card (not ICAO): twelve characters, issue year and month (4 digits), the
//   département (3 characters, Corsica "2A"/"2B"), a sequence (5 digits); its check digit covers all twelve.

/** A position's class: a digit, a letter, either, or a set of allowed characters. */
type Slot = "9" | "A" | "X" | string;

export type NumberFormat = { state: string; codes: RegExp; slots: readonly Slot[]; source: string };

const DIGITS = "0123456789";
const GERMAN = DIGITS + "CFGHJKLMNPRTVWXYZ";
const DUTCH_LETTERS = "ABCDEFGHIJKLMNPQRSTUVWXYZ";
const DUTCH = DUTCH_LETTERS + DIGITS;

export const NUMBER_FORMATS: readonly NumberFormat[] = [
  { state: "D", codes: /^(P|I|ID|AR)/, slots: Array(9).fill(GERMAN), source: "German documents since 2010" },
  {
    state: "NLD",
    // passports (P…) and identity cards (I<, ID): not residence permits (IT, IR …), whose numbers follow other rules
    codes: /^(P|I$|ID$)/,
    slots: [DUTCH_LETTERS, DUTCH_LETTERS, DUTCH, DUTCH, DUTCH, DUTCH, DUTCH, DUTCH, "9"],
    source: "Dutch documents since 2014",
  },
  { state: "USA", codes: /^P/, slots: ["X", "9", "9", "9", "9", "9", "9", "9", "9"], source: "US passport books" },
  {
    state: "ESP",
    codes: /^I/,
    slots: ["A", "A", "A", "9", "9", "9", "9", "9", "9"],
    source: "Spanish identity cards (DNIe)",
  },
];

/** The French 2×36 identity card's number (line 2, positions 1–12). */
export const FRENCH_ID_NUMBER: readonly Slot[] = ["9", "9", "9", "9", "X", "X", "X", "9", "9", "9", "9", "9"];

/** The format of the numbers of this issuing state (as in the MRZ: "D", "NLD") and document code, or null. */
export function numberFormatOf(state: string, code: string): NumberFormat | null {
  const clean = state.replace(/</g, "");
  return NUMBER_FORMATS.find((f) => f.state === clean && f.codes.test(code.replace(/</g, ""))) ?? null;
}

// The digit a letter is misread for, and the letter a digit is (OCR-B look-alikes)
const TO_DIGIT: Record<string, string> = {
  O: "0",
  Q: "0",
  D: "0",
  U: "0",
  I: "1",
  L: "1",
  Z: "2",
  S: "5",
  G: "6",
  B: "8",
};
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };

/** Whether the slot allows the character (a filler always: shorter numbers are padded). */
export function slotAllows(slot: Slot, ch: string): boolean {
  if (ch === "<") return true;
  if (slot === "9") return ch >= "0" && ch <= "9";
  if (slot === "A") return ch >= "A" && ch <= "Z";
  if (slot === "X") return true;
  return slot.includes(ch);
}

/**
 * `value` with every character that the format does not allow at its position replaced by its look-alike that it
 * does (O → 0 at a digit position, 0 → O at a letter position), or null when some character has none. The fillers
 * of a shorter number are left alone.
 */
export function conformNumber(value: string, slots: readonly Slot[]): string | null {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    const slot = slots[i];
    if (!slot || slotAllows(slot, ch)) {
      out += ch;
      continue;
    }
    const alt = slot === "9" ? TO_DIGIT[ch] : slot === "A" ? TO_LETTER[ch] : (TO_DIGIT[ch] ?? TO_LETTER[ch]);
    if (!alt || !slotAllows(slot, alt)) return null;
    out += alt;
  }
  return out;
}

/** Whether `value` fits the format at every position. */
export function fitsNumber(value: string, slots: readonly Slot[]): boolean {
  return [...value].every((ch, i) => !slots[i] || slotAllows(slots[i]!, ch));
}

/**
 * Where no state's format is known: an O in a run of digits and Os (the number's check digit after it counts as
 * part of the run) read as 0. mrz-repair.ts takes it only where the check digit cannot tell (the 0 reading holds
 * too): OCR-B's O and 0 differ by a few pixels at 8–12 px a character, and a letter O inside a run of digits is
 * what issuers avoid. Measured on the development specimens (docs/accuracy.md), not taken from a state's rules.
 */
export function zeroInDigitRuns(value: string, checkDigit: string): string {
  return (value + checkDigit)
    .replace(/[0-9O]+/g, (run) => (/\d/.test(run) ? run.replace(/O/g, "0") : run))
    .slice(0, value.length);
}
