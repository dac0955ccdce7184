import type { NameToken } from "@/lib/engines/names/normalize";
import { ACRONYM_SKIPPABLE, findLegalForm } from "@/lib/engines/names/legal-forms";

// The shapes of an organisation's words that token-similarity.ts compares: a word contracted to its consonants, an
// acronym against the words it abbreviates, a word in the singular and the plural.

/** A run of a name's tokens (token-similarity.ts's Span). */
type Words = { readonly tokens: readonly NameToken[] };

// a contraction keeps at most half the word's letters, at least 4, and drops the vowels but one (DEPT): shorter or
// vowelled forms are words of their own (BAY / BAILEY, WALT / WALMART, ASIA / AUSTRALIA on the development pairs)
const CONTRACTION_SHARE = 0.5;
const CONTRACTION_MIN = 4;

/** INTL ~ INTERNATIONAL: the short form's letters appear in the word in order, with its first and last letter. */
export function isContractionOf(short: string, word: string): boolean {
  if (short.length < CONTRACTION_MIN || short.length > CONTRACTION_SHARE * word.length) return false;
  if ((short.match(/[AEIOU]/g) ?? []).length > 1) return false;
  if (short[0] !== word[0] || short.at(-1) !== word.at(-1) || /\d/.test(short + word)) return false;
  let at = 0;
  for (const letter of short) {
    at = word.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** one side a single word that is the acronym of the other side's words */
export const ACRONYM = 0.9;
/** an acronym whose legal form the words leave out (PDVSA): a shade under one that spells them all, never beating it */
export const ACRONYM_FORM_LEFT_OUT = 0.89;

/** ACRONYM, ACRONYM_FORM_LEFT_OUT (PDVSA against PETROLEOS DE VENEZUELA), or 0 for two runs that are neither. */
export function acronymSimilarity(a: Words, b: Words): number {
  return isAcronymPair(a, b) ? ACRONYM : isAcronymPair(a, b, true) ? ACRONYM_FORM_LEFT_OUT : 0;
}

/**
 * One side a single word that is the acronym of the other side's words (either way round). `formLeftOut`: or whose
 * last letters are a legal form the words leave out.
 */
function isAcronymPair(a: Words, b: Words, formLeftOut = false): boolean {
  const [ta, tb] = [single(a), single(b)];
  return Boolean((ta && isAcronymOf(ta, b, formLeftOut)) || (tb && isAcronymOf(tb, a, formLeftOut)));
}

/**
 * An acronym's initials without the legal form that ends it, written whole after three or more initials (PDVSA: PDV,
 * the S.A. of PETROLEOS DE VENEZUELA S.A.); null if none ends it.
 */
export function acronymWithoutForm(acronym: string): string | null {
  for (let at = 3; at <= acronym.length - 2; at++)
    if (findLegalForm([acronym.slice(at)], 0)?.length === 1) return acronym.slice(0, at);
  return null;
}

/** The acronym's letters from `at` on are its legal form, which the words it abbreviates leave out (PDVSA). */
function endsInForm(acronym: string, at: number, words: readonly NameToken[]): boolean {
  return !words.some((t) => t.role === "LEGAL_FORM") && acronymWithoutForm(acronym)?.length === at;
}

/**
 * An organisation's acronym against the words it abbreviates (PLA ~ PEOPLES LIBERATION ARMY), each stop word between
 * them, article or short preposition (legal-forms.ts ACRONYM_SKIPPABLE: AQAP, HTS) counted or skipped (ISIL ~ ISLAMIC
 * STATE OF IRAQ AND THE LEVANT, MODAFL ~ MINISTRY OF DEFENSE AND ARMED FORCES LOGISTICS), and the legal form that ends
 * them counted by its letters as written or skipped (NIOC ~ NATIONAL IRANIAN OIL COMPANY, PDVSA ~ PETROLEOS DE
 * VENEZUELA S.A.).
 */
function isAcronymOf(token: NameToken, run: Words, formLeftOut: boolean): boolean {
  if (token.role !== "NAME" || token.text.length < 2) return false;
  if (formLeftOut && !acronymWithoutForm(token.text)) return false;
  const words = run.tokens;
  if (words.some((t) => t.role !== "NAME" && t.role !== "STOPWORD" && t.role !== "LEGAL_FORM")) return false;
  // the letters from `at` spell the words from `from`, each skippable word either counted or skipped
  const spells = (at: number, from: number): boolean => {
    if (from === words.length) return at === token.text.length || (formLeftOut && endsInForm(token.text, at, words));
    const word = words[from]!;
    if (word.role === "LEGAL_FORM")
      return (
        spells(at, from + 1) ||
        (word.letters ?? []).some((l) => token.text.startsWith(l, at) && spells(at + l.length, from + 1))
      );
    const skippable = word.role === "STOPWORD" || ACRONYM_SKIPPABLE.has(word.text);
    if (skippable && spells(at, from + 1)) return true;
    return word.text[0] === token.text[at] && spells(at + 1, from + 1);
  };
  return spells(0, 0);
}

/** An English word in the singular (TECHNOLOGIES → TECHNOLOGY, HOLDINGS → HOLDING), four letters at least. */
export const singular = (word: string) =>
  word.length < 4 ? word : word.replace(/IES$/, "Y").replace(/([^S])S$/, "$1");

const single = (span: Words) => (span.tokens.length === 1 ? span.tokens[0]! : null);
