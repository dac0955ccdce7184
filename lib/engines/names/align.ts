import type { NameToken, NormalizedName } from "@/lib/engines/names/normalize";
import { compareSpans, compareSpansKept, contextKeyOf, type MatchReason } from "@/lib/engines/names/token-similarity";
import {
  cachedSpans,
  choicesOf,
  isJoinedApart,
  leastCrossings,
  rotationCuts,
  uncrossRepeats,
  type IndexedSpan,
} from "@/lib/engines/names/spans";
import { GENERIC_BUSINESS_WORDS, GROUP_WORDS } from "@/lib/engines/names/generic-words";
import { isKoreanName, isKoreanSyllable } from "@/lib/engines/names/korean";
import { pinyinOfSyllable } from "@/lib/engines/names/chinese";
import { commonTokensOf, FULL_WEIGHT, type TokenRarity } from "@/lib/engines/names/token-rarity";
import { acronymSimilarity } from "@/lib/engines/names/organisation-words";
import { GENEALOGY, isMinorPair, joinsArticle, middleLinks, namesAncestor } from "@/lib/engines/names/genealogy";
import {
  articleAsStopWord,
  isOtherOfSeries,
  isTranslatedName,
  sharesOnlyGenericWords,
} from "@/lib/engines/names/organisation-shapes";

// Order-aware alignment of a screened name with a list name.
//   spans      every token, and runs of 2–3 adjacent name tokens joined (SERGEI LAVROV ~ SERGEILAVROV, VAN DER
//              BILT ~ VANDERBILT, JIN PING ~ JINPING); in an organisation's name, runs of 4–6 name words, or of name
//              words with stop words between, against one word only as its acronym (IRGC, ISIL)
//   pairs      one-to-one, greedy by similarity (pairs under PAIR_FLOOR do not align); a token is used once
//   weights    name and number 1, initial 0.7, legal form 0.3, particle 0.2, stop word 0.1; in parentheses, or an
//              organisation's country or continent (place-words.ts), × 0.3
//              (in full when both sides have tokens left over: two different qualifiers conflict); a name token's
//              weight × its rarity in the list screened (token-rarity.ts: MOHAMMED or ALI say little; persons); an
//              aligned pair takes the rarity of its list side, a left-over token its own; a conflict weighs in full
//   score      Σ weight·similarity over the pairs
//              / (Σ weight of the pairs + CONFLICT × conflicting
//                 + (1 + extra / (2 × Σ weight of the pairs)) × (EXTRA_QUERY × extra screened + EXTRA_LIST × extra listed))
//              where tokens left over on BOTH sides conflict (William G. Frost ≠ William W. Frost) as far as they
//              weigh on the lighter side (two different legal forms left over conflict as names do: AG ≠ GmbH), the
//              rest is extra: a middle name or patronymic the other side omits; an organisation's screened name that
//              adds words to an entry's whole name costs EXTRA_QUERY_ORGANISATION per extra
//   covered    a person's list name of 2+ name tokens all aligned, with only the screened side adding tokens (lists
//              write short names: ANJEM CHOUDARY for ANJEM IFTIKHAR CHOUDARY MAHMOOD): the screened extras cost
//              EXTRA_COVERED instead of EXTRA_QUERY. The other way (IVAN against IVAN SIDOROV) keeps its full cost.
//   order      × ORDER_FACTOR per pair of pairs that cross (a later screened token aligned with an earlier listed
//              one): SALMAN BIN MUHAMMAD is not MUHAMMAD BIN SALMAN; a surname's particle (DE, VAN) moves with its
//              surname and crosses nothing; a person's names moved as one block from the end to the front (the
//              surname first: PUTIN VLADIMIR VLADIMIROVICH) cross once
//   1.0        only for the same name: every token aligned exactly, in order, nothing left over (else ≤ 0.99)
//   generic    two organisations' names whose aligned words are all generic business words (MANAGEMENT, TRADING:
//              generic-words.ts), one side naming something more: at most GENERIC_ONLY, under the threshold
//   series     two organisations' names alike but for their numbers (ZU ZAG BONG 5 / 6, FUND X / XI, TRUST 2004-1 /
//              2004-2, or a number on one side only: SOLUTIONS II DENMARK / SOLUTIONS DENMARK): another vessel, fund,
//              trust or company of the same series, scored as if the numbers were not there
//              and at most SERIES — a possible match the reviewer sees with both numbers, never a strong one
// The constants were chosen on the development pairs (docs/accuracy.md), not per case.

export const PAIR_FLOOR = 0.78;
export const CONFLICT = 3;
export const EXTRA_QUERY = 0.3;
export const EXTRA_LIST = 0.2;
export const EXTRA_COVERED = 0.15;
export const EXTRA_QUERY_ORGANISATION = 0.6;
export const ORDER_FACTOR = 0.85;
/** at most this (under the default threshold) for two organisations' names sharing only generic business words */
export const GENERIC_ONLY = 0.6;
/** at most this (under the default threshold) for a person's father or grandfather named by the listed genealogy */
export const ANCESTOR = 0.6;
/** at most this (over the default threshold, under the strong band) for two organisations alike but for a number */
export const SERIES = 0.8;
const NOT_SAME = 0.99;

const WEIGHT: Record<NameToken["role"], number> = {
  NAME: 1,
  NUMBER: 1,
  INITIAL: 0.7,
  LEGAL_FORM: 0.3,
  PARTICLE: 0.2,
  STOPWORD: 0.1,
};
const RARITY_ROLES: ReadonlySet<NameToken["role"]> = new Set(["NAME", "NUMBER"]);
// a qualifier (in parentheses, or a place beside an organisation's name) both sides carry is part of the name they
// share and weighs in full; only where one side lacks it does it weigh little (alignNames' leftovers)
const roleWeight = (t: NameToken) => WEIGHT[t.role];

export type AlignedPair = { query: string; list: string; similarity: number; reason: MatchReason };
export type Alignment = {
  score: number;
  pairs: AlignedPair[];
  /** tokens of each side that found no counterpart */
  unmatchedQuery: string[];
  unmatchedList: string[];
  /** aligned pairs out of order */
  crossings: number;
  /** tokens weighed less because the list screened uses them often (token-rarity.ts), for the reviewer */
  commonTokens: { token: string; weight: number }[];
  /** the same organisation's name with another number (the series rule), for the reviewer */
  otherNumber?: boolean;
};

const isInitialAgainstRun = (a: IndexedSpan, b: IndexedSpan) => a.tokens[0]!.role === "INITIAL" && b.tokens.length > 1;
// a run of more words than MAX_JOIN (spans.ts) is there for a word that writes it all joined, about as long: against a
// word of less than half its letters it would only be measured to fall short (most pairs of a long name's screening)
const isLongRunAgainstShorter = (run: IndexedSpan, word: IndexedSpan) =>
  !run.acronymOnly && run.tokens.length > 3 && word.text.length * 2 < run.text.length;

const round = (x: number) => Math.round(x * 1000) / 1000;

// a token's rarity weight in the list screened; persons' names only: on organisations' names it cost recall on the
// development pairs and saved no false hit (docs/accuracy.md)
const rarityIn = (query: NormalizedName, rarity: TokenRarity) => {
  const r = query.kind === "PERSON" ? rarity : FULL_WEIGHT;
  return (t: NameToken) => (RARITY_ROLES.has(t.role) ? r(t.text) : 1);
};

/** `rarity`: how much each token says in the list screened (token-rarity.ts); every token in full without it. */
export function alignNames(
  query: NormalizedName,
  candidate: NormalizedName,
  rarity: TokenRarity = FULL_WEIGHT,
): Alignment {
  return align(query, candidate, rarity, true)!;
}

/**
 * alignNames where some pair of spans aligns; null where none does (the score is 0). Screening discards a score of 0
 * (score.ts scoreEntry), so it skips building the reviewer's details of the 95 % of candidates that align nothing.
 */
export function alignIfAny(
  query: NormalizedName,
  candidate: NormalizedName,
  rarity: TokenRarity = FULL_WEIGHT,
): Alignment | null {
  return align(query, candidate, rarity, false);
}

function align(
  query: NormalizedName,
  candidate: NormalizedName,
  rarity: TokenRarity,
  withDetails: boolean,
): Alignment | null {
  // an organisation's name written in Arabic letters has lost its article AL to the reading (القاعدة, QAIDA): the
  // other side's AL, written as Latin lists write it (AL-QAIDA), is then a stop word, not a word that side adds
  const isOrganisations = query.kind === "ORGANIZATION" && candidate.kind === "ORGANIZATION";
  const [q, c] = [
    articleAsStopWord(query.parts, isOrganisations && candidate.isAbjad),
    articleAsStopWord(candidate.parts, isOrganisations && query.isAbjad),
  ];
  const none = { score: 0, pairs: [], crossings: 0, commonTokens: [] };
  if (q.length === 0 || c.length === 0)
    return withDetails ? { ...none, unmatchedQuery: query.tokens, unmatchedList: candidate.tokens } : null;
  const context = {
    isAbjad: query.isAbjad || candidate.isAbjad,
    isChinese: query.isChineseLike && candidate.isChineseLike,
    isKorean: query.kind === "PERSON" && candidate.kind === "PERSON" && isKoreanName(query) && isKoreanName(candidate),
    isOrganisation: isOrganisations,
    // a foreign name transcribed in Han, katakana or Hangul on one side only: its sounds against the other side's
    transcribed:
      query.isTranscription && !candidate.isTranscription
        ? ("QUERY" as const)
        : candidate.isTranscription && !query.isTranscription
          ? ("LIST" as const)
          : null,
    transcriptionSystem: query.transcriptionSystem ?? candidate.transcriptionSystem ?? "PINYIN",
  };
  const [qs, cs] = [cachedSpans(q, context.isOrganisation), cachedSpans(c, context.isOrganisation)];
  // a piece of a person's word written joined, against one word of the other name's run (spans.ts isJoinedApart)
  const isPersons = query.kind === "PERSON" && candidate.kind === "PERSON";
  const pieceAlike = (piece: string, token: NameToken) =>
    compareSpans(
      {
        text: piece,
        tokens: [{ text: piece, script: "LATIN", native: null, alts: [], isOptional: false, role: "NAME" }],
      },
      { text: token.text, tokens: [token] },
      context,
    ).similarity >= PAIR_FLOOR;
  const scored: { a: IndexedSpan; b: IndexedSpan; similarity: number; reason: MatchReason; size: number }[] = [];
  const contextKey = contextKeyOf(context);
  for (const a of qs)
    for (const b of cs) {
      // joined on one side only: a run against a run is the sum of its single pairs; an initial stands for one name
      if (a.tokens.length > 1 && b.tokens.length > 1) continue;
      if (isLongRunAgainstShorter(a, b) || isLongRunAgainstShorter(b, a)) continue;
      if (isInitialAgainstRun(a, b) || isInitialAgainstRun(b, a)) continue;
      if (a.acronymOnly || b.acronymOnly) {
        const similarity = acronymSimilarity(a, b);
        if (similarity > 0) scored.push({ a, b, similarity, reason: "ACRONYM", size: 2 });
        continue;
      }
      const match = compareSpansKept(a, b, context, contextKey);
      if (match.similarity >= PAIR_FLOOR && !(isPersons && isJoinedApart(a, b, match.reason, pieceAlike)))
        scored.push({ a, b, ...match, size: a.tokens.length + b.tokens.length });
    }
  // no pair alike enough, as for most of a screening's candidates: nothing aligns, the score is 0
  if (scored.length === 0)
    return withDetails
      ? {
          ...none,
          unmatchedQuery: q.map((t) => t.text),
          unmatchedList: c.map((t) => t.text),
          commonTokens: commonTokensOf([...q, ...c], rarityIn(query, rarity)),
        }
      : null;
  const rarityOf = rarityIn(query, rarity);
  const inFull = (t: NameToken) => WEIGHT[t.role] * rarityOf(t);
  const weightOf = (t: NameToken) => inFull(t) * (t.isOptional ? 0.3 : 1);
  // best first; on a tie the pair covering more tokens, then the one whose word has fewer other partners as alike
  // (spans.ts `choicesOf`), then the one in order. Where a name written joined with its
  // article is a candidate (ABDULRAHMAN ~ ABD AL RAHMAN, ABDUL ~ ABD AL), a particle paired with a particle (AL with
  // AL) says little and comes last, so it does not take the article that name needs (ABDULRAHMAN AL TAMIMI against ABD
  // AL RAHMAN AL TAMIMI); elsewhere it keeps its place, so a particle does not join a name it only resembles (AHDAL
  // against ABD AL)
  const minorLast = scored.some((p) => joinsArticle(p.a, p.b) || joinsArticle(p.b, p.a));
  const choices = choicesOf(scored);
  scored.sort(
    (x, y) =>
      (minorLast ? Number(isMinorPair(x)) - Number(isMinorPair(y)) : 0) ||
      y.similarity - x.similarity ||
      y.size - x.size ||
      choices(x) - choices(y) ||
      Math.abs(x.a.start - x.b.start) - Math.abs(y.a.start - y.b.start),
  );
  const [usedQ, usedC] = [new Set<number>(), new Set<number>()];
  const aligned: typeof scored = [];
  for (const pair of scored) {
    const qi = range(pair.a.start, pair.a.end);
    const ci = range(pair.b.start, pair.b.end);
    if (qi.some((i) => usedQ.has(i)) || ci.some((j) => usedC.has(j))) continue;
    qi.forEach((i) => usedQ.add(i));
    ci.forEach((j) => usedC.add(j));
    aligned.push(pair);
  }
  uncrossRepeats(aligned);
  aligned.sort((x, y) => x.a.start - y.a.start);

  let matched = 0;
  let total = 0;
  for (const p of aligned) {
    // the list side's rarity: a misspelt screened token is rare by accident
    const rare = sum(p.b.tokens.map(rarityOf)) / p.b.tokens.length;
    const w = ((sum(p.a.tokens.map(roleWeight)) + sum(p.b.tokens.map(roleWeight))) / 2) * rare;
    matched += w * p.similarity;
    total += w;
  }
  const leftQ = q.filter((_, i) => !usedQ.has(i));
  const leftC = c.filter((_, j) => !usedC.has(j));
  // a qualifier in parentheses weighs little when the other side simply lacks it, but two different ones conflict
  // in full: Bank of China (Hong Kong) is not Bank of China (Singapore). A person's nickname in quotes (normalize.ts)
  // conflicts with no name the other side left over (EL CHAPO against a second surname): it is only more name. A
  // generation (JR, SR, III) likewise, but two different generations conflict in full: the father is not the son.
  // An organisation's group word (GROUP, CONCERN, PMC; generic-words.ts) conflicts with nothing: WAGNER GROUP and PMC
  // WAGNER name one group
  const isGroupWord = (t: NameToken) => context.isOrganisation && t.isOptional && GROUP_WORDS.has(t.text);
  const hasQualifier = (side: NameToken[], generation: boolean) =>
    side.some((t) => t.isOptional && !isGroupWord(t) && Boolean(t.isGeneration) === generation);
  const bothQualified = hasQualifier(leftQ, false) && hasQualifier(leftC, false);
  const bothGenerations = hasQualifier(leftQ, true) && hasQualifier(leftC, true);
  const isNickname = (t: NameToken) =>
    isGroupWord(t) || (query.kind === "PERSON" && t.isOptional && !(t.isGeneration ? bothGenerations : bothQualified));
  // an entry's name that adds only words saying what business it is in to the screened name (AEROFLOT against
  // AEROFLOT - RUSSIAN AIRLINES) is the entry's full name: those words weigh as a qualifier does. The other way round,
  // the screened name naming more, keeps their weight: another entity of the group (DEUTSCHE BANK TRUST COMPANY)
  const isBusinessKind = (t: NameToken) =>
    context.isOrganisation && leftQ.length === 0 && t.role === "NAME" && GENERIC_BUSINESS_WORDS.has(t.text);
  // an organisation's legal form left over on one side, and only a place, stop words or words of its kind of business
  // on the other (PJSC SBERBANK against SBERBANK OF RUSSIA): two details, each missing on the other side, not two
  // different things written in one place. A form against a form (AG / GmbH), a number (TRADING B.V. / TRADING 5) or
  // a distinctive word still conflicts
  // A legal form this project read from a name written in Hangul, Han, kana or Arabic letters (회사, 公司, شركة)
  // is the English word chosen for it, not the register's: against another form it is a detail too (단군무역회사
  // DANGUN TRADING COMPANY against DANGUN TRADING CORPORATION)
  const isForm = (t: NameToken) => t.role === "LEGAL_FORM";
  const formsTranslated = context.isOrganisation && (isTranslatedName(q) || isTranslatedName(c));
  const isDetail = (t: NameToken) =>
    t.role === "STOPWORD" ||
    (formsTranslated && isForm(t)) ||
    (t.role === "NAME" && (t.isOptional || GENERIC_BUSINESS_WORDS.has(t.text)));
  const formsAgainstWords = (forms: NameToken[], words: NameToken[]) =>
    forms.length > 0 && forms.every(isForm) && words.every(isDetail);
  const [namedQ, namedC] = [leftQ.filter((t) => !isNickname(t)), leftC.filter((t) => !isNickname(t))];
  const detailsOnly =
    context.isOrganisation && (formsAgainstWords(namedQ, namedC) || formsAgainstWords(namedC, namedQ));
  // an Arabic genealogy's middle links, on one side only (BIN MUHAMMAD BIN AWAD in USAMA BIN MUHAMMAD BIN AWAD BIN
  // LADIN against OSAMA BIN LADEN): short forms keep the person's own name and the family's and leave the ancestors
  // between them out, so those links weigh as a qualifier the other side lacks
  const links =
    query.kind === "PERSON" && (leftQ.length === 0) !== (leftC.length === 0)
      ? leftQ.length > 0
        ? middleLinks(q, usedQ)
        : middleLinks(c, usedC)
      : new Set<NameToken>();
  // stop words alone left over on one side are no words set against the other side's (AL in AL-QAIDA, whose
  // article the Arabic reading lost, against تنظيم's ORGANIZATION)
  const hasWords = (side: readonly NameToken[]) => side.some((t) => t.role !== "STOPWORD");
  const leftover = (t: NameToken) =>
    hasWords(leftQ) && hasWords(leftC) && !detailsOnly && !isNickname(t)
      ? inFull(t)
      : weightOf(t) * (isBusinessKind(t) || links.has(t) ? 0.3 : 1);
  const [uq, uc] = [sum(leftQ.map(leftover)), sum(leftC.map(leftover))];
  const [conflictQ, conflictC] = detailsOnly ? [[], []] : [namedQ, namedC];
  const conflict = Math.min(sum(conflictQ.map(leftover)), sum(conflictC.map(leftover)));
  // a conflict weighs in full however common its tokens: a different father's name (MOHAMED / AHMED) is a
  // different person
  // two different legal forms left over are two different entities (AG / GmbH, SAS / SARL), not a detail
  const formsConflict =
    !formsTranslated && leftQ.some((t) => t.role === "LEGAL_FORM") && leftC.some((t) => t.role === "LEGAL_FORM");
  const conflictWeight = (t: NameToken) => (t.role === "LEGAL_FORM" && formsConflict ? 1 : WEIGHT[t.role]);
  const fullConflict = Math.min(sum(conflictQ.map(conflictWeight)), sum(conflictC.map(conflictWeight)));
  // a Chinese or Korean given name is one name written in syllables: a syllable more on one side only is another
  // given name (LI KEQIANG is not LI QIANG, RI PYONG CHOL not RI CHOL), not a middle name the other side omits
  // (the other side a surname and a given name at least, every word of it found; the word left over one syllable)
  const whole = leftQ.length === 0 ? q : c;
  const isSyllable = (t: NameToken) =>
    (context.isChinese || context.isKorean) &&
    (leftQ.length === 0) !== (leftC.length === 0) &&
    whole.filter((w) => w.role === "NAME").length >= 2 &&
    t.role === "NAME" &&
    (context.isChinese ? pinyinOfSyllable(t.text).length > 0 : isKoreanSyllable(t.text));
  const [syllablesQ, syllablesC] = [leftQ.filter(isSyllable), leftC.filter(isSyllable)];
  const syllablesMore = sum([...syllablesQ, ...syllablesC].map((t) => WEIGHT[t.role]));
  // a legal form's place is the language's convention (ООО Газпром, Gazprom LLC; SARL X, X SARL): no crossing
  // a surname's particle goes where its surname goes (DE PFEFFEL JOHNSON, JOHNSON DE PFEFFEL): crossing one says
  // nothing. Not a genealogy's (BIN, ABU, AL): SALMAN BIN MUHAMMAD is not MUHAMMAD BIN SALMAN
  // an organisation's word read from Arabic or Persian as its English word goes where its language puts it (الجهاد
  // الإسلامي, ISLAMIC JIHAD: the adjective after its noun): no crossing either
  const ordered = aligned.filter(
    (p) =>
      !p.a.tokens.some((t) => t.role === "LEGAL_FORM" || (t.role === "PARTICLE" && !GENEALOGY.has(t.text))) &&
      !p.a.tokens.some((t) => t.isTranslated) &&
      !p.b.tokens.some((t) => t.isTranslated),
  );
  // a person's surname written first (PUTIN VLADIMIR VLADIMIROVICH, AL BAGHDADI ABU BAKR: Russian and East Asian
  // order, the UN's and EU's lists) moves one block of names from the end to the front: one reordering, however many
  // pairs it crosses; so does an organisation's kind written first in one language and last in another (JABHAT
  // AL-NUSRA, AL-NUSRA FRONT). A name shuffled otherwise (SALMAN BIN MUHAMMAD / MUHAMMAD BIN SALMAN) keeps every
  // crossing. A word written twice (the article of AL-QADULI and of AL-RAHMAN) is paired so the name crosses least.
  const crossings = leastCrossings(ordered);
  aligned.sort((x, y) => x.a.start - y.a.start);

  // extra tokens cost more the less of the name was matched: IVAN alone is not IVAN SIDOROV, while a patronymic
  // beside two matched names is a detail
  const scale = total > 0 ? 1 + (uq + uc - 2 * conflict) / (2 * total) : 1;
  const isCovered =
    query.kind === "PERSON" &&
    candidate.kind === "PERSON" &&
    leftC.length === 0 &&
    c.filter((t) => t.role === "NAME").length >= 2;
  // an organisation's name that names more than the entry's (DEUTSCHE BANK TRUST COMPANY against DEUTSCHE BANK) is
  // another entity of the group, more likely than a longer way of writing the same one
  const extraQuery = isCovered
    ? EXTRA_COVERED
    : context.isOrganisation && leftC.length === 0
      ? EXTRA_QUERY_ORGANISATION
      : EXTRA_QUERY;
  const denominator =
    total +
    CONFLICT * (fullConflict + syllablesMore) +
    scale *
      (extraQuery * (uq - conflict - sum(syllablesQ.map(leftover))) +
        EXTRA_LIST * (uc - conflict - sum(syllablesC.map(leftover))));
  let score = denominator > 0 ? matched / denominator : 0;
  score *= ORDER_FACTOR ** crossings;
  const isSame =
    leftQ.length === 0 && leftC.length === 0 && crossings === 0 && aligned.every((p) => p.similarity === 1);
  if (!isSame) score = Math.min(score, NOT_SAME);
  // a genealogy (QUSAY SADDAM HUSSEIN AL-TIKRITI: Qusay, son of Saddam, son of Hussein): a screened name that starts
  // at the listed person's father, the listed person's own name left over, names the father (or the grandfather);
  // the other way round, a screened genealogy whose own name is left over while the listed one's is found, a son.
  // Either name written surname first (AL-TIKRITI QUSAY SADDAM HUSSEIN) is read in the other's order too.
  if (isPersons && namesAncestor(q, usedQ, c, usedC, rotationCuts(ordered))) score = Math.min(score, ANCESTOR);
  const isSeries = context.isOrganisation && isOtherOfSeries(aligned, leftQ, leftC);
  if (isSeries) score = Math.min(total > 0 ? (matched / total) * ORDER_FACTOR ** crossings : 0, SERIES);
  // two companies' names that share only words of their kind of business while one names more: two companies
  if (context.isOrganisation && sharesOnlyGenericWords(aligned, [...leftQ, ...leftC]))
    score = Math.min(score, GENERIC_ONLY);
  return {
    score: round(score),
    pairs: aligned.map((p) => ({
      query: p.a.tokens.map((t) => t.text).join(" "),
      list: p.b.tokens.map((t) => t.text).join(" "),
      similarity: round(p.similarity),
      reason: p.reason,
    })),
    unmatchedQuery: leftQ.map((t) => t.text),
    unmatchedList: leftC.map((t) => t.text),
    crossings,
    commonTokens: commonTokensOf([...aligned.flatMap((p) => p.b.tokens), ...leftQ, ...leftC], rarityOf),
    ...(isSeries ? { otherNumber: true } : {}),
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
