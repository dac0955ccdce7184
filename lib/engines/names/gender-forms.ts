import { isGivenName } from "@/lib/engines/names/given-names";

// A name's feminine and masculine forms name two people (a sister, a wife, a mother): compared as different names
// (token-similarity.ts), not as one name with a letter changed.

// Slavic surnames' feminine and masculine endings (Russian, Ukrainian, Belarusian, Bulgarian -OVA / -OV …; Polish
// -SKA / -SKI, -CKA / -CKI), as tokens are written (no diacritics)
const GENDERED_ENDINGS: readonly (readonly [feminine: string, masculine: string])[] = [
  ["OVA", "OV"],
  ["EVA", "EV"],
  ["INA", "IN"],
  ["SKAYA", "SKIY"],
  ["SKAYA", "SKII"],
  ["SKAYA", "SKY"],
  ["SKAJA", "SKIJ"],
  ["SKA", "SKI"],
  ["SKA", "SKY"],
  ["CKA", "CKI"],
  // and East Slavic patronymics: a daughter's and a son's of one father (GRIGORYEVNA / GRIGORYEVICH, RYHORAUNA)
  ["VNA", "VICH"],
  ["VNA", "VYCH"],
  ["AUNA", "AVICH"],
];
const GENDERED_STEM_MIN = 3;

// Given names' feminine and masculine endings whose pairs are two people's names wherever they occur: Romance -A / -O
// (PAOLA / PAOLO, ALEJANDRA / ALEJANDRO) and East Slavic -IYA / -IY (EVGENIYA / EVGENIY). Not a bare -A added to a
// name (ANNA / ANN, HELENA / HELEN are one name's forms; LUCA / LUC both men's)
const GIVEN_NAME_ENDINGS: readonly (readonly [feminine: string, masculine: string])[] = [
  ["A", "O"],
  ["IYA", "IY"],
];

/**
 * One is a feminine surname form, the other a masculine one (any stems of 3+ letters); or, for given names, the
 * feminine and masculine forms of one name whose masculine form the tables list as a given name (given-names.ts).
 */
export function otherGenderForms(a: string, b: string): boolean {
  // every feminine ending above ends in A and no masculine one does: one word ends in A, the other not (most pairs
  // of a screening are neither)
  if (a.endsWith("A") === b.endsWith("A")) return false;
  if (GENDERED_ENDINGS.some(([f, m]) => (isForm(a, f, m) && isForm(b, m, f)) || (isForm(b, f, m) && isForm(a, m, f))))
    return true;
  return GIVEN_NAME_ENDINGS.some((ending) => feminineOf(a, b, ending) || feminineOf(b, a, ending));
}

// module-level, not inside the function: a screening calls it for thousands of pairs
function isForm(word: string, ending: string, not: string): boolean {
  return word.length - ending.length >= GENDERED_STEM_MIN && word.endsWith(ending) && !word.endsWith(not);
}

// the masculine form must be a listed given name: a Tajik or Uzbek transcription writes -O for an Arabic name's -A
// (MUSO for MUSA, YAHYO for YAHYA), one man's name either way
function feminineOf(feminine: string, masculine: string, [f, m]: readonly [string, string]): boolean {
  return (
    isForm(feminine, f, m) &&
    isForm(masculine, m, f) &&
    feminine.slice(0, -f.length) === masculine.slice(0, -m.length) &&
    isGivenName(masculine)
  );
}
