import levenshtein from "talisman/metrics/levenshtein";
import damerau from "talisman/metrics/damerau-levenshtein";
import { chineseReadings } from "@/lib/engines/names/chinese";
import { GENERIC_BUSINESS_WORDS } from "@/lib/engines/names/generic-words";
import { areNameForms, areNameVariants, arePatronymicForms } from "@/lib/engines/names/given-names";
import { otherGenderForms } from "@/lib/engines/names/gender-forms";
import { koreanLoose, surnameSpellingsAlike } from "@/lib/engines/names/korean";
import { bestSkeletonSpelling, cached, sameSkeleton, type AbjadSide } from "@/lib/engines/names/skeleton-match";
import { arePlacesApart, isSamePlace } from "@/lib/engines/names/place-words";
import { asRussianForm, isEastSlavicPair } from "@/lib/engines/names/east-slavic-surnames";
import { isRussianPlaceAdjective } from "@/lib/engines/names/russian-business-words";
import { isDerivedName, isShortOfDin } from "@/lib/engines/names/derived-names";
import { acronymSimilarity, isContractionOf, singular } from "@/lib/engines/names/organisation-words";
import { latinSoundForms } from "@/lib/engines/names/latin-sounds";
import type { NameToken } from "@/lib/engines/names/normalize";
import { metaphoneCodes } from "@/lib/engines/names/phonetic";
import { bestSpelling, closestOf, sameLetters, spelling } from "@/lib/engines/names/spelling-measure";
import { latinSkeletonsFor, transcriptionSkeletons, type TranscriptionSystem } from "@/lib/engines/names/transcription";
import { againstArabic, isTooShortForRun, single, spellingsOf, type Span } from "@/lib/engines/names/spans";
import { isCutFrom } from "@/lib/engines/names/cut-word";
import { asRead, coded, inOtherWords, nearSkeleton, opensAs, readFromArabic } from "@/lib/engines/names/against-arabic";

// How alike two tokens (or runs of tokens joined: JIN·PING ~ JINPING) are, and why: the reviewer sees the reason.
//   exact / romanisation   same text, or one of the spellings its script allows (Korean surnames, Pinyin ~
//                          Wade–Giles when both names read as Chinese, the RR ~ McCune–Reischauer loose form) → 1 / 0.95
//   native                 both written in Han or Hangul: compared as written (高市 ≠ 高石 though both read GAO SHI)
//   nickname               a given name and its nickname (THEODORE ~ TED)                                 → 0.9
//   name form              one given name in two languages (JOHN ~ JUAN, PYOTR ~ PETER; given-names.ts)      → 0.9
//   initial                an initial and a name that starts with it                                        → 0.85
//   cut by the zone        the last word of a name a passport's zone filled to its end (2+ letters) and a
//                          longer word it opens (GUAD ~ GUADALUPE; cut-word.ts)                             → 0.85
//   acronym                an organisation's acronym and the 2–6 words it abbreviates, stop words between them
//                          skipped (PLA, US, IRGC, ISIL)                                                     → 0.9
//   abbreviation           an organisation's word contracted to its consonants, first and last letter kept, at
//                          most half its length (INT'L ~ INTERNATIONAL, MGMT ~ MANAGEMENT, NATL ~ NATIONAL)    → 0.85
//   other gender           a Slavic surname's feminine and masculine forms (-OVA / -OV, -SKA / -SKI), a given
//                          name's (PAOLA / PAOLO, EVGENIYA / EVGENIY): another person                      → 0
//   kind of business       an organisation's generic business word (generic-words.ts) and a word more than one
//                          edit from it: different words                                                     → 0
//   spelling               mean of (1 − Damerau–Levenshtein / longer length) and Jaro–Winkler, at least 0.8 for
//                          one edit (a typo, two letters swapped); spelling variants that
//                          share a double-metaphone code and differ in few letters are lifted to 0.85
//   shuffled               a word written with its letters perhaps shuffled (nitPu, evasion.ts) and a word of the
//                          same letters (PUTIN), 4+ letters                                                   → 0.8
//   skeleton               a name written in an abjad: the same measure over consonant skeletons, × 0.95 (the
//                          closest of the abjad word's readings, abjad.ts)
//   transcription          a foreign name written in Han with the middle dot, in katakana or in Hangul
//                          (transcription.ts): the same measure over sound skeletons of its reading and of the
//                          Latin name, at most 0.88

export type MatchReason =
  | "EXACT"
  | "ROMANISATION"
  | "NATIVE"
  | "NICKNAME"
  | "NAME_FORM"
  | "INITIAL"
  | "ACRONYM"
  | "ABBREVIATION"
  | "SPELLING"
  | "PHONETIC"
  | "SKELETON"
  | "TRANSCRIPTION"
  | "SHUFFLED"
  | "CUT_BY_ZONE"
  | "LEGAL_FORM";
export type TokenMatch = { similarity: number; reason: MatchReason };
export type { Span } from "@/lib/engines/names/spans";
export type CompareContext = {
  isAbjad: boolean;
  isChinese: boolean;
  /** both names read as Korean names written in Latin (korean.ts readsAsKorean) */
  isKorean?: boolean;
  isOrganisation?: boolean;
  /** which side is a foreign name's Pinyin transcription (transcription.ts), if one side only */
  transcribed?: "QUERY" | "LIST" | null;
  transcriptionSystem?: TranscriptionSystem;
};

const NICKNAME = 0.9;
const NAME_FORM = 0.9;
const INITIAL = 0.85;
// a word of 2+ letters a passport's zone may have cut from a longer one it opens (cut-word.ts): as much as an initial
// (0.9 was measured too: it found no more cut names and let one more other person's name over the threshold)
const CUT = INITIAL;
const PHONETIC = 0.85;
const PHONETIC_MIN_SPELLING = 0.6;
const ROMANISATION = 0.95;
const SKELETON_WEIGHT = 0.95;
const OTHER_LEGAL_FORM = 0.3;
// as one typo (spelling-measure.ts ONE_EDIT): the same letters say it may be the name, not that it is
const SHUFFLED = 0.8;
const SHUFFLED_MIN = 4;
// a transcription's sound skeleton is coarse: at best a POSSIBLE match (under STRONG_MATCH_THRESHOLD 0.9), and a
// skeleton of two consonants must be the same one (ANGELA and MILLER are both N·L)
const TRANSCRIPTION = 0.88;
const TRANSCRIPTION_MIN = 2;
const TRANSCRIPTION_FUZZY_MIN = 3;
const ABBREVIATION = 0.85;

const readingCache = new Map<string, string[]>();
function readings(text: string): string[] {
  let known = readingCache.get(text);
  if (!known) {
    if (readingCache.size > 50_000) readingCache.clear();
    known = chineseReadings(text);
    readingCache.set(text, known);
  }
  return known;
}

// Two Latin spellings of one sound, each read as the other: AY before a consonant or at the end, however written
// (DEIF, DAYF; FEISAL, FAYSAL); DJ for J, as French writes Arabic ج (DJAMEL, JAMAL; HADJ, HAJJ), Serbian and
// Croatian Đ (DJORDJEVIC), and Indonesian's spelling before 1972 (DJAKARTA)
const SPELT_TWO_WAYS = /[AE][IY](?![AEIOU])|DJ/;
const oneSpellings = new Map<string, string>();
const asOneSpelling = (text: string) =>
  cached(oneSpellings, text, (t) => t.replace(/[AE][IY](?![AEIOU])/g, "AY").replace(/DJ/g, "J"));

// a Latin word as other scripts write its sounds, against a word written in one of them (latin-sounds.ts)
const OTHER_SCRIPTS: ReadonlySet<NameToken["script"]> = new Set(["OTHER", "ABJAD"]);
const soundsAgainst = (latin: NameToken | null, other: NameToken | null) =>
  latin?.script === "LATIN" && other && OTHER_SCRIPTS.has(other.script) ? latinSoundForms(latin.text) : [];

// X written KS, as transliterations from Russian write it (MAKSIM, ALEKSEI, EKSPORT; ЭКСПОРТ read EKSPORT)
const withKs = (x: string) => x.replaceAll("X", "KS");
const hasX = (x: string) => x.includes("X");

const native = (span: Span) => (span.tokens.every((t) => t.native) ? span.tokens.map((t) => t.native).join("") : null);

// one word in the letters a passport's zone writes (MÜLLER and MUELLER, NÚÑEZ and NUNXXEZ; roman-words.ts): the same
// word only where equal, never by spelling — compared by spelling, BAECKSTROEM would come near BERGSTROEM, as
// BACKSTROM does not near BERGSTROM
const inZone = (t: NameToken) => [t.text, ...(t.zoneForms ?? [])];
const sameInZone = (a: NameToken, b: NameToken) => inZone(a).some((x) => inZone(b).includes(x));

export function compareSpans(a: Span, b: Span, context: CompareContext): TokenMatch {
  const [ta, tb] = [single(a), single(b)];
  if (ta?.role === "LEGAL_FORM" || tb?.role === "LEGAL_FORM") {
    if (ta?.role !== tb?.role) return { similarity: 0, reason: "LEGAL_FORM" };
    return { similarity: a.text === b.text ? 1 : OTHER_LEGAL_FORM, reason: "LEGAL_FORM" };
  }
  const [na, nb] = [native(a), native(b)];
  const sameScript = a.tokens[0]!.script === b.tokens[0]!.script;
  if (na && nb && sameScript) {
    const similarity = na === nb ? 1 : Math.max(0, 1 - levenshtein(na, nb) / Math.max([...na].length, [...nb].length));
    return { similarity: a.tokens[0]!.script === "HAN" && na !== nb ? 0 : similarity, reason: "NATIVE" };
  }
  if (a.text === b.text) return { similarity: 1, reason: "EXACT" };
  if (ta && tb && (ta.zoneForms || tb.zoneForms) && sameInZone(ta, tb))
    return { similarity: 1, reason: "ROMANISATION" };
  if (inOtherWords(ta, b.text) || inOtherWords(tb, a.text)) return { similarity: 1, reason: "ROMANISATION" };
  const acronym = context.isOrganisation ? acronymSimilarity(a, b) : 0;
  if (acronym > 0) return { similarity: acronym, reason: "ACRONYM" };
  // an organisation's word in the singular and the plural (TECHNOLOGY, TECHNOLOGIES; HOLDING, HOLDINGS)
  if (context.isOrganisation && ta?.role === "NAME" && tb?.role === "NAME" && singular(a.text) === singular(b.text))
    return { similarity: ROMANISATION, reason: "SPELLING" };
  if (
    context.isOrganisation &&
    ta?.role === "NAME" &&
    tb?.role === "NAME" &&
    (isContractionOf(a.text, b.text) || isContractionOf(b.text, a.text))
  )
    return { similarity: ABBREVIATION, reason: "ABBREVIATION" };
  const [altsA, altsB] = [spellingsOf(a), spellingsOf(b)];
  // spelt and compared by skeleton, not by phonetic code: a code is already a reading of the sounds
  const [soundsA, soundsB] = [soundsAgainst(ta, tb), soundsAgainst(tb, ta)];
  const [spelledA, spelledB] = [
    [...altsA, ...soundsA],
    [...altsB, ...soundsB],
  ];
  // an abjad word's other readings are candidates for its skeleton, not spellings equal to it
  const spellsAlike = ta?.script !== "ABJAD" && tb?.script !== "ABJAD";
  if (spellsAlike && spelledA.some((x) => spelledB.includes(x))) return { similarity: 1, reason: "ROMANISATION" };
  // (without an X anywhere, the spellings were compared as they are just above)
  if (spellsAlike && (spelledA.some(hasX) || spelledB.some(hasX))) {
    const ksB = spelledB.map(withKs);
    if (spelledA.some((x) => ksB.includes(withKs(x)))) return { similarity: ROMANISATION, reason: "ROMANISATION" };
  }
  if (ta?.role === "NUMBER" || tb?.role === "NUMBER") return { similarity: 0, reason: "EXACT" };
  if (context.isOrganisation && ta && tb && arePlacesApart(a.text, b.text))
    return { similarity: 0, reason: "SPELLING" };
  if (context.isOrganisation && ta && tb && (isSamePlace(a.text, b.text) || isRussianPlaceAdjective(a.text, b.text)))
    return { similarity: ROMANISATION, reason: "SPELLING" };

  if (ta?.role === "INITIAL" || tb?.role === "INITIAL") {
    const [initial, other] = ta?.role === "INITIAL" ? [a.text, b.text] : [b.text, a.text];
    // Russian's Е opening a name is written E or YE (Е. Пригожин, E. PRIGOZHIN: YEVGENY)
    const opens = (x: string) => x.startsWith(initial) || (initial === "E" && x.startsWith("YE"));
    if (other.length > 1 && opens(other)) return { similarity: INITIAL, reason: "INITIAL" };
    return { similarity: 0, reason: "INITIAL" };
  }
  // the last word of a name field the passport's zone filled: perhaps cut there (GUAD for GUADALUPE; cut-word.ts)
  if (ta && tb && ((ta.isCut && isCutFrom(a.text, b.text)) || (tb.isCut && isCutFrom(b.text, a.text))))
    return { similarity: CUT, reason: "CUT_BY_ZONE" };
  if (ta && tb && (ta.isShuffled || tb.isShuffled) && isShuffleOf(ta.text, tb.text))
    return { similarity: SHUFFLED, reason: "SHUFFLED" };
  if (ta && tb && areNameVariants(a.text, b.text)) return { similarity: NICKNAME, reason: "NICKNAME" };
  // a person's name of the form X al-Din written joined (SIRAJUDDIN, SALAHUDDIN, NOUREDDINE) and its short form X,
  // as its bearer is called (SIRAJ HAQQANI)
  if (!context.isOrganisation && ta?.role === "NAME" && tb?.role === "NAME" && isShortOfDin(a.text, b.text))
    return { similarity: NAME_FORM, reason: "NAME_FORM" };
  if (ta && tb && (altsB.some((y) => areNameForms(a.text, y)) || ta.alts.some((x) => areNameForms(x, b.text))))
    return { similarity: NAME_FORM, reason: "NAME_FORM" };
  // one father's name in two languages' patronymics (GRIGORYEVICH ~ RYHORAVICH, VLADIMIROVICH ~ VOLODYMYROVYCH)
  if (!context.isOrganisation && ta && tb && arePatronymicForms(a.text, b.text))
    return { similarity: NAME_FORM, reason: "NAME_FORM" };
  if (context.isChinese) {
    const ra = readings(a.text);
    if (ra.length > 0 && readings(b.text).some((r) => ra.includes(r)))
      return { similarity: ROMANISATION, reason: "ROMANISATION" };
  }
  const korean =
    context.isKorean || a.tokens.some((t) => t.script === "HANGUL") || b.tokens.some((t) => t.script === "HANGUL");
  if (korean && altsA.some((x) => altsB.some((y) => koreanLoose(x) === koreanLoose(y))))
    return { similarity: ROMANISATION, reason: "ROMANISATION" };
  // one surname's customary spellings, which no rule of romanisation relates: 이 is RI in the North, LEE or YI in the
  // South (RI SOL JU, LEE SOL JU); 최 CHOE and CHOI
  if (context.isKorean && altsA.some((x) => surnameSpellingsAlike(x).some((y) => altsB.includes(y))))
    return { similarity: ROMANISATION, reason: "ROMANISATION" };

  // a Slavic surname's feminine form against its masculine one (BARYNOVA / BARANOV, KOWALSKA / KOWALSKI) names
  // another person: a sister, a wife, a mother
  if (!context.isOrganisation && ta?.role === "NAME" && tb?.role === "NAME" && otherGenderForms(a.text, b.text))
    return { similarity: 0, reason: "SPELLING" };
  // a name and the name formed from it (ABRAMOV / ABRAMOVICH, PETER / PETERSEN, ERIK / ERIKSSON): a father's or a
  // forebear's name made a surname is another name, however alike its first letters
  if (!context.isOrganisation && ta?.role === "NAME" && tb?.role === "NAME" && isDerivedName(a.text, b.text))
    return { similarity: 0, reason: "SPELLING" };
  // a word that says what kind of business a company is, against a word more than a typo away, is another word
  // (CONSTRUCTION / CONSTRUCTORS, TRADING / TRAINING): what it names differs, however alike the letters look
  // (a word read from Arabic as its English word keeps its transliteration: BANK MELLI's MELLI is ملی, NATIONAL)
  if (
    context.isOrganisation &&
    ta &&
    tb &&
    !ta.isTranslated &&
    !tb.isTranslated &&
    (GENERIC_BUSINESS_WORDS.has(a.text) || GENERIC_BUSINESS_WORDS.has(b.text)) &&
    damerau(a.text, b.text) > 1
  )
    return { similarity: 0, reason: "SPELLING" };
  // a spelling measure under PHONETIC_MIN_SPELLING is used by nothing (the phonetic lift starts there, a pair counts
  // from align.ts PAIR_FLOOR): the loops below measure only the pairs that can reach it, or beat the best so far
  let best: TokenMatch = { similarity: bestSpelling(altsA, altsB, PHONETIC_MIN_SPELLING), reason: "SPELLING" };
  // the diphthong AY written EI, EY, AI or AY (DEIF, DAYF; FEISAL, FAYSAL; HEIDAR, HAYDAR), J written DJ: spelt
  // alike, at most as two romanisations are
  if (ta?.script === "LATIN" && tb?.script === "LATIN" && (SPELT_TWO_WAYS.test(a.text) || SPELT_TWO_WAYS.test(b.text)))
    best.similarity = Math.max(
      best.similarity,
      Math.min(ROMANISATION, spelling(asOneSpelling(a.text), asOneSpelling(b.text))),
    );
  // a Ukrainian or Belarusian surname as their passports spell it against its Russian form: the ending Ў written U
  // (RAMANAU, KAVALYOU: -OV, -EV), Г written H (HRYTSENKO: GRITSENKO)
  if (ta?.script === "LATIN" && tb?.script === "LATIN" && isEastSlavicPair(a.text, b.text))
    best.similarity = Math.max(
      best.similarity,
      Math.min(ROMANISATION, spelling(asRussianForm(a.text), asRussianForm(b.text))),
    );
  // a Latin word's sounds may be far from its letters (GEORGE, DZHORDZH): every reading is tried, spelt against a
  // script written with vowels (an abjad's readings are compared by skeleton below)
  if (spellsAlike)
    for (const [xs, ys] of [
      [soundsA, altsB],
      [altsA, soundsB],
    ] as const)
      best.similarity = Math.max(best.similarity, closestOf(xs, ys, Math.max(best.similarity, PHONETIC_MIN_SPELLING)));
  if (
    best.similarity < PHONETIC &&
    best.similarity >= PHONETIC_MIN_SPELLING &&
    a.text.length >= 3 &&
    b.text.length >= 3 &&
    // a word of another script by any of its readings (ชินวัตร: CHINWAT, CHINWATR ~ SHINAWATRA)
    coded(a, altsA).some((x) => coded(b, altsB).some((y) => sharesCode(x, y)))
  )
    best = { similarity: PHONETIC, reason: "PHONETIC" };
  // token by token: a skeleton of two or three consonants says too little to also stand for a run of words
  if (context.transcribed && ta && tb) {
    const [transcribedSide, latinSide] = context.transcribed === "QUERY" ? [a.text, b.text] : [b.text, a.text];
    const system = context.transcriptionSystem ?? "PINYIN";
    for (const sp of transcriptionSkeletons(system, transcribedSide))
      for (const sl of latinSkeletonsFor(system, latinSide)) {
        const isShort = Math.min(sp.length, sl.length) < TRANSCRIPTION_FUZZY_MIN;
        if (sp.length < TRANSCRIPTION_MIN || sl.length < TRANSCRIPTION_MIN || (isShort && sp !== sl)) continue;
        const similarity = Math.min(TRANSCRIPTION, spelling(sp, sl));
        if (similarity > best.similarity) best = { similarity, reason: "TRANSCRIPTION" };
      }
  }
  if (context.isAbjad && !isTooShortForRun(a, b) && !isTooShortForRun(b, a)) {
    // by a Latin word's sounds only the same skeleton of three consonants or more counts: an abjad's skeletons are
    // short, and a near or short one found among a dozen readings is chance (WILLIAMS read WIYIAMS is MS, as משה is)
    // the long vowels judged in Arabic letters only: Hebrew's and the Indic scripts' readings write vowels otherwise
    // a run's too: CHO IL WOO is not خلیل, whose ی its vowels leave out
    const abjad: AbjadSide = readFromArabic(a, b) ? "A" : readFromArabic(b, a) ? "B" : null;
    // and the Latin spellings open as the Arabic name word does: ی and و as consonants, a consonant as one
    const [opensA, opensB] = [opensAs(abjad === "B" ? b : null), opensAs(abjad === "A" ? a : null)];
    const [readA, readB] = [asRead(a, altsA), asRead(b, altsB)];
    const bySound = sameSkeleton(opensA(soundsA), readB, abjad) || sameSkeleton(readA, opensB(soundsB), abjad);
    const [formsA, formsB] = [opensA(againstArabic(a, readA, b)), opensB(againstArabic(b, readB, a))];
    const found = bySound ? 1 : bestSkeletonSpelling(formsA, formsB, abjad, nearSkeleton(a, b, spelling));
    // the same skeleton with a vowel the Arabic word cannot have, or no Latin spelling opening as it does, is another
    // name however alike the letters (HAMD, حامد, and HAMMADOU by their phonetic code; WLY, ولی, and ALI)
    const unopened = abjad && (formsA.length === 0 || formsB.length === 0);
    if (found === null || unopened) return { similarity: 0, reason: "SKELETON" };
    if (SKELETON_WEIGHT * found > best.similarity) best = { similarity: SKELETON_WEIGHT * found, reason: "SKELETON" };
  }
  // an organisation's word of three letters or fewer is an acronym or a code: another letter is another one (ZTE, ZTT),
  // however alike they sound. Not a word written in an abjad: its short reading is its consonants (الحق, HQ: AL-HAQ)
  const isAbjadWord = ta?.script === "ABJAD" || tb?.script === "ABJAD";
  if (context.isOrganisation && ta && tb && !isAbjadWord && Math.max(a.text.length, b.text.length) <= 3)
    return { similarity: 0, reason: "SPELLING" };
  return best;
}

// A screening compares each span of the query with the words of up to thousands of entries, and entries share words
// (a common given name in hundreds of them). compareSpans answers from the two spans' words and the context only (not
// from where a span stands in its name), so its answer for one query span and one word of the other side is kept with
// the query's span (for the one screening), and given again for every entry that has the same word. A word is known
// by a number given to its content (its letters and every property of it); a run of words is not kept (few repeat)
const kept = new WeakMap<Span, Map<string, Map<number, TokenMatch>>>();
const contentIds = new Map<string, number>();
const wordIds = new WeakMap<Span, number>();
let nextContentId = 0;
const KEPT_PER_SPAN = 20_000;
const CONTENTS_KEPT = 100_000;
const wordIdOf = (span: Span) => {
  let id = wordIds.get(span);
  if (id === undefined) {
    const content = JSON.stringify(span.tokens[0]);
    id = contentIds.get(content);
    if (id === undefined) {
      // a number is never given twice: a word numbered again after the clearing only finds fewer answers kept
      if (contentIds.size >= CONTENTS_KEPT) contentIds.clear();
      contentIds.set(content, (id = nextContentId++));
    }
    wordIds.set(span, id);
  }
  return id;
};

/** The key of a comparison context, for compareSpansKept: every field it has, in one order. */
export const contextKeyOf = (context: CompareContext) => JSON.stringify(context, Object.keys(context).sort());

/** compareSpans, its answer kept for `a` and the word `b` in the context `contextKey` (contextKeyOf). */
export function compareSpansKept(a: Span, b: Span, context: CompareContext, contextKey: string): TokenMatch {
  const word = single(b);
  if (!word || word.text !== b.text) return compareSpans(a, b, context);
  let byContext = kept.get(a);
  if (!byContext) kept.set(a, (byContext = new Map()));
  let answers = byContext.get(contextKey);
  if (!answers) byContext.set(contextKey, (answers = new Map()));
  const id = wordIdOf(b);
  const known = answers.get(id);
  if (known) return { ...known };
  if (answers.size >= KEPT_PER_SPAN) answers.clear();
  const match = compareSpans(a, b, context);
  answers.set(id, { ...match });
  return match;
}

/** The same letters in another order (NITPU ~ PUTIN), 4+ of them. */
function isShuffleOf(a: string, b: string): boolean {
  return a.length >= SHUFFLED_MIN && a.length === b.length && sameLetters(a, b);
}

const codeCache = new Map<string, string[]>();
const codesOf = (token: string) => cached(codeCache, token, (t) => metaphoneCodes(t).filter((c) => c.length >= 2));
function sharesCode(a: string, b: string): boolean {
  const codes = codesOf(a);
  return codesOf(b).some((c) => codes.includes(c));
}
