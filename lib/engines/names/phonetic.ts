import { doubleMetaphone } from "double-metaphone";
import { chineseReadings } from "@/lib/engines/names/chinese";
import { ACRONYM_MAX, ACRONYM_SKIPPABLE } from "@/lib/engines/names/legal-forms";
import { acronymWithoutForm } from "@/lib/engines/names/organisation-words";
import { consonantSkeleton } from "@/lib/engines/names/abjad";
import type { NameToken, NormalizedName } from "@/lib/engines/names/normalize";
import { assimilatedForms } from "@/lib/engines/names/person-words";
import { latinSkeletonsFor, transcriptionSkeletons } from "@/lib/engines/names/transcription";

// Blocking keys: an entry is scored only when it shares at least one key with the screened name (GIN `&&` in
// SQL). Double metaphone codes catch spelling variants (GADDAFI / QADHAFI → KTF); consonant skeletons,
// prefixed "~" so they never collide with a code, catch vowel-less abjad transliterations (خالد → KHLD). Two
// adjacent name tokens also give the keys of their joined form (a query written SERGEILAVROV finds SERGEI LAVROV),
// and a name that reads as Chinese gives its Pinyin readings, prefixed "zh:" (HSI CHIN PING finds XI JINPING).

export function metaphoneCodes(token: string): string[] {
  if (token.length < 2 || /^\d+$/.test(token)) return [];
  const [primary, secondary] = doubleMetaphone(token);
  return [...new Set([primary, secondary].filter((code) => code.length > 0))];
}

export function skeletonKey(token: string): string | null {
  const skeleton = consonantSkeleton(token);
  return skeleton.length >= 2 ? `~${skeleton}` : null;
}

// legal forms, stop words, particles and initials would put half the list in every candidate set
const KEYED: ReadonlySet<NameToken["role"]> = new Set(["NAME", "NUMBER"]);

// a typo can change a token's codes (GLENMORE / GLENCORE, CHEVON / CHEVRON): its first and last three letters,
// prefixed "<" and ">", are keys too
const AFFIX_MIN = 5;
// two letters swapped at the start of a short token change its codes and its first letters (ARIM / RAIM): a short
// token's letters in alphabetical order, prefixed "#", are a key too (a longer one keeps its last three letters)
const LETTERS_MIN = 3;
const LETTERS_MAX = 6;

// a foreign name transcribed in Han (transcription.ts) shares no code with its Latin original (TELANGPU / TRUMP):
// every Latin name token of an entry stores its sound skeleton, prefixed "^", and a transcribed query looks its
// Pinyin's skeleton up; only skeletons of 3+ consonants, a shorter one names half the list
const SOUND_MIN = 3;

function soundKeys(name: NormalizedName, side: "ENTRY" | "QUERY", keys: Set<string>): void {
  if (side === "QUERY" && !name.isTranscription) return;
  for (const part of name.parts) {
    if (part.role !== "NAME" || part.script === "HAN" || part.script === "HANGUL" || part.script === "KANA") continue;
    if (side === "ENTRY" && name.isTranscription) continue;
    // an entry stores its skeleton as Pinyin and katakana compare with it, and as Hangul does (F, V, W as B)
    const skeletons = name.isTranscription
      ? transcriptionSkeletons(name.transcriptionSystem ?? "PINYIN", part.text)
      : [...latinSkeletonsFor("PINYIN", part.text), ...latinSkeletonsFor("HANGUL", part.text)];
    for (const skeleton of skeletons) if (skeleton.length >= SOUND_MIN) keys.add(`^${skeleton}`);
  }
}

function keysOf(name: NormalizedName, withSkeletons: boolean, keys: Set<string>, affixJoined = false): void {
  // a generation (JR, III) finds nobody by itself: every namesake's son carries it
  const named = name.parts.filter((p) => !p.isGeneration);
  const joinable = named.filter((p) => p.role !== "LEGAL_FORM" && p.role !== "STOPWORD");
  const parts = named.filter((p) => KEYED.has(p.role));
  for (const part of parts) {
    if (part.script === "HAN") continue;
    if (part.text.length >= AFFIX_MIN) {
      keys.add(`<${part.text.slice(0, 3)}`);
      keys.add(`>${part.text.slice(-3)}`);
    }
    if (part.role === "NAME" && part.text.length >= LETTERS_MIN && part.text.length <= LETTERS_MAX)
      keys.add(`#${[...part.text].sort().join("")}`);
  }
  // an organisation's acronym finds the words it abbreviates and back (acronym keys prefixed "acr:")
  if (name.kind === "ORGANIZATION") {
    for (const part of parts)
      if (part.text.length >= 2 && part.text.length <= ACRONYM_MAX) {
        keys.add(`acr:${part.text}`);
        // and without a legal form that ends it, which the words may leave out (PDVSA: PETROLEOS DE VENEZUELA)
        const initials = acronymWithoutForm(part.text);
        if (initials) keys.add(`acr:${initials}`);
      }
    // the initials of its runs of words, each word an acronym may skip (AL, IN: HTS, AQAP; a stop word: MODAFL)
    // counted or skipped, a legal form by its letters as written (NIOC, PDVSA) or skipped (align.ts, isAcronymOf)
    const all = name.parts;
    const initials = (from: number, letters: string): void => {
      if (letters.length >= 2 && letters.length <= ACRONYM_MAX) keys.add(`acr:${letters}`);
      if (letters.length >= ACRONYM_MAX || from === all.length) return;
      const word = all[from]!;
      if (word.role === "LEGAL_FORM") for (const l of word.letters ?? []) initials(from + 1, letters + l);
      else if (KEYED.has(word.role) || word.role === "STOPWORD") initials(from + 1, letters + word.text[0]);
      if (!KEYED.has(word.role) || ACRONYM_SKIPPABLE.has(word.text)) initials(from + 1, letters);
    };
    all.forEach((part, i) => KEYED.has(part.role) && initials(i + 1, part.text[0]!));
  }
  for (let i = 0; i < joinable.length; i++) {
    const part = joinable[i]!;
    const forms = KEYED.has(part.role) ? [part.text, ...part.alts, ...(part.zoneForms ?? [])] : [];
    // joined with the next one or two (RAMI MAKHLOUF ~ RAMIMAKHLOUF, VAN DER BILT ~ VANDERBILT)
    for (const length of [2, 3]) {
      const run = joinable.slice(i, i + length);
      if (run.length !== length || !run.some((p) => KEYED.has(p.role))) continue;
      const joined = run.map((p) => p.text).join("");
      forms.push(joined, ...assimilatedForms(run));
      // a screened name split in two whose joined form has a typo at one end (ANDRANG HETA ~ NDRANGHETA): its
      // affixes as a single token's are
      if (affixJoined) {
        keys.add(`<${joined.slice(0, 3)}`);
        keys.add(`>${joined.slice(-3)}`);
      }
    }
    for (const form of forms) {
      for (const code of metaphoneCodes(form)) keys.add(code);
      if (withSkeletons) {
        const skeleton = skeletonKey(form);
        if (skeleton) keys.add(skeleton);
      }
      if (name.isChineseLike) for (const reading of chineseReadings(form)) keys.add(`zh:${reading}`);
    }
  }
}

/** Keys stored for an entry: codes and skeletons of every name token of every name (a Latin alias must be findable from an Arabic query). */
export function entryPhoneticKeys(names: readonly NormalizedName[]): string[] {
  const keys = new Set<string>();
  for (const name of names)
    for (const form of [name, ...name.readings]) {
      keysOf(form, true, keys);
      soundKeys(form, "ENTRY", keys);
    }
  return [...keys].sort();
}

/** Keys a screened name looks up: its codes, plus skeletons when it was written in an abjad. */
export function queryPhoneticKeys(name: NormalizedName): string[] {
  const keys = new Set<string>();
  for (const form of [name, ...name.readings]) {
    keysOf(form, form.isAbjad, keys, true);
    soundKeys(form, "QUERY", keys);
  }
  return [...keys].sort();
}
