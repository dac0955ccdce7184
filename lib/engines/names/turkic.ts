// Turkic names in their own Latin alphabets against the same names written in another script. Turkish and
// Azerbaijani write the sound of English J as C (RECEP, CEMAL, CƏLIL), Azerbaijani and Uzbek the KH of Russian
// transcriptions as X (XƏLILOV, XO'JAYEV), and all three a back K as Q (QASIMOV): Реджеп Тайип Эрдоган is REDZHEP to
// a Russian transliteration, ρετζέπ RETZEP to a Greek one and رجب RJB in Arabic, all for RECEP. A Latin word with C, X
// or Q is also read the ways those scripts' transliterations write its sounds — one reading per convention, never a
// product of letters — and the readings are compared only with a word written in another script (token-similarity.ts):
// between two Latin spellings C stays C (CAN is not JAN).

const CONVENTIONS: readonly Readonly<Record<string, string>>[] = [
  // a Russian transliteration (BGN): Реджеп, Халилов, Гасымов
  { C: "DZH", X: "KH", Q: "G" },
  // English and Arabic: RAJAB, JAMAL
  { C: "J", X: "KH", Q: "K" },
  // French, and Azerbaijani Cyrillic's Х read as H
  { C: "DJ", X: "H", Q: "K" },
  // Greek: ΤΖ for the J sound, Χ for KH
  { C: "TZ", X: "CH", Q: "K" },
];
const TURKIC_LETTERS = /[CXQ]/;

const cache = new Map<string, string[]>();

/** The other-script readings of a Latin word written in a Turkic alphabet; [] when it has no C, X or Q. */
export function turkicLatinForms(text: string): string[] {
  if (!TURKIC_LETTERS.test(text)) return [];
  let forms = cache.get(text);
  if (!forms) {
    if (cache.size > 50_000) cache.clear();
    forms = [...new Set(CONVENTIONS.map((c) => text.replace(/[CXQ]/g, (l) => c[l]!)))];
    cache.set(text, forms);
  }
  return forms;
}
