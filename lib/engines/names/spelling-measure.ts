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

/** The spelling measure of two words; with `floor` (over 0.4), exact only where it reaches it (spellingOf). */
export function spelling(a: string, b: string, floor = ALTERNATIVES_MIN): number {
  const full = spellingOf(a, b, floor);
  // every listed ending is 3+ letters: tokens that do not end alike need no look-up (most pairs, in a screening)
  if (a === b || a.length < 6 || b.length < 6 || a.slice(-3) !== b.slice(-3)) return full;
  const ending = COMMON_ENDINGS.find(
    (e) => a.endsWith(e) && b.endsWith(e) && a.length - e.length >= STEM_MIN && b.length - e.length >= STEM_MIN,
  );
  return ending ? Math.min(full, spellingOf(a.slice(0, -ending.length), b.slice(0, -ending.length), floor)) : full;
}

// Most pairs a screening measures are far apart. Below ALTERNATIVES_MIN a measure is never used: bestSpelling tries no
// other spellings, token-similarity.ts's phonetic lift starts at PHONETIC_MIN_SPELLING (0.6) and a pair counts from
// align.ts PAIR_FLOOR (0.78). So a pair shown to stay below it answers with that bound, and only the pairs that can
// reach it are measured in full.
const ALTERNATIVES_MIN = 0.4;
const ROUNDING = 1e-9;

// With a higher `floor` the edits are counted only as far as the measure can still reach it: exact at and above it,
// a figure under it otherwise (spellingFrom's pairs, which only a measure from the floor up can change).
export function spellingOf(a: string, b: string, floor = ALTERNATIVES_MIN): number {
  const longer = Math.max(a.length, b.length);
  const shared = sharedLetters(a, b);
  const bound = spellingBound(a, b, shared);
  if (bound < ALTERNATIVES_MIN - ROUNDING) return bound;
  const jw = jaroWinkler(a, b);
  // the measure reaches the floor only within longer × (1 + JW − 2 × floor) edits; one edit is always counted
  // (ONE_EDIT lifts it), and every letter of one word the other lacks is an edit
  const reach = Math.max(1, Math.floor(longer * (1 + jw - 2 * Math.max(floor, ALTERNATIVES_MIN)) + ROUNDING));
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

/**
 * The spelling measure of two words where it can reach `floor`, else a figure under `floor` (the bound from their
 * shared letters): for the loops that keep the best of many spellings, where a pair that can neither beat the best so
 * far nor reach what any use of the measure needs is not measured (issue 30: a Greek word has up to 24 spellings, each
 * tried against a dozen readings of a Latin word's sounds). Exact at and above `floor`, as `spelling`.
 */
export function spellingFrom(a: string, b: string, floor: number): number {
  if (floor <= ALTERNATIVES_MIN || a === b) return spelling(a, b);
  const shared = sharedLetters(a, b);
  // one edit apart is lifted to ONE_EDIT, which may pass the bound; a shared ending only lowers the measure
  const oneEditAway = Math.max(a.length, b.length) - shared <= 1 && Math.abs(a.length - b.length) <= 1;
  const upper = Math.max(spellingBound(a, b, shared), oneEditAway ? ONE_EDIT : 0);
  return upper < floor - ROUNDING ? upper : spelling(a, b, floor);
}

/**
 * The closest spelling among two tokens' spellings (a Greek word has several: OMPAMA, OBAMA). Exact at and above
 * `floor` (a figure under it where none reaches it): the pairs that cannot reach it or the best so far are not measured.
 */
export function bestSpelling(formsA: readonly string[], formsB: readonly string[], floor = 0): number {
  let best = spelling(formsA[0]!, formsB[0]!);
  // another system's spelling differs in a few letters: a pair this far apart has no reading within the pair floor
  if (best < ALTERNATIVES_MIN || (formsA.length === 1 && formsB.length === 1)) return best;
  if (boundOfAll(formsA, formsB) < Math.max(best, floor) - ROUNDING) return best;
  for (const x of formsA)
    for (const y of formsB)
      if (x !== formsA[0] || y !== formsB[0]) best = Math.max(best, spellingFrom(x, y, Math.max(best, floor)));
  return best;
}

/**
 * The closest of every pair of two lists' spellings where it reaches `floor`, else a figure under `floor`. Most pairs
 * of lists a screening meets cannot reach it: their bound over every pair at once (boundOfAll) answers for all of them.
 */
export function closestOf(xs: readonly string[], ys: readonly string[], floor: number): number {
  if (xs.length === 0 || ys.length === 0) return 0;
  const bound = floor > ALTERNATIVES_MIN ? boundOfAll(xs, ys) : 1;
  if (bound < floor - ROUNDING) return bound;
  let best = 0;
  for (const x of xs) for (const y of ys) best = Math.max(best, spellingFrom(x, y, Math.max(best, floor)));
  return best;
}

// The letters of a list of spellings: each letter as often as the spelling that has it most often, and the shortest
// spelling's length. Kept with the list (a span's spellings and a word's sounds are kept lists: spans.ts, latin-sounds.ts).
type Letters = { counts: Map<number, number>; shortest: number };
const lettersKnown = new WeakMap<readonly string[], Letters>();
function lettersOf(forms: readonly string[]): Letters {
  let known = lettersKnown.get(forms);
  if (!known) {
    const counts = new Map<number, number>();
    let shortest = Infinity;
    for (const form of forms) {
      shortest = Math.min(shortest, form.length);
      const own = new Map<number, number>();
      for (let i = 0; i < form.length; i++) own.set(form.charCodeAt(i), (own.get(form.charCodeAt(i)) ?? 0) + 1);
      for (const [letter, n] of own) if (n > (counts.get(letter) ?? 0)) counts.set(letter, n);
    }
    lettersKnown.set(forms, (known = { counts, shortest }));
  }
  return known;
}

/**
 * An upper bound of the spelling measure of every pair of two lists' spellings: spellingBound's, with the letters a
 * pair can share at most (each as often as both lists' spellings have it at most), the shortest lengths and a common
 * prefix of the longest Jaro–Winkler counts; and the lift of one typo wherever one pair may be one edit apart.
 */
function boundOfAll(xs: readonly string[], ys: readonly string[]): number {
  const [x, y] = [lettersOf(xs), lettersOf(ys)];
  let shared = 0;
  for (const [letter, n] of x.counts) shared += Math.min(n, y.counts.get(letter) ?? 0);
  if (shared === 0) return 0;
  const jaro = (Math.min(1, shared / x.shortest) + Math.min(1, shared / y.shortest) + 1) / 3;
  const jw = jaro < BOOST_FROM ? jaro : jaro + PREFIX_MAX * PREFIX_SCALE * (1 - jaro);
  const longer = Math.max(x.shortest, y.shortest);
  const bound = (Math.min(1, shared / longer) + jw) / 2;
  return Math.max(bound, longer - shared <= 1 ? ONE_EDIT : 0);
}
