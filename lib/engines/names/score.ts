import { alignIfAny, alignNames, type Alignment } from "@/lib/engines/names/align";
import type { NormalizedName } from "@/lib/engines/names/normalize";
import { FULL_WEIGHT, type TokenRarity } from "@/lib/engines/names/token-rarity";

// Scoring of one screened name against a list entry: the best of the entry's names by order-aware alignment
// (align.ts), then the corroborating evidence — date of birth and nationality — raising or lowering it. Evidence
// never lifts a name that is not the same name to 1.0. Gender, where both the document and the list state it,
// only lowers.

/**
 * WATCHLIST_THRESHOLD when the workflow sets none: from this score on an entry is a potential match and the check
 * goes to review. Chosen on the development pairs (docs/accuracy.md).
 */
export const DEFAULT_WATCHLIST_THRESHOLD = 0.7;
/** From this score on a potential match is shown to the reviewer as STRONG; between the two it is POSSIBLE. */
export const STRONG_MATCH_THRESHOLD = 0.9;

export const DOB_ADJUSTMENT = { EXACT: 0.05, SAME_YEAR: 0.02, NEAR_YEAR: 0, UNKNOWN: 0, CONFLICT: -0.35 } as const;
/**
 * A conflicting birth date the screened person stated themselves (no document or credential read one): the one
 * figure an applicant on a list can change at will, so it takes a same-name match from STRONG to POSSIBLE, for a
 * reviewer, rather than under the threshold (issue 30, eighteenth round) — as a conflicting gender does.
 */
export const STATED_DOB_CONFLICT = -0.1;
export type DobAgreement = keyof typeof DOB_ADJUSTMENT;
// nationality is weaker evidence than a birth date: lists give residence and citizenship countries together
export const NATIONALITY_ADJUSTMENT = { MATCH: 0.02, UNKNOWN: 0, CONFLICT: -0.05 } as const;
export type NationalityAgreement = keyof typeof NATIONALITY_ADJUSTMENT;
// gender only lowers: half of everyone shares it, so agreeing says nothing, while a listed woman is not the man
// screened (unless list or document is wrong: a conflict takes a STRONG name match to POSSIBLE, not away)
export const GENDER_ADJUSTMENT = { MATCH: 0, UNKNOWN: 0, CONFLICT: -0.1 } as const;
export type GenderAgreement = keyof typeof GENDER_ADJUSTMENT;

/** score, and per token what matched what and why, for the reviewer (align.ts) */
export type NameScore = Alignment;

/** The best alignment over the readings of both names (the written form first); `rarity`: the list's token weights. */
export function nameSimilarity(
  query: NormalizedName,
  candidate: NormalizedName,
  rarity: TokenRarity = FULL_WEIGHT,
): NameScore {
  // where no reading scores above 0, the written forms' alignment, with the reviewer's details of what is left over
  return similarityAboveZero(query, candidate, rarity) ?? alignNames(query, candidate, rarity);
}

/**
 * nameSimilarity where it scores above 0 (the first alignment over the readings attaining the best score); null where
 * no reading scores above 0. Screening (scoreEntry) discards a score of 0, so it never builds those details.
 */
function similarityAboveZero(query: NormalizedName, candidate: NormalizedName, rarity?: TokenRarity): NameScore | null {
  let best: NameScore | null = null;
  for (const q of [query, ...query.readings])
    for (const c of [candidate, ...candidate.readings]) {
      const other = alignIfAny(q, c, rarity);
      if (other && other.score > (best?.score ?? 0)) best = other;
    }
  return best;
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

export function nationalityAgreement(
  nationality: string | null | undefined,
  countries: readonly string[],
): NationalityAgreement {
  if (!nationality || countries.length === 0) return "UNKNOWN";
  const wanted = nationality.trim().toUpperCase();
  return countries.some((c) => c.trim().toUpperCase() === wanted) ? "MATCH" : "CONFLICT";
}

/** The screened person's sex as the document states it (M, F; X and unread are unknown) against the entry's. */
export function genderAgreement(gender: string | null | undefined, listed: string | null | undefined): GenderAgreement {
  if ((gender !== "M" && gender !== "F") || (listed !== "M" && listed !== "F")) return "UNKNOWN";
  return gender === listed ? "MATCH" : "CONFLICT";
}

export type ScoredEntry = {
  score: number;
  nameScore: number;
  /** the list name (primary or alias) that scored best, as the list writes it */
  matchedName: string;
  dob: DobAgreement;
  dobAdjustment: number;
  nationality: NationalityAgreement;
  nationalityAdjustment: number;
  gender: GenderAgreement;
  genderAdjustment: number;
  /** kept for the step data's score_breakdown: the alignment score before evidence (= nameScore) */
  tokenScore: number;
  /** share of the list name's tokens that found a counterpart */
  fullScore: number;
} & Omit<Alignment, "score">; // pairs, unmatched tokens, crossings, tokens weighed less as common on the list

const NOT_SAME = 0.99;

/** Best of an entry's names (`names[i]` is the original of `normalized[i]`), then the evidence. */
export function scoreEntry(
  query: {
    name: NormalizedName;
    dateOfBirth?: string | null;
    /** the date of birth is the person's own statement, read from no document (STATED_DOB_CONFLICT) */
    dateOfBirthStated?: boolean;
    nationality?: string | null;
    gender?: string | null;
  },
  entry: {
    names: readonly string[];
    normalized: readonly NormalizedName[];
    birthDates: readonly string[];
    countries?: readonly string[];
    gender?: string | null;
    /** how much each token says in the entry's list (token-rarity.ts); every token in full without it */
    rarity?: TokenRarity;
  },
): ScoredEntry {
  let best: NameScore = {
    score: 0,
    pairs: [],
    unmatchedQuery: query.name.tokens,
    unmatchedList: [],
    crossings: 0,
    commonTokens: [],
  };
  let bestIndex = 0;
  entry.normalized.forEach((name, i) => {
    const scored = similarityAboveZero(query.name, name, entry.rarity);
    if (scored && scored.score > best.score) [best, bestIndex] = [scored, i];
  });
  const dob = dobAgreement(query.dateOfBirth, entry.birthDates);
  const nationality = nationalityAgreement(query.nationality, entry.countries ?? []);
  const gender = genderAgreement(query.gender, entry.gender);
  const dobAdjustment = dob === "CONFLICT" && query.dateOfBirthStated ? STATED_DOB_CONFLICT : DOB_ADJUSTMENT[dob];
  const adjusted = best.score + dobAdjustment + NATIONALITY_ADJUSTMENT[nationality] + GENDER_ADJUSTMENT[gender];
  const ceiling = best.score === 1 ? 1 : NOT_SAME;
  const listTokens = entry.normalized[bestIndex]?.tokens.length ?? 0;
  return {
    score: round(Math.min(ceiling, Math.max(0, adjusted))),
    nameScore: round(best.score),
    matchedName: entry.names[bestIndex] ?? entry.names[0] ?? "",
    dob,
    dobAdjustment,
    nationality,
    nationalityAdjustment: NATIONALITY_ADJUSTMENT[nationality],
    gender,
    genderAdjustment: GENDER_ADJUSTMENT[gender],
    tokenScore: round(best.score),
    fullScore: listTokens === 0 ? 0 : round((listTokens - best.unmatchedList.length) / listTokens),
    pairs: best.pairs,
    unmatchedQuery: best.unmatchedQuery,
    unmatchedList: best.unmatchedList,
    crossings: best.crossings,
    commonTokens: best.commonTokens,
    ...(best.otherNumber ? { otherNumber: true } : {}),
  };
}
