import { maghrebiSpellings } from "@/lib/engines/names/abjad";
import { ACRONYM_MAX } from "@/lib/engines/names/legal-forms";
import type { NameToken } from "@/lib/engines/names/normalize";
import { assimilatedForms } from "@/lib/engines/names/person-words";

// A span is one word of a name, or a run of its words compared as one word of the other name (SANAA ALLAH against
// SANAULLAH, ABD AL RAHMAN against ABDURRAHMAN).

export type Span = { text: string; tokens: readonly NameToken[] };

export const single = (span: Span) => (span.tokens.length === 1 ? span.tokens[0]! : null);

const MAX_JOIN = 3;

export type IndexedSpan = Span & { start: number; end: number; acronymOnly?: boolean };

function spansOf(parts: readonly NameToken[], isOrganisation: boolean): IndexedSpan[] {
  const spans: IndexedSpan[] = [];
  for (let i = 0; i < parts.length; i++) {
    for (let n = 1; n <= MAX_JOIN && i + n <= parts.length; n++) {
      const tokens = parts.slice(i, i + n);
      if (n > 1 && tokens.some((t) => t.role === "LEGAL_FORM" || t.role === "STOPWORD" || t.role === "NUMBER")) break;
      const text = tokens.map((t) => t.text).join("");
      spans.push({ text, tokens, start: i, end: i + n });
      // written joined, the article before a sun letter is spoken as that letter: SALAH AL DIN is SALAHUDDIN,
      // ABD AL RAHMAN ABDURRAHMAN, NUR AL DIN NUREDDIN
      for (const assimilated of assimilatedForms(tokens))
        spans.push({ text: assimilated, tokens, start: i, end: i + n });
    }
    if (isOrganisation) spans.push(...acronymSpans(parts, i));
  }
  // a person's run of more words than MAX_JOIN, names and particles only, as one word: against a word that writes it
  // joined (GABRIELJOKRIAKMAKOL), which isJoinedApart then cuts into its words
  if (!isOrganisation)
    for (let i = 0; i < parts.length; i++)
      for (let n = MAX_JOIN + 1; n <= LONG_RUN_MAX && i + n <= parts.length; n++) {
        const tokens = parts.slice(i, i + n);
        if (tokens.some((t) => t.role !== "NAME" && t.role !== "PARTICLE")) break;
        spans.push({ text: tokens.map((t) => t.text).join(""), tokens, start: i, end: i + n });
      }
  return spans;
}

/**
 * An organisation's runs from token i that only an acronym can stand for: more name words than a run joins, or name
 * words with stop words between them, which an acronym counts or skips (ISIL ~ ISLAMIC STATE OF IRAQ AND THE LEVANT,
 * MODAFL ~ MINISTRY OF DEFENSE AND ARMED FORCES LOGISTICS), or name words and the legal form that ends them (NIOC ~
 * NATIONAL IRANIAN OIL COMPANY).
 */
function acronymSpans(parts: readonly NameToken[], i: number): IndexedSpan[] {
  const spans: IndexedSpan[] = [];
  if (parts[i]!.role !== "NAME") return spans;
  let words = 1;
  for (let end = i + 1; end < parts.length && words < ACRONYM_MAX; end++) {
    const role = parts[end]!.role;
    if (role === "STOPWORD") continue;
    if (role !== "NAME" && role !== "LEGAL_FORM") break;
    if (role === "NAME") words += 1;
    const tokens = parts.slice(i, end + 1);
    if (words > MAX_JOIN || tokens.length > words)
      spans.push({ text: tokens.map((t) => t.text).join(""), tokens, start: i, end: end + 1, acronymOnly: true });
    if (role === "LEGAL_FORM") break;
  }
  return spans;
}

// A name's spans, made once per name and kind: a screening compares its name with up to 2,000 candidates, and a
// list's cached names (entry-names.ts, at most 100,000) meet many screenings. Nothing changes a span or its tokens once
// made; the spans go with their name. Their cost: ~35 MB of heap per 50,000 cached names (at most ~70 MB), for 7–16 %
// less scoring time than making a candidate's spans for each alignment (docs/benchmarks.md, twenty-eighth round).
const spanCache = { organisation: new WeakMap<object, IndexedSpan[]>(), other: new WeakMap<object, IndexedSpan[]>() };
export function cachedSpans(parts: readonly NameToken[], isOrganisation: boolean): IndexedSpan[] {
  const cache = isOrganisation ? spanCache.organisation : spanCache.other;
  let spans = cache.get(parts);
  if (!spans) {
    spans = spansOf(parts, isOrganisation);
    cache.set(parts, spans);
  }
  return spans;
}

// a run of words written in an abjad compared as one (ثناء اللہ, THANA or SANA ALLAH, against SANAULLAH) in its words'
// other readings too, the first of each first; capped, as one word's readings are. Other scripts' runs keep the
// spelling of their words joined: their words' other spellings are whole words' (a Korean surname's), never needed
// joined, and each would multiply the comparisons of every run
const RUN_SPELLINGS_MAX = 6;
const spellingsKnown = new WeakMap<Span, readonly string[]>();
/**
 * A span's spellings, the one shown first: a word's own and its alternatives; a run's, its words' joined. Kept with
 * the span (a name's spans are kept: `cachedSpans`), as a screening compares each span with many.
 */
export function spellingsOf(span: Span): readonly string[] {
  let known = spellingsKnown.get(span);
  if (!known) spellingsKnown.set(span, (known = spellingsFor(span)));
  return known;
}

function spellingsFor(span: Span): string[] {
  const t = single(span);
  if (t) return [t.text, ...t.alts];
  const joined = span.tokens.map((x) => x.text).join("");
  // a run written otherwise than its words joined (an assimilated article: SALAHUDDIN) is that one spelling, and so is
  // a run with a word read as its English word (حركة: MOVEMENT), whose other readings are of another language
  if (span.text !== joined || span.tokens.some((x) => x.isTranslated || x.script !== "ABJAD")) return [span.text];
  let runs = [""];
  for (const x of span.tokens) {
    const next: string[] = [];
    for (const spelling of [x.text, ...x.alts])
      for (const run of runs) if (next.length < RUN_SPELLINGS_MAX) next.push(run + spelling);
    runs = next;
  }
  return [...new Set(runs)];
}

/**
 * Pairs whose words repeat on one side (MUHAMMAD twice in ABD AL-RAHMAN OULD MUHAMMAD AL-HUSAYN OULD MUHAMMAD SALIM)
 * take the other side's words in their order: either pairing scores the same (the words swapped are the same text),
 * and the choice by similarity alone could cross them, which would read as words out of order.
 */
export function uncrossRepeats(pairs: { a: Span & { start: number }; b: Span & { start: number } }[]): void {
  for (let swapped = true; swapped;) {
    swapped = false;
    for (const x of pairs)
      for (const y of pairs) {
        const crossed = x.a.start < y.a.start && y.b.start < x.b.start;
        if (!crossed || (x.a.text !== y.a.text && x.b.text !== y.b.text)) continue;
        if (x.a.text === y.a.text) [x.a, y.a] = [y.a, x.a];
        else [x.b, y.b] = [y.b, x.b];
        swapped = true;
      }
  }
}

/**
 * A person's word written joined in Latin letters against a run of the other name's words (MOHAMMADZAHID against
 * MOHAMMAD JAWAD, KIMJONGMAN against KIM JONG UN), alike only by its letters: the run's joined text is long, and one
 * whole name that differs inside it moves the letters' measure little, where written apart it would conflict as
 * another name. It is alike only where the word cuts into pieces, one per word of the run, each name's piece alike
 * that name as two words must be to pair (`alike`) and each particle's piece a short one or none (its sound joined:
 * ABDURAHMAN against ABD AL RAHMAN). Only a reading by letters or sounds: an exact or a romanised one is the same word;
 * a word of a script written without spaces (Hangul, kana) is read whole.
 */
export function isJoinedApart(
  a: Span,
  b: Span,
  reason: string,
  alike: (piece: string, token: NameToken) => boolean,
): boolean {
  if (reason !== "SPELLING" && reason !== "PHONETIC") return false;
  const [word, run] = a.tokens.length === 1 ? [a, b] : [b, a];
  if (word.tokens.length !== 1 || run.tokens.length < 2) return false;
  if ([...word.tokens, ...run.tokens].some((t) => t.script !== "LATIN")) return false;
  const cuts = (rest: string, from: number): boolean => {
    const token = run.tokens[from]!;
    const isName = token.role === "NAME";
    const fits = (piece: string) => (isName ? alike(piece, token) : piece.length <= PARTICLE_JOINED_MAX);
    if (from === run.tokens.length - 1) return fits(rest);
    for (let k = isName ? 1 : 0; k <= rest.length; k++)
      if (fits(rest.slice(0, k)) && cuts(rest.slice(k), from + 1)) return true;
    return false;
  };
  return !cuts(word.text, 0);
}
// a particle's sound in a joined word: none, UR, EL, BIN, OULD
const PARTICLE_JOINED_MAX = 4;

/** The most words of a person's name a word written joined is read against. */
const LONG_RUN_MAX = 8;

/** Two runs in order, the second wholly before the first: [2, 3, 0, 1]. */
export function isRotation(positions: readonly number[]): boolean {
  const descents = positions.flatMap((p, i) => (i > 0 && p < positions[i - 1]! ? [i] : []));
  return descents.length === 1 && positions[positions.length - 1]! < positions[0]!;
}

type StartedPair = { a: Span & { start: number; end: number }; b: Span & { start: number; end: number } };

/**
 * Where each name's second block starts when the pairs form a rotation (the first words aligned on one side are the
 * last on the other: a surname written first), as the index of the first word after the first block; null when they
 * do not. A word left over between the blocks goes with the block after it.
 */
export function rotationCuts(pairs: readonly StartedPair[]): { a: number; b: number } | null {
  const byA = [...pairs].sort((x, y) => x.a.start - y.a.start);
  const positions = byA.map((p) => p.b.start);
  if (positions.length < 2 || !isRotation(positions)) return null;
  const descent = positions.findIndex((p, i) => i > 0 && p < positions[i - 1]!);
  return { a: byA[descent - 1]!.a.end, b: Math.max(...byA.slice(descent).map((p) => p.b.end)) };
}

/**
 * The pairs of pairs that cross (a later screened word aligned with an earlier listed one), where a name's words
 * moved as one block from the end to the front (its surname written first) cross once, however many pairs that is.
 */
export function crossingsOf(pairs: readonly StartedPair[]): number {
  const positions = [...pairs].sort((x, y) => x.a.start - y.a.start).map((p) => p.b.start);
  let crossings = 0;
  for (let i = 0; i < positions.length; i++)
    for (let j = i + 1; j < positions.length; j++) if (positions[j]! < positions[i]!) crossings++;
  return crossings > 1 && isRotation(positions) ? 1 : crossings;
}

/** Every order of `xs` (at most PERMUTED_MAX of them: a word written five times is not searched). */
function permutations<T>(xs: readonly T[]): T[][] {
  if (xs.length <= 1) return [[...xs]];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}
const PERMUTED_MAX = 4;

/**
 * The crossings of `pairs` once the words a side writes more than once are paired so that the name crosses least
 * (the pairs are changed in place). uncrossRepeats takes them in their order, which crosses least but where the name's
 * words moved as a block: AL-QADULI 'ABD AL-RAHMAN MUSTAFA against 'ABD AL-RAHMAN MUSTAFA AL-QADULI, the surname
 * written first, has QADULI's article paired with RAHMAN's by their order, and then crosses nine times rather than
 * once. Either pairing scores the same (the words exchanged are the same text).
 */
export function leastCrossings(pairs: StartedPair[]): number {
  let least = crossingsOf(pairs);
  if (least <= 1) return least;
  for (const side of ["a", "b"] as const) {
    const groups = new Map<string, StartedPair[]>();
    for (const p of pairs) groups.set(p[side].text, [...(groups.get(p[side].text) ?? []), p]);
    for (const group of groups.values()) {
      if (group.length < 2 || group.length > PERMUTED_MAX) continue;
      let best = group.map((p) => p[side]);
      for (const order of permutations(best)) {
        group.forEach((p, i) => (p[side] = order[i]!));
        const crossings = crossingsOf(pairs);
        if (crossings < least) [least, best] = [crossings, order];
      }
      group.forEach((p, i) => (p[side] = best[i]!));
    }
  }
  return least;
}

/**
 * A Latin word's spellings with its French spellings of Arabic names, against a word read from Arabic letters (not
 * Hebrew: MICHI is no משה). A word's only: a run's joined letters are no word's (ALI MOHAMMED joined is no article
 * before IMOHAMMED).
 */
export const againstArabic = (span: Span, forms: readonly string[], other: Span): readonly string[] =>
  span.tokens.length === 1 && span.tokens[0]!.script === "LATIN" && other.tokens.every((t) => t.isArabic)
    ? [...forms, ...forms.flatMap(maghrebiSpellings)]
    : forms;

// a letter pair one sound: KH, SH, TH, DH, GH, ZH, CH (خ read KH, written H or K in Latin), DJ (ج in the Maghreb)
const letterCount = (spelling: string) => spelling.replace(/(?<=[KSTDGZC])H|(?<=D)J/g, "").length;
// a spelling's consonants, a doubled one once, not the semivowels an abjad writes long vowels with, nor V, which و and
// व are read as too (HAQQANI: H, Q, N)
const consonantCount = (spelling: string) => letterCount(spelling.replace(/(.)\1+/g, "$1").replace(/[AEIOUYWV]/g, ""));
// a run of Latin words joined, the article a word ends with left out (ABDUL: ABDU)
const latinLetters = (tokens: readonly NameToken[]) => tokens.map((t) => t.text.replace(/(?<=..)UL$/, "U")).join("");
// does every name word of a Latin run bring a consonant of its own, not one its neighbour's merges with (AYUB's B into
// BASHIR's: AYUB BASHIR is بشیر's B, SH, R and nothing more)? Not an article, which Latin writes as the abjad's
// assimilated article sounds (ABD AL LATIF: عبداللطيف)
const everyWordCounts = (tokens: readonly NameToken[]) => {
  const all = consonantCount(latinLetters(tokens));
  return tokens.every(
    (t, i) => t.role === "PARTICLE" || consonantCount(latinLetters(tokens.filter((_, j) => j !== i))) < all,
  );
};
const isAbjadRun = (run: Span) => run.tokens.length > 1 && run.tokens.every((t) => t.script === "ABJAD");
const isLatinRun = (run: Span) => run.tokens.length > 1 && run.tokens.every((t) => t.script === "LATIN");

/**
 * A word too short to stand for a run of words of the other script, whose skeleton it may yet share. An abjad writes
 * no short vowels, so:
 * - a Latin spelling of a run of abjad words is about as long as their reading or longer (ABUBAKAR: ABW BKR;
 *   SANAULLAH: SNA ALLH), with one letter's grace for a letter Latin leaves out (ع, ء). HOCINE, six letters, is no
 *   YAHYA HAQQANI read YHYA HQANY (nine);
 * - an abjad word writes every consonant of a run of Latin words it spells (ABU BAKR: ابوبكر; محمود, M, H, M, D, is
 *   not MOHAMED ALI), but for an article Latin ends a word with and the abjad writes with the next word (ABDUL BASIR:
 *   عبد البصیر). حقانی (H, Q, N) is not YAHYA HAQQANI (H, H, Q, N); and each Latin word brings a consonant of its own
 *   to the count (بشیر is not AYUB BASHIR, whose B its B merges with).
 */
export function isTooShortForRun(word: Span, run: Span): boolean {
  const w = single(word);
  if (w?.script === "LATIN" && isAbjadRun(run))
    return letterCount(w.text) < Math.min(...spellingsOf(run).map(letterCount)) - 1;
  if (w?.script === "ABJAD" && isLatinRun(run))
    return (
      !everyWordCounts(run.tokens) ||
      consonantCount(latinLetters(run.tokens)) > Math.max(...spellingsOf(word).map(consonantCount))
    );
  return false;
}

type Choice = { a: { start: number }; b: { start: number }; similarity: number };
/**
 * How many partners at least as alike a pair's words have, the fewer of its two words' counts: of two pairs as alike,
 * the one whose word has fewer other choices goes first, so a word with one partner keeps it (محمود with MAHMOUD, not
 * محمد, which has MOHAMED too). Counted once per pair, when ties ask for it.
 */
export function choicesOf<P extends Choice>(pairs: readonly P[]): (pair: P) => number {
  const known = new Map<P, number>();
  return (pair) => {
    let n = known.get(pair);
    if (n === undefined) {
      const alike = pairs.filter((o) => o.similarity >= pair.similarity);
      n = Math.min(
        alike.filter((o) => o.a.start === pair.a.start).length,
        alike.filter((o) => o.b.start === pair.b.start).length,
      );
      known.set(pair, n);
    }
    return n;
  };
}
