import anyAscii from "any-ascii";
import { toRomaji } from "wanakana";
import { HAN, hanReadings } from "@/lib/engines/names/chinese";
import { abjadReadings, arabicOpening, type ArabicOpening } from "@/lib/engines/names/abjad";
import { INDIC, indicReadings } from "@/lib/engines/names/indic";
import { CYRILLIC, cyrillicReadings } from "@/lib/engines/names/cyrillic";
import { GREEK, greekReadings } from "@/lib/engines/names/greek";
import { HANGUL, koreanName } from "@/lib/engines/names/korean";
import { LAO, THAI, thaiOrLaoReadings } from "@/lib/engines/names/thai";
import { burmeseSyllables, MYANMAR } from "@/lib/engines/names/burmese";

// One written word read into the Latin tokens names are compared by, in its own script's way (normalize.ts gives the
// tokens their roles): Han → Pinyin, Hangul → Revised Romanisation with the surname apart, kana → Hepburn, an abjad
// or an Indic script → its customary spellings, Greek → ELOT 743 and its other spellings, Burmese → its syllables,
// Thai and Lao → their readings, Cyrillic and the rest → any-ascii (Cyrillic with its other romanisations beside).

export type Script = "LATIN" | "HAN" | "HANGUL" | "KANA" | "ABJAD" | "OTHER";

export const ABJAD = /[\u0590-\u05FF\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
export const KANA = /[\u3040-\u30FF\u31F0-\u31FF]/u;

export type Word = {
  /** uppercase ASCII: the word as compared and shown */
  text: string;
  script: Script;
  /** the characters it was read from, for Han and Hangul (compared as written when both sides have them) */
  native: string | null;
  /**
   * other spellings of the same word: a Korean surname's, a Greek word's and a Cyrillic word's customary spellings
   * (equal to it), an abjad word's other readings of its ambiguous letters (compared by their skeletons, abjad.ts)
   */
  alts: string[];
  /**
   * a qualifier whose absence costs little: written in parentheses ("(Schweiz)"), or in an organisation's name a
   * country or continent beside a distinctive word (FABERLIC EUROPE, place-words.ts)
   */
  isOptional: boolean;
  /** one letter of another alphabet (Путин В. В.): an initial, as one Latin letter is */
  isInitial?: boolean;
  /** an organisation's word of another script read as the English word it means (حركة: MOVEMENT) */
  isTranslated?: boolean;
  /** read from Arabic letters (Arabic, Persian, Urdu, Pashto …), not Hebrew: Latin spellings of Arabic names apply */
  isArabic?: boolean;
  /** how a word in Arabic letters opens, as its Latin spellings open too (abjad.ts `arabicOpening`) */
  opening?: ArabicOpening;
  /**
   * the word as a passport's machine-readable zone writes its letters (MÜLLER: MUELLER; NUNXXEZ: NUNEZ): the same
   * word where equal to the other side's, never compared by spelling (token-similarity.ts)
   */
  zoneForms?: string[];
};
const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const ONE_LETTER = /^\p{L}$/u;

export function romanWords(word: string, isOptional: boolean): Word[] {
  const make = (text: string, script: Script, native: string | null = null, alts: string[] = []): Word => ({
    text,
    script,
    native,
    alts,
    isOptional,
  });
  if (HAN.test(word) && !KANA.test(word))
    return hanReadings(word).map(({ native, reading }) => make(reading, "HAN", native));
  if (HANGUL.test(word)) {
    const name = koreanName(word);
    const given = make(name.given.reading, "HANGUL", name.given.native);
    if (!name.surname) return [given];
    const [first, ...others] = name.surname.spellings;
    return [make(first!, "HANGUL", name.surname.native, others), given];
  }
  if (KANA.test(word)) return [make(toRomaji(word).toUpperCase(), "KANA")];
  if (ABJAD.test(word)) {
    const [first, ...others] = abjadReadings(word);
    if (first) {
      const isArabic = ARABIC_LETTERS.test(word);
      const opening = isArabic ? arabicOpening(word) : undefined;
      return [{ ...make(first, "ABJAD", null, others), isArabic, ...(opening ? { opening } : {}) }];
    }
  }
  if (GREEK.test(word)) {
    const [first, ...others] = greekReadings(word);
    if (first) return [{ ...make(first, "OTHER", null, others), isInitial: ONE_LETTER.test(word) }];
  }
  // a Burmese name's syllables, each a word as lists write them (burmese.ts)
  if (MYANMAR.test(word)) return burmeseSyllables(word).map((syllable) => make(syllable, "OTHER"));
  if (THAI.test(word) || LAO.test(word)) {
    const [text, ...others] = thaiOrLaoReadings(word);
    return text ? [make(text, "ABJAD", null, others)] : [];
  }
  if (INDIC.test(word)) {
    const [text, ...others] = indicReadings(word).map((r) => r.replace(/[^A-Z0-9]/g, ""));
    return text ? [make(text, "ABJAD", null, others)] : [];
  }
  const script: Script = ABJAD.test(word) ? "ABJAD" : /[A-Za-z\u00C0-\u024F]/.test(word) ? "LATIN" : "OTHER";
  // camel case written joined (SergeiLavrov, SiemensAG) is two words; McDONALD-style stays one after rejoining
  // (a lone capital at the end is no word: GmbH stays one)
  const spaced =
    script === "LATIN"
      ? word.replace(/([a-z\u00DF-\u00FF])(?=[A-Z\u00C0-\u00DE][a-z\u00DF-\u00FF]|[A-Z\u00C0-\u00DE]{2})/g, "$1 ")
      : word;
  const tokens = asciiTokens(spaced, script).map((text) => make(text, script));
  if (script === "LATIN") withTwoLetterForms(spaced, tokens);
  // a Cyrillic word also in the other romanisation systems (cyrillic.ts): IURII, IOURI, JURIJ for Юрий
  if (tokens.length === 1 && CYRILLIC.test(word)) {
    tokens[0]!.alts = cyrillicReadings(word).filter((reading) => reading !== tokens[0]!.text);
    tokens[0]!.isInitial = ONE_LETTER.test(word);
  }
  return tokens;
}

function asciiTokens(word: string, script: Script): string[] {
  return (
    anyAscii(word)
      .toUpperCase()
      // apostrophes join (O'Brien = OBRIEN, Ma`mar = MAMAR); every other separator splits
      .replace(/['`\u2018\u2019\u02BC\u02BB]/g, "")
      .split(/[^A-Z0-9]+/)
      .filter(Boolean)
      // a doubled consonant written with a digraph (ALA-LC's shadda: QADHDHAFI, MASHSHAT) is one digraph
      .map((text) => (script === "LATIN" ? text.replace(/([DKSTGZ]H)\1/g, "$1") : text))
  );
}

// The letters ICAO 9303 writes with two in a passport's machine-readable zone, as German and Scandinavian names are
// written in English too: a list's MÜLLER is also MUELLER, HÄMÄLÄINEN also HAEMAELAEINEN, ØSTERGÅRD also OESTERGAARD
// (any-ascii drops the mark: MULLER). Æ, Œ and ß are written with two letters either way.
const TWO_LETTERS: Readonly<Record<string, string>> = { Ä: "AE", Å: "AA", Ö: "OE", Ø: "OE", Ü: "UE" };
const HAS_TWO_LETTERS = /[ÄÅÖØÜäåöøü]/u;
// ICAO's older form of those letters and of Ñ in the zone: the letter followed by XX (MUXXLLER, NUNXXEZ); no name
// writes XX after a vowel or N inside a word otherwise (at its end, MAXX and ROXX are nicknames as written)
const XX_FORM = /([AOUN])XX(?=[A-Z])/;

/** Gives each Latin token the spellings a passport's zone gives the same letters (both directions). */
function withTwoLetterForms(word: string, tokens: Word[]): void {
  if (HAS_TWO_LETTERS.test(word)) {
    const twoLetters = asciiTokens(
      word.replace(/[ÄÅÖØÜäåöøü]/gu, (c) => TWO_LETTERS[c.toUpperCase()]!),
      "LATIN",
    );
    if (twoLetters.length === tokens.length)
      tokens.forEach((token, i) => {
        if (twoLetters[i] !== token.text) token.zoneForms = [twoLetters[i]!];
      });
  }
  for (const token of tokens)
    if (XX_FORM.test(token.text)) {
      const oneLetter = token.text.replace(new RegExp(XX_FORM, "g"), "$1");
      const twoLetter = token.text.replace(/([AOU])XX(?=[A-Z])/g, "$1E").replace(/NXX(?=[A-Z])/g, "N");
      token.zoneForms = [...new Set([...(token.zoneForms ?? []), oneLetter, twoLetter])];
    }
}
