import { describe, expect, it } from "vitest";
import { matchData } from "@/lib/checks/watchlist-check/match-data";
import { normalizeName } from "@/lib/engines/names/normalize";
import { scoreEntry } from "@/lib/engines/names/score";
import { withCutWords } from "@/lib/engines/names/cut-word";
import type { WatchlistMatch } from "@/lib/checks/types";

// What the reviewer reads of a match: the scored entry as the step data shows it (an organisation's by default).
function reviewed(query: string, listed: string, person?: { cutWords: string[] }) {
  const kind = person ? "PERSON" : "ORGANIZATION";
  const { score, matchedName, ...breakdown } = scoreEntry(
    { name: withCutWords(normalizeName(query, kind), person?.cutWords) },
    { names: [listed], normalized: [normalizeName(listed, kind)], birthDates: [] },
  );
  const match: WatchlistMatch = {
    source: "test-list",
    externalId: "v-1",
    entityType: "VESSEL",
    primaryName: listed,
    matchedName,
    birthDates: [],
    countries: [],
    programs: [],
    remarks: null,
    score,
    breakdown,
  };
  return matchData(match);
}

describe("matchData", () => {
  it("tells the reviewer a match is the same name with another number, and shows both numbers", () => {
    const data = reviewed("Sea Breeze 3", "Sea Breeze 4");
    expect(data.band).toBe("POSSIBLE");
    expect(data.score_breakdown.unmatched_query).toEqual(["3"]);
    expect(data.score_breakdown.unmatched_list).toEqual(["4"]);
    expect(data.score_breakdown.evidence).toContain(
      "the same name with another number: another of a series (vessel, fund, trust)?",
    );
    expect(reviewed("Sea Breeze 4", "Sea Breeze 4").score_breakdown.evidence).toEqual([]);
  });

  it("tells the reviewer which word the passport's zone may have cut, and what it was read as", () => {
    const data = reviewed("MARIA GUADALUPE ESPE FICTICIA", "Maria Guadalupe Esperanza Ficticia", {
      cutWords: ["ESPE"],
    });
    expect(data.score_breakdown.evidence).toContain(
      "ESPE may be cut short by the passport's zone (its name field is full): read as ESPERANZA",
    );
  });
});
