import { cantoneseSyllables } from "@/lib/engines/names/cantonese";
import { chineseReadings } from "@/lib/engines/names/chinese";
import { asShown } from "@/lib/engines/names/as-shown";
import {
  backwardsTurned,
  leetReadings,
  lookalikeWordsRead,
  organisationEvasions,
  shuffledWords,
  speltOutJoined,
  unmaskLookalikes,
  upsideDownTurned,
} from "@/lib/engines/names/evasion";
import { kontsevichName } from "@/lib/engines/names/kontsevich";
import { palladiusName } from "@/lib/engines/names/palladius";
import { polivanovName } from "@/lib/engines/names/polivanov";
import { hanjaReading } from "@/lib/engines/names/korean";
import { acronymLetters, findLegalForm, ORG_STOPWORDS } from "@/lib/engines/names/legal-forms";
import { numbersAsDigits, signsAsWords } from "@/lib/engines/names/numbers";
import {
  GENERIC_BUSINESS_WORDS,
  GROUP_WORDS,
  ORGANISATION_KIND_WORDS,
  organisationKindInEnglish,
} from "@/lib/engines/names/generic-words";
import { spelledOut } from "@/lib/engines/names/abbreviations";
import { PLACE_WORDS } from "@/lib/engines/names/place-words";
import { withLatinInitials } from "@/lib/engines/names/indic-initials";
import { initialsFirst, uninvert } from "@/lib/engines/names/name-order";
import { ALLAH, withArticleApart } from "@/lib/engines/names/arabic-article";
import {
  FIRST_AS_NAME,
  GENERATION_ALTS,
  GENERATIONS,
  HONORIFICS,
  leadingTitleCount,
  mongolianPatronymStem,
  NAME_MARKERS,
  NATIVE_TITLES,
  PARTICLE_FORMS,
  PARTICLES,
  withoutFormsOfAddress,
} from "@/lib/engines/names/person-words";
import { ABJAD, romanWords, type Script, type Word } from "@/lib/engines/names/roman-words";
import { chineseBusinessWordsInEnglish } from "@/lib/engines/names/chinese-business-words";
import { arabicBusinessWordInEnglish } from "@/lib/engines/names/arabic-business-words";
import { koreanBusinessWordsInEnglish } from "@/lib/engines/names/korean-business-words";
import { russianWordInEnglish } from "@/lib/engines/names/russian-business-words";
import { foreignName, type TranscriptionSystem } from "@/lib/engines/names/transcription";

// Name normalisation shared by the importers (stored normalizedNames / phoneticKeys) and the screening query, so
// both sides of a comparison went through the same steps: split into words (camel case and joined forms too),
// read each word in its own script (Han → Pinyin, Hangul → Revised Romanisation with the surname apart, kana →
// Hepburn, Arabic, Persian and Hebrew → their consonants in every customary spelling (abjad.ts), Greek → ELOT 743 and
// its other customary spellings (greek.ts), Indic scripts → their consonants and written vowels, Cyrillic → any-ascii
// (BGN-like) and the other romanisation systems as alternatives (cyrillic.ts), a Chinese name in Palladius also in
// Pinyin (palladius.ts), a Korean one as Korean in Latin (kontsevich.ts), a Japanese one in Hepburn (polivanov.ts),
// Thai → RTGS, letter by letter and Pali (thai.ts), Burmese → its syllables as words (burmese.ts), else any-ascii),
// uppercase ASCII, and give every token a role. The ORDER of the tokens is kept: alignment weighs it.
// "SURNAME, Given" (one comma) is read as "Given SURNAME", the order lists use for the same person.

/** Bumped whenever the stored form (normalizedNames, phoneticKeys) would change: stored lists are re-indexed. */
export const NORMALIZER_VERSION = 42;

export type NameKind = "PERSON" | "ORGANIZATION";
export type TokenRole = "NAME" | "INITIAL" | "PARTICLE" | "LEGAL_FORM" | "STOPWORD" | "NUMBER";
export type { Script } from "@/lib/engines/names/roman-words";

/** A word of a name (its text, script, spellings and marks: roman-words.ts `Word`) with its role in the name. */
export type NameToken = Word & {
  role: TokenRole;
  /** written with its letters perhaps shuffled to slip past screening (evasion.ts): compared in any order too */
  isShuffled?: boolean;
  /**
   * a person's generational suffix or regnal number (JR, SR, II, III, IV; person-words.ts): a qualifier that
   * conflicts only with another generation (align.ts) and finds no candidates by itself (phonetic.ts)
   */
  isGeneration?: boolean;
  /** a legal form's letters in an acronym of the name, as written (COMPANY: C; CO: C or CO; legal-forms.ts) */
  letters?: string[];
  /**
   * the last word of a name field a passport's zone fills to its end: perhaps cut short by the zone's width, so it
   * also stands for a longer word it opens (cut-word.ts)
   */
  isCut?: boolean;
};

export type NormalizedName = {
  kind: NameKind;
  /** the tokens' texts in the order written */
  tokens: string[];
  parts: NameToken[];
  /** tokens joined by one space: the stored normalised form */
  key: string;
  /**
   * written in an abjad (Arabic, Persian, Hebrew) or an Indic abugida: the transliteration lacks vowels lists write
   * (short vowels, the inherent vowel), so consonant skeletons are compared
   */
  isAbjad: boolean;
  /** every name token reads as Chinese syllables (Pinyin or Wade–Giles) or was written in Han */
  isChineseLike: boolean;
  /**
   * other readings of the same written name: a Han name also in its Sino-Korean (Hanja) reading (金正恩 = Kim Jong Un,
   * not only Jin Zhengen). Compared like the name itself; the best reading counts.
   */
  readings: NormalizedName[];
  /** a foreign name written in Han with the middle dot, read as its Pinyin transcription (transcription.ts) */
  isTranscription?: boolean;
  /** how the transcription was written (Pinyin of Han, katakana, Hangul): its sounds compare differently */
  transcriptionSystem?: TranscriptionSystem;
};

// a person's nickname quoted inside the name: after its start or a space, before a space or its end, not all of it
const NICKNAME = /(^|\s)["“„«'‘]([^"“”„«»'‘’()]+)["”»'’](?=\s|$)/gu;
// the Persian and Urdu ezafe between two words of a name, written E or I (LASHKAR-E-TAIBA, LASHKAR-I-TAIBA)
const EZAFE: ReadonlySet<string> = new Set(["E", "I"]);
// separators between words in every script (the Japanese and Chinese middle dots included)
const SEPARATOR = /[\s,.;:!?"“”„«»()[\]{}/\\|+*=_~<>@#$%^&\-\u2010-\u2015\u00B7\u30FB\u3000\u3001\u3002]+/u;

function words(raw: string, kind: NameKind): Word[] {
  let text = raw.normalize("NFC");
  if (kind === "PERSON") text = withLatinInitials(initialsFirst(uninvert(text)));
  else text = signsAsWords(koreanBusinessWordsInEnglish(chineseBusinessWordsInEnglish(text)));
  text = withArticleApart(text);
  const out: Word[] = [];
  // a title alone is the name there is: kept
  const dropsTitles = kind === "PERSON" && text.split(SEPARATOR).filter(Boolean).length > 1;
  // parentheses: "(Schweiz)" qualifies the name rather than being part of it; so does a person's nickname in quotes
  // inside the name (Joaquín "El Chapo" Guzmán), not an apostrophe within a word (O'Neill)
  if (kind === "PERSON")
    text = text.replace(NICKNAME, (all, before, nick) => (all.trim() === text.trim() ? all : `${before}(${nick})`));
  for (const [i, segment] of text.split(/[()]/).entries())
    for (const [word, next] of segment
      .split(SEPARATOR)
      .filter(Boolean)
      .map((w, k, all) => [w, all[k + 1]] as const)) {
      if (dropsTitles && NATIVE_TITLES.has(word)) continue;
      const read = romanWords(unmaskLookalikes(word), i % 2 === 1);
      // a word before ALLAH is a name's (حزب الله, HEZBOLLAH; جند الله, JUNDALLAH), not a kind's
      const isName = next !== undefined && ALLAH.test(next);
      out.push(...(kind === "ORGANIZATION" && !isName ? read.map((w) => inEnglish(w, word)) : read));
    }
  return out;
}

/**
 * An organisation's word of its kind or business written in Arabic or Persian letters (حركة) as the English word
 * (MOVEMENT), its transliterations its other spellings (arabic-business-words.ts).
 */
function inEnglish(read: Word, written: string): Word {
  const [english, ...others] = (read.script === "ABJAD" && arabicBusinessWordInEnglish(written)?.split("|")) || [];
  return english ? { ...read, text: english, alts: [...others, read.text, ...read.alts], isTranslated: true } : read;
}

// written in Latin or Cyrillic letters (Cyrillic is read into Latin with its other romanisations as alternatives)
const isLetters = (script: Script) => script === "LATIN" || script === "OTHER";
const russianInEnglish = (text: string, alts: readonly string[]) =>
  [text, ...alts].map(russianWordInEnglish).find(Boolean);

const chineseCache = new Map<string, boolean>();
function readsAsChinese(token: string): boolean {
  let known = chineseCache.get(token);
  if (known === undefined) {
    if (chineseCache.size > 50_000) chineseCache.clear();
    known = chineseReadings(token).length > 0;
    chineseCache.set(token, known);
  }
  return known;
}

/** An organisation's acronym written with dots or spaces (L.X.C., S.A.R.L.) is one token. */
function joinAcronyms(list: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < list.length; i++) {
    if (list[i]!.text.length === 1 && list[i + 1]?.text.length === 1 && /[A-Z]/.test(list[i]!.text)) {
      let text = "";
      const first = list[i]!;
      while (list[i]?.text.length === 1 && /[A-Z]/.test(list[i]!.text)) text += list[i++]!.text;
      i--;
      out.push({ ...first, text });
    } else out.push(list[i]!);
  }
  return out;
}

function roles(list: Word[], kind: NameKind): NameToken[] {
  const tokens: NameToken[] = [];
  const texts = list.map((w) => w.text);
  // a Latin title only: an abjad word's consonants may spell one (عمر, Omar, reads MR)
  const latinTexts = list.map((w) => (w.script === "ABJAD" ? "" : w.text));
  const titles = kind === "PERSON" ? leadingTitleCount(latinTexts) : 0;
  for (let i = 0; i < list.length; i++) {
    const { isInitial, ...word } = list[i]!;
    if (kind === "ORGANIZATION") {
      const form = findLegalForm(texts, i);
      if (form) {
        const letters = acronymLetters(texts.slice(i, i + form.length));
        tokens.push({ ...word, text: form.form, role: "LEGAL_FORM", native: null, alts: [], letters });
        i += form.length - 1;
        continue;
      }
    }
    if (i < titles) continue;
    // a generation after a name (MARCOS JR, ABDULLAH II): a qualifier, not a name to look up or a title to drop
    const generation = kind === "PERSON" && i > titles && word.script === "LATIN" ? GENERATIONS[word.text] : undefined;
    if (generation) {
      const alts = GENERATION_ALTS[generation] ?? [];
      tokens.push({ ...word, text: generation, role: "NAME", alts, isOptional: true, isGeneration: true });
      continue;
    }
    // BEN and ABU open given names and kunyas (Ben Netanyahu, Abu Bakr): first, they are names, not particles
    const isNameFirst = kind === "PERSON" && tokens.length === 0 && FIRST_AS_NAME.has(word.text) && list.length > 1;
    const role: TokenRole = /^\d+$/.test(word.text)
      ? "NUMBER"
      : kind === "ORGANIZATION" &&
          (ORG_STOPWORDS.has(word.text) || (EZAFE.has(word.text) && i > 0 && i < list.length - 1))
        ? "STOPWORD"
        : kind === "PERSON" && PARTICLES.has(word.text) && !isNameFirst
          ? "PARTICLE"
          : (word.text.length === 1 && word.script === "LATIN") || (kind === "PERSON" && isInitial)
            ? "INITIAL"
            : "NAME";
    if (kind === "PERSON" && word.script !== "ABJAD" && list.length > 1) {
      if (HONORIFICS.has(word.text) || (i > 0 && NAME_MARKERS.has(word.text))) continue;
    }
    // one spelling per particle: EL-ASSAD and AL-ASSAD, BEN and BIN are the same article and word
    // a word in full (ST PIERRE is SAINT PIERRE, MFG MANUFACTURING), one spelling per kind of business (AIRWAYS: AIR)
    const text =
      role === "PARTICLE"
        ? (PARTICLE_FORMS[word.text] ?? word.text)
        : role === "NAME"
          ? spelledOut(word.text, kind === "ORGANIZATION", i < list.length - 1)
          : word.text;
    // an organisation's kind in a transliteration also reads as its English word (JABHAT: FRONT)
    // and a Russian or Ukrainian organisation's word in Latin letters as its English word (SLUZHBA: SERVICE)
    const kindInEnglish =
      kind === "ORGANIZATION" && role === "NAME"
        ? (organisationKindInEnglish(text) ?? (isLetters(word.script) ? russianInEnglish(text, word.alts) : undefined))
        : undefined;
    // a Mongolian patronymic in the genitive (UKHNAAGIIN) is also its father's name as lists write it (UKHNAA)
    const stem = kind === "PERSON" && role === "NAME" ? mongolianPatronymStem(word) : null;
    const alts = [...word.alts, ...(kindInEnglish ? [kindInEnglish] : []), ...(stem ? [stem] : [])];
    tokens.push({ ...word, text, role, ...(alts.length > word.alts.length ? { alts } : {}) });
  }
  // a country or continent beside a distinctive word qualifies an organisation's name (place-words.ts), as a group's
  // word does (WAGNER GROUP); beside generic business words only (IRAN AIR, BANK OF CHINA) it tells the name apart
  const isQualifier = (t: NameToken) =>
    PLACE_WORDS.has(t.text) || GROUP_WORDS.has(t.text) || ORGANISATION_KIND_WORDS.has(t.text);
  const isDistinctive = (t: NameToken) =>
    t.role === "NAME" && !t.isOptional && !isQualifier(t) && !GENERIC_BUSINESS_WORDS.has(t.text);
  if (kind === "ORGANIZATION" && tokens.some(isDistinctive))
    return tokens.map((t) => (t.role === "NAME" && isQualifier(t) ? { ...t, isOptional: true } : t));
  return tokens;
}

export function normalizeName(raw: string, kind: NameKind = "PERSON"): NormalizedName {
  // as a reader sees it (as-shown.ts); where an override reorders the characters, the order typed is a reading too
  // a person's forms of address other languages write (г-н, 先生: person-words.ts) left out of every reading
  const { shown, typed } = asShown(raw, kind === "PERSON" ? withoutFormsOfAddress : undefined);
  const readings =
    kind === "PERSON" ? otherReadings(shown) : organisationEvasions(shown).map((text) => asWritten(text, kind));
  return { ...asWritten(shown, kind), readings: typed ? [...readings, asWritten(typed, kind)] : readings };
}

/** The name as written, without other readings. */
function asWritten(raw: string, kind: NameKind): NormalizedName {
  const parts = roles(
    kind === "ORGANIZATION" ? joinAcronyms(numbersAsDigits(words(raw, kind))) : words(raw, kind),
    kind,
  );
  const names = parts.filter((p) => p.role === "NAME");
  return {
    kind,
    readings: [],
    tokens: parts.map((p) => p.text),
    parts,
    key: parts.map((p) => p.text).join(" "),
    isAbjad: parts.some((p) => p.script === "ABJAD"),
    isChineseLike: names.length > 0 && names.every((p) => p.script === "HAN" || readsAsChinese(p.text)),
  };
}

/**
 * A person's name written only in Han characters (and separators): its Sino-Korean reading, when it has one, and its
 * Cantonese one (cantonese.ts); a foreign name written in Han with the middle dot, in katakana or in Hangul: its
 * transcription, part by part; a name written to slip past screening: as it is meant to be read (evasion.ts).
 */
function otherReadings(raw: string): NormalizedName[] {
  // a name written to slip past screening (evasion.ts), read as written to be read
  const spelt = speltOutJoined(raw);
  const backwards = backwardsTurned(raw);
  const shuffled = shuffledWords(raw);
  const shown = [spelt, upsideDownTurned(raw), lookalikeWordsRead(raw)].filter((text) => text !== null);
  const unmasked = [...shown, ...leetReadings(raw)].map((text) => asWritten(text, "PERSON"));
  // a word turned round may also have had its letters shuffled (rimaldiV: VIDLAMIR), as any word that shows it
  if (shuffled) {
    const marked = new Set(shuffled.words.flatMap((w) => asWritten(w, "PERSON").tokens));
    const reversed = new Set(
      shuffled.words.map((w) => [...w].reverse().join("")).flatMap((w) => asWritten(w, "PERSON").tokens),
    );
    if (backwards) unmasked.push(withShuffled(asWritten(backwards, "PERSON"), reversed));
    unmasked.push(withShuffled(asWritten(shuffled.text, "PERSON"), marked));
  } else if (backwards) unmasked.push(asWritten(backwards, "PERSON"));
  if (unmasked.length > 0) return unmasked;
  // a Chinese name written in Cyrillic by Palladius (Си Цзиньпин) in Pinyin, XI JINPING; a Korean one (Ким Чен Ын) as
  // a Korean name in Latin, KIM CHEN EUN with its other spellings; a Japanese one (Тиэко Хаяси) in Hepburn
  const cyrillic = [palladiusName(raw), kontsevichName(raw), polivanovName(raw)].filter((words) => words !== null);
  if (cyrillic.length > 0) return cyrillic.map(spelledWords);
  const foreign = foreignName(raw);
  if (foreign) return [transcriptionReading(foreign.parts, foreign.system)];
  const words = raw.trim().split(/\s+/);
  if (words.length > 2 || !words.every((w) => /^[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]+$/u.test(w))) return [];
  const korean = hanjaReading(words.join(""));
  const cantonese = cantoneseReading(words.join(""));
  return [...(korean ? [normalizeName(korean)] : []), ...(cantonese ? [cantonese] : [])];
}

/** A name given as its words' spellings: the first of each is the token, the others its alternatives. */
function spelledWords(words: readonly (readonly string[])[]): NormalizedName {
  const reading = asWritten(words.map((spellings) => spellings[0]).join(" "), "PERSON");
  if (reading.parts.length === words.length) reading.parts.forEach((part, i) => (part.alts = words[i]!.slice(1)));
  return reading;
}

/** The name with the tokens in `shuffled` marked as written with their letters perhaps shuffled (evasion.ts). */
function withShuffled(name: NormalizedName, shuffled: ReadonlySet<string>): NormalizedName {
  return { ...name, parts: name.parts.map((p) => (shuffled.has(p.text) ? { ...p, isShuffled: true } : p)) };
}

/** A Han person's name in Cantonese (cantonese.ts): one token per character, its other spellings as alternatives. */
function cantoneseReading(han: string): NormalizedName | null {
  const syllables = cantoneseSyllables(han);
  if (!syllables) return null;
  const parts: NameToken[] = syllables.map(({ native, spellings: [text, ...alts] }) => ({
    text: text!,
    role: "NAME",
    script: "HAN",
    native,
    alts,
    isOptional: false,
  }));
  return {
    kind: "PERSON",
    tokens: parts.map((p) => p.text),
    parts,
    key: parts.map((p) => p.text).join(" "),
    isAbjad: false,
    // not Pinyin: compared by its spellings, never through the Pinyin / Wade–Giles readings
    isChineseLike: false,
    readings: [],
  };
}

function transcriptionReading(parts: readonly string[], system: TranscriptionSystem): NormalizedName {
  const tokens: NameToken[] = parts.map((text) => ({
    text,
    role: "NAME",
    script: "LATIN",
    native: null,
    alts: [],
    isOptional: false,
  }));
  return {
    kind: "PERSON",
    tokens: [...parts],
    parts: tokens,
    key: parts.join(" "),
    isAbjad: false,
    isChineseLike: false,
    readings: [],
    isTranscription: true,
    transcriptionSystem: system,
  };
}

/** Normalised form back from a stored key (the importers stored `key`). */
export function tokensOfKey(key: string): string[] {
  return key ? key.split(" ") : [];
}

export function isAbjadName(raw: string): boolean {
  return ABJAD.test(raw);
}
