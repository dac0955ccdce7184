import { describe, expect, it } from "vitest";
import { normalizeName } from "@/lib/engines/names/normalize";
import { nameSimilarity, DEFAULT_WATCHLIST_THRESHOLD } from "@/lib/engines/names/score";
import { withCutWords } from "@/lib/engines/names/cut-word";

// The document step's name as the passport's zone cut it (ICAO 9303: the name field's width), against the list's
// whole name.
const similarity = (zone: string, cut: string | null, listed: string) => {
  const result = nameSimilarity(withCutWords(normalizeName(zone), cut === null ? [] : [cut]), normalizeName(listed));
  return { score: result.score, reasons: result.pairs.map((p) => `${p.query}~${p.list}:${p.reason}`) };
};

describe("a name word the zone cut at the field's end", () => {
  it("stands for the longer word it opens: a listed person with a long name is not missed", () => {
    const listed = "Maria Guadalupe Esperanza Ficticia";
    expect(similarity("MARIA GUADALUPE ESPE FICTICIA", null, listed).score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
    const cut = similarity("MARIA GUADALUPE ESPE FICTICIA", "ESPE", listed);
    expect(cut.score).toBeGreaterThan(0.95);
    expect(cut.reasons).toContain("ESPE~ESPERANZA:CUT_BY_ZONE");
  });

  it("opens the other word or is compared as before: a cut word is no wildcard", () => {
    // ESPE does not open ASUNCION: the words conflict as they did
    const other = similarity("MARIA GUADALUPE ESPE FICTICIA", "ESPE", "Maria Guadalupe Asuncion Ficticia");
    expect(other.score).toBe(
      similarity("MARIA GUADALUPE ESPE FICTICIA", null, "Maria Guadalupe Asuncion Ficticia").score,
    );
    expect(other.score).toBeLessThan(DEFAULT_WATCHLIST_THRESHOLD);
    // only the marked word: FICTICIA is no cut of FICTICIAS
    expect(similarity("MARIA ESPE FICTICIA", "ESPE", "Maria Esperanza Ficticias").reasons).not.toContain(
      "FICTICIA~FICTICIAS:CUT_BY_ZONE",
    );
  });
});
