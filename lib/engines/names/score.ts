import jaroWinkler from "talisman/metrics/jaro-winkler";
import { consonantSkeleton, type NormalizedName } from "@/lib/engines/names/normalize";
import { metaphoneCodes } from "@/lib/engines/names/phonetic";

// Scoring of one screened name against one list name, then the date-of-birth adjustment.
//
//   token similarity  sim(a, b) = max( JW(a, b),
//                                      0.90 if a and b (3+ letters) share a double-metaphone code,
//                                      0.95 × JW(skeleton a, skeleton b) if either name was written in an abjad )
//   token score       one-to-one greedy alignment of the tokens by sim (pairs below 0.85 do not count);
//                     Σ sim of the pairs / max(2, min(n, m))   (1 when both names are a single token)
//                     → extra tokens on either side (a patronymic, a middle name) cost nothing, but one shared
//                       token of a two-token name scores at most 0.5
//   full score        JW of the aligned tokens as one string (order-free: the alignment, not the word order)
//   name score        0.8 × token score + 0.2 × full score
//   score             clamp(name score + date-of-birth adjustment, 0, 1)

/** WATCHLIST_THRESHOLD when the workflow sets none: measured on the synthetic list and the unit cases (score.test.ts). */
export const DEFAULT_WATCHLIST_THRESHOLD = 0.88;

const PAIR_FLOOR = 0.85;
const PHONETIC_FLOOR = 0.9;
const SKELETON_WEIGHT = 0.95;
const TOKEN_WEIGHT = 0.8;

export const DOB_ADJUSTMENT = { EXACT: 0.05, SAME_YEAR: 0.02, NEAR_YEAR: 0, UNKNOWN: 0, CONFLICT: -0.15 } as const;
export type DobAgreement = keyof typeof DOB_ADJUSTMENT;

export type NameScore = {
  score: number;
  tokenScore: number;
  fullScore: number;
  /** screened token → list token, for the reviewer */
  pairs: { query: string; list: string; similarity: number }[];
};

// Screening scores up to thousands of candidates against the same few query tokens, and list tokens repeat
// (MOHAMMED, IVAN): codes are computed once per token. Bounded: cleared when full.
const CACHE_LIMIT = 50_000;
const codeCache = new Map<string, string[]>();
const skeletonCache = new Map<string, string>();

function cached<T>(cache: Map<string, T>, key: string, compute: (key: string) => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = compute(key);
    cache.set(key, value);
  }
  return value;
}

const codesOf = (token: string) => cached(codeCache, token, (t) => metaphoneCodes(t).filter((c) => c.length >= 2));
const skeletonOf = (token: string) => cached(skeletonCache, token, consonantSkeleton);

function sharesCode(a: string, b: string): boolean {
  const codes = codesOf(a);
  return codesOf(b).some((c) => codes.includes(c));
}

export function tokenSimilarity(a: string, b: string, compareSkeletons: boolean): number {
  if (a === b) return 1;
  let similarity = jaroWinkler(a, b);
  if (similarity < PHONETIC_FLOOR && a.length >= 3 && b.length >= 3 && sharesCode(a, b)) similarity = PHONETIC_FLOOR;
  if (compareSkeletons) {
    const [sa, sb] = [skeletonOf(a), skeletonOf(b)];
    if (sa.length > 0 && sb.length > 0) similarity = Math.max(similarity, SKELETON_WEIGHT * jaroWinkler(sa, sb));
  }
  return similarity;
}

export function nameSimilarity(query: NormalizedName, candidate: NormalizedName): NameScore {
  const [q, c] = [query.tokens, candidate.tokens];
  if (q.length === 0 || c.length === 0) return { score: 0, tokenScore: 0, fullScore: 0, pairs: [] };
  const skeletons = query.isAbjad || candidate.isAbjad;

  const scored: { i: number; j: number; similarity: number }[] = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < c.length; j++) scored.push({ i, j, similarity: tokenSimilarity(q[i]!, c[j]!, skeletons) });
  }
  // greedy one-to-one: each list token vouches for one screened token at most (IVAN IVAN ≠ IVAN PETROV)
  scored.sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j);
  const [usedQ, usedC] = [new Set<number>(), new Set<number>()];
  const aligned: typeof scored = [];
  for (const pair of scored) {
    if (pair.similarity < PAIR_FLOOR) break;
    if (usedQ.has(pair.i) || usedC.has(pair.j)) continue;
    usedQ.add(pair.i);
    usedC.add(pair.j);
    aligned.push(pair);
  }
  aligned.sort((x, y) => x.i - y.i);

  const denominator = Math.max(q.length, c.length) === 1 ? 1 : Math.max(2, Math.min(q.length, c.length));
  const tokenScore = Math.min(1, aligned.reduce((sum, p) => sum + p.similarity, 0) / denominator);
  const fullScore =
    aligned.length === 0 ? 0 : jaroWinkler(aligned.map((p) => q[p.i]).join(" "), aligned.map((p) => c[p.j]).join(" "));
  return {
    score: TOKEN_WEIGHT * tokenScore + (1 - TOKEN_WEIGHT) * fullScore,
    tokenScore,
    fullScore,
    pairs: aligned.map((p) => ({ query: q[p.i]!, list: c[p.j]!, similarity: round(p.similarity) })),
  };
}

/**
 * Date of birth agreement. `dob` is YYYY-MM-DD (or YYYY); list dates are YYYY, YYYY-MM or YYYY-MM-DD, several
 * when the publisher lists alternatives. The best agreement over the alternatives counts.
 */
export function dobAgreement(dob: string | null | undefined, birthDates: readonly string[]): DobAgreement {
  const year = dob?.match(/^(\d{4})/)?.[1];
  const listed = birthDates.filter((d) => /^\d{4}(-\d{2}){0,2}$/.test(d));
  if (!dob || !year || listed.length === 0) return "UNKNOWN";
  if (dob.length >= 10 && listed.includes(dob.slice(0, 10))) return "EXACT";
  // same year: the list gives only the year (or month), or the day differs (day/month swaps are common errors)
  if (listed.some((d) => d.startsWith(year))) return "SAME_YEAR";
  // "circa 1961" and UN APPROXIMATELY dates are a year either way
  if (listed.some((d) => Math.abs(Number(d.slice(0, 4)) - Number(year)) <= 1)) return "NEAR_YEAR";
  return "CONFLICT";
}

export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export type ScoredEntry = {
  score: number;
  nameScore: number;
  /** the list name (primary or alias) that scored best, as the list writes it */
  matchedName: string;
  dob: DobAgreement;
  dobAdjustment: number;
  tokenScore: number;
  fullScore: number;
  pairs: NameScore["pairs"];
};

/** Best of an entry's names (`names[i]` is the original of `normalized[i]`), then the date-of-birth adjustment. */
export function scoreEntry(
  query: { name: NormalizedName; dateOfBirth?: string | null },
  entry: { names: readonly string[]; normalized: readonly NormalizedName[]; birthDates: readonly string[] },
): ScoredEntry {
  let best: NameScore = { score: 0, tokenScore: 0, fullScore: 0, pairs: [] };
  let bestIndex = 0;
  entry.normalized.forEach((name, i) => {
    const scored = nameSimilarity(query.name, name);
    if (scored.score > best.score) [best, bestIndex] = [scored, i];
  });
  const dob = dobAgreement(query.dateOfBirth, entry.birthDates);
  const adjustment = DOB_ADJUSTMENT[dob];
  return {
    score: round(Math.min(1, Math.max(0, best.score + adjustment))),
    nameScore: round(best.score),
    matchedName: entry.names[bestIndex] ?? entry.names[0] ?? "",
    dob,
    dobAdjustment: adjustment,
    tokenScore: round(best.tokenScore),
    fullScore: round(best.fullScore),
    pairs: best.pairs,
  };
}
