import type { WatchlistMatch } from "@/lib/checks/types";
import { STRONG_MATCH_THRESHOLD } from "@/lib/engines/names/score";

// A match as the step data shows it to the reviewer: the entry, the score and its band, and per token which part
// of the screened name matched which part of the entry's name (and why), what was left over on either side, and
// which evidence counted.

export type MatchBand = "STRONG" | "POSSIBLE";

export function bandOf(score: number): MatchBand {
  return score >= STRONG_MATCH_THRESHOLD ? "STRONG" : "POSSIBLE";
}

function evidence(match: WatchlistMatch): string[] {
  const { breakdown: b } = match;
  const out: string[] = [];
  if (b.dob !== "UNKNOWN")
    out.push(`date of birth ${b.dob.toLowerCase().replace("_", " ")} (${signed(b.dobAdjustment)})`);
  if (b.nationality && b.nationality !== "UNKNOWN")
    out.push(`nationality ${b.nationality.toLowerCase()} (${signed(b.nationalityAdjustment ?? 0)})`);
  if (b.gender && b.gender !== "UNKNOWN")
    out.push(`gender ${b.gender.toLowerCase()} (${signed(b.genderAdjustment ?? 0)})`);
  if (b.unmatchedQuery?.length) out.push(`screened tokens not on the entry: ${b.unmatchedQuery.join(" ")}`);
  if (b.unmatchedList?.length) out.push(`entry tokens not in the screened name: ${b.unmatchedList.join(" ")}`);
  for (const pair of b.pairs.filter((p) => p.reason === "CUT_BY_ZONE"))
    out.push(`${pair.query} may be cut short by the passport's zone (its name field is full): read as ${pair.list}`);
  if (b.otherNumber) out.push("the same name with another number: another of a series (vessel, fund, trust)?");
  if (b.crossings) out.push(`word order differs (${b.crossings} crossing pair(s))`);
  if (b.commonTokens?.length)
    out.push(`common on the list, weighed less: ${b.commonTokens.map((t) => `${t.token} ×${t.weight}`).join(", ")}`);
  if (match.isWeakAlias) out.push("matched a weak alias (WATCHLIST_WEAK_ALIASES)");
  return out;
}

const signed = (x: number) => (x >= 0 ? `+${x}` : `${x}`);

export function matchData(match: WatchlistMatch) {
  const { breakdown } = match;
  return {
    source: match.source,
    external_id: match.externalId,
    entity_type: match.entityType,
    name: match.primaryName,
    matched_name: match.matchedName,
    score: match.score,
    band: bandOf(match.score),
    is_weak_alias: match.isWeakAlias ?? false,
    programs: match.programs,
    dob: match.birthDates,
    countries: match.countries,
    remarks: match.remarks,
    score_breakdown: {
      name: breakdown.nameScore,
      tokens: breakdown.tokenScore,
      full: breakdown.fullScore,
      dob_agreement: breakdown.dob,
      dob_adjustment: breakdown.dobAdjustment,
      nationality_agreement: breakdown.nationality,
      nationality_adjustment: breakdown.nationalityAdjustment,
      gender_agreement: breakdown.gender ?? "UNKNOWN",
      gender_adjustment: breakdown.genderAdjustment ?? 0,
      pairs: breakdown.pairs,
      unmatched_query: breakdown.unmatchedQuery,
      unmatched_list: breakdown.unmatchedList,
      word_order_crossings: breakdown.crossings,
      common_tokens: breakdown.commonTokens ?? [],
      evidence: evidence(match),
    },
  };
}
