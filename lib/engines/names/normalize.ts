import anyAscii from "any-ascii";

// Name normalisation shared by the importers (stored normalizedNames / phoneticKeys) and the screening query,
// so both sides of a comparison always went through the same steps: transliterate to ASCII, uppercase, drop
// punctuation, titles and name particles, sort the tokens.

export type NormalizedName = {
  /** uppercase ASCII tokens, sorted; titles, particles and initials removed while other tokens remain */
  tokens: string[];
  /** tokens joined by one space: the stored normalised form */
  key: string;
  /** written in an abjad (Arabic, Hebrew): the transliteration has no short vowels, compare consonant skeletons */
  isAbjad: boolean;
};

const ABJAD = /[\u0590-\u05FF\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
// Han, Hangul, kana: any-ascii writes their syllables joined in CamelCase ("JinZhengEn"); split them again
const SYLLABIC = /[\u1100-\u11FF\u3040-\u30FF\u3400-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]/u;
// the Arabic definite article is written joined to the word (الرشيد = al-Rashid): lists write it apart or not at all
const ARABIC_ARTICLE = /(^|\s)\u0627\u0644(?=\S{2,})/gu;

// Titles and honorifics say nothing about who someone is, and lists carry them inconsistently.
const TITLES = new Set([
  "MR",
  "MRS",
  "MS",
  "MISS",
  "MX",
  "DR",
  "PROF",
  "PROFESSOR",
  "SIR",
  "DAME",
  "LORD",
  "LADY",
  "SHEIKH",
  "SHEIK",
  "SHAIKH",
  "SHAYKH",
  "HAJI",
  "HAJJI",
  "HADJI",
  "MULLAH",
  "MAULANA",
  "MAULVI",
  "MAWLAWI",
  "GENERAL",
  "GEN",
  "COLONEL",
  "COL",
  "CAPTAIN",
  "CAPT",
  "MAJOR",
  "LIEUTENANT",
  "LT",
  "SERGEANT",
  "SGT",
  "JR",
  "SR",
  "II",
  "III",
  "IV",
]);

// Particles are written joined, hyphenated, apart or left out (AL-RASHID, Al Rashid, Rashid): matching on them
// only adds noise. Surnames that are also particles elsewhere (Vietnamese Le, Chinese Du) are deliberately absent.
const PARTICLES = new Set([
  "AL",
  "EL",
  "UL",
  "BIN",
  "BINT",
  "IBN",
  "DE",
  "DEL",
  "DELLA",
  "DER",
  "DEN",
  "DOS",
  "DAS",
  "VAN",
  "VON",
  "ZU",
]);

export function normalizeName(raw: string): NormalizedName {
  const isAbjad = ABJAD.test(raw);
  let text = raw.normalize("NFC");
  if (isAbjad) text = text.replace(ARABIC_ARTICLE, "$1");
  text = anyAscii(text);
  if (SYLLABIC.test(raw)) text = text.replace(/([a-z])([A-Z])/g, "$1 $2");
  const all = text
    .toUpperCase()
    // apostrophes join (O'Brien = OBRIEN, Ma`mar = MAMAR); every other separator splits
    .replace(/['`\u2018\u2019\u02BC\u02BB]/g, "")
    .replace(/[^A-Z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  const meaningful = all.filter((t) => t.length > 1 && !TITLES.has(t) && !PARTICLES.has(t));
  const tokens = (meaningful.length > 0 ? meaningful : all).sort();
  return { tokens, key: tokens.join(" "), isAbjad };
}

/** Normalised form back from a stored key (the importers stored `key`). */
export function tokensOfKey(key: string): string[] {
  return key ? key.split(" ") : [];
}

export function isAbjadName(raw: string): boolean {
  return ABJAD.test(raw);
}

/**
 * Consonant skeleton of a token: abjad scripts write no short vowels, and transliterations of their long vowels
 * vary (Y/I, W/OU), so KHALID, KHALED and خالد (khld) all become KHLD. Doubled letters collapse (MOHAMMED → MHMD).
 */
export function consonantSkeleton(token: string): string {
  return token.replace(/[AEIOUYW]/g, "").replace(/(.)\1+/g, "$1");
}
