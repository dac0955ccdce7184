import jaroWinkler from "talisman/metrics/jaro-winkler";
import { limited as damerauWithin } from "talisman/metrics/damerau-levenshtein";

// The spelling measure of two words (token-similarity.ts, "spelling"): the mean of (1 − Damerau–Levenshtein / longer
// length) and Jaro–Winkler, one typo lifted, a shared common ending set aside.

// one typo (a letter added, dropped or two swapped: ASASD ~ ASSAD, UUN ~ UN; a letter changed in a token of 4+
// letters) is at least 0.8; a changed letter in a token of 2-3 letters (BD / BP, DOE / ROE) is not lifted
const ONE_EDIT = 0.8;

// Endings that many surnames and patronymics share (-DOTTIR, -SHVILI, -OVICH, -UDDIN …): two names that differ
// only before one compare by what comes before it, or JONSDOTTIR ~ TOMASDOTTIR looks like one name misspelt (issue
// 30: "a shared patronymic or prefix carries the score"). Only endings of 3+ letters, after a stem of 3+ letters.
const COMMON_ENDINGS = [
  "DOTTIR",
  "SDOTTIR",
  "SSON",
  "OVICH",
  "EVICH",
  "OVNA",
  "EVNA",
  "SHVILI",
  "DZE",
  "ENKO",
  "CHUK",
  "SKIY",
  "SKYI",
  "SKI",
  "SKY",
  "OGLU",
  "ZADE",
  "ZADEH",
  "POULOS",
  "AKIS",
  "ESCU",
  "EANU",
  "UDDIN",
  "UDDEEN",
  "ULLAH",
  "ALLAH",
  "ABADI",
].sort((x, y) => y.length - x.length);
const STEM_MIN = 3;

export function spelling(a: string, b: string): number {
  const full = spellingOf(a, b);
  // every listed ending is 3+ letters: tokens that do not end alike need no look-up (most pairs, in a screening)
  if (a === b || a.length < 6 || b.length < 6 || a.slice(-3) !== b.slice(-3)) return full;
  const ending = COMMON_ENDINGS.find(
    (e) => a.endsWith(e) && b.endsWith(e) && a.length - e.length >= STEM_MIN && b.length - e.length >= STEM_MIN,
  );
  return ending ? Math.min(full, spellingOf(a.slice(0, -ending.length), b.slice(0, -ending.length))) : full;
}

// Most pairs a screening measures are far apart. Below ALTERNATIVES_MIN a measure is never used: bestSpelling tries no
// other spellings, token-similarity.ts's phonetic lift starts at PHONETIC_MIN_SPELLING (0.6) and a pair counts from
// align.ts PAIR_FLOOR (0.78). So a pair shown to stay below it answers with that bound, and only the pairs that can
// reach it are measured in full.
const ALTERNATIVES_MIN = 0.4;
const ROUNDING = 1e-9;

export function spellingOf(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  const shared = sharedLetters(a, b);
  const bound = spellingBound(a, b, shared);
  if (bound < ALTERNATIVES_MIN - ROUNDING) return bound;
  const jw = jaroWinkler(a, b);
  // the measure reaches ALTERNATIVES_MIN only within longer × (1 + JW − 2 × ALTERNATIVES_MIN) edits; one edit is
  // always counted (ONE_EDIT lifts it), and every letter of one word the other lacks is an edit
  const reach = Math.max(1, Math.floor(longer * (1 + jw - 2 * ALTERNATIVES_MIN) + ROUNDING));
  const edits = longer - shared > reach ? Infinity : damerauWithin(reach, a, b);
  if (edits === Infinity) return (1 - (reach + 1) / longer + jw) / 2;
  const measured = (1 - edits / longer + jw) / 2;
  if (edits !== 1 || Math.min(a.length, b.length) < 2) return measured;
  // a letter changed in a short token is often another name (DOE / ROE); added, dropped or swapped is a typo
  const isSubstitution = a.length === b.length && !sameLetters(a, b);
  return isSubstitution && Math.max(a.length, b.length) < 4 ? measured : Math.max(measured, ONE_EDIT);
}

const letterCounts = new Int32Array(65_536);
/** How many letters two words share, each as often as both have it: each letter of one the other lacks is an edit. */
function sharedLetters(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) letterCounts[a.charCodeAt(i)]!++;
  let shared = 0;
  for (let i = 0; i < b.length; i++) if (letterCounts[b.charCodeAt(i)]!-- > 0) shared++;
  for (const word of [a, b]) for (let i = 0; i < word.length; i++) letterCounts[word.charCodeAt(i)] = 0;
  return shared;
}

// Jaro–Winkler's (talisman) defaults: a common prefix of up to 4 letters lifts a Jaro score of 0.7 or more
const [PREFIX_MAX, PREFIX_SCALE, BOOST_FROM] = [4, 0.1, 0.7];
/**
 * An upper bound of the spelling measure from the shared letters alone: Jaro matches at most the shared letters (and
 * its transposition term is at most 1), and the edits are at least the longer word's letters not shared.
 */
function spellingBound(a: string, b: string, shared: number): number {
  if (shared === 0) return 0;
  const jaro = (shared / a.length + shared / b.length + 1) / 3;
  let prefix = 0;
  while (prefix < PREFIX_MAX && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  const jw = jaro < BOOST_FROM ? jaro : jaro + prefix * PREFIX_SCALE * (1 - jaro);
  return (shared / Math.max(a.length, b.length) + jw) / 2;
}

/** The same letters, in any order. */
export const sameLetters = (a: string, b: string) => [...a].sort().join("") === [...b].sort().join("");

/** The closest spelling among two tokens' spellings (a Greek word has several: OMPAMA, OBAMA). */
export function bestSpelling(formsA: readonly string[], formsB: readonly string[]): number {
  let best = spelling(formsA[0]!, formsB[0]!);
  // another system's spelling differs in a few letters: a pair this far apart has no reading within the pair floor
  if (best < ALTERNATIVES_MIN) return best;
  for (const x of formsA)
    for (const y of formsB) if (x !== formsA[0] || y !== formsB[0]) best = Math.max(best, spelling(x, y));
  return best;
}
