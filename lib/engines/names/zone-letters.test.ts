import { describe, expect, it } from "vitest";
import { normalizeName } from "@/lib/engines/names/normalize";
import { nameSimilarity, STRONG_MATCH_THRESHOLD } from "@/lib/engines/names/score";
import { entryPhoneticKeys, queryPhoneticKeys } from "@/lib/engines/names/phonetic";

// A name read from a passport's machine-readable zone writes Ä, Å, Ö, Ø and Ü with two letters (ICAO 9303; or, in
// the older form, the letter and XX), lists usually with the mark: the two are the same name (roman-words.ts).
const similarity = (a: string, b: string) => nameSimilarity(normalizeName(a), normalizeName(b)).score;

describe("letters a passport's zone writes with two", () => {
  it("finds the list's name with its marks from the zone's spelling, in both directions", () => {
    expect(similarity("HANS MUELLER", "Hans Müller")).toBe(1);
    expect(similarity("MATTI HAEMAELAEINEN", "Matti Hämäläinen")).toBe(1);
    expect(similarity("LARS OESTERGAARD", "Lars Østergård")).toBe(1);
    expect(similarity("Jürgen König", "JUERGEN KOENIG")).toBe(1);
    // without the mark, as any-ascii writes it, still the same name
    expect(similarity("HANS MULLER", "Hans Müller")).toBe(1);
  });

  it("reads ICAO's older form, the letter followed by XX", () => {
    expect(similarity("JUAN NUNXXEZ", "Juan Núñez")).toBe(1);
    expect(similarity("KARIN MUXXLLER", "Karin Müller")).toBe(1);
    expect(similarity("KARIN MUXXLLER", "KARIN MUELLER")).toBe(1);
    // at a word's end XX is written as it is (a nickname), never a letter of the zone's
    expect(similarity("MAXX SMITH", "MA SMITH")).toBeLessThan(1);
  });

  it("counts the two-letter form only where it is equal, never as a spelling to compare", () => {
    // BAECKSTROEM and BERGSTROEM share more letters than BACKSTROM and BERGSTROM: compared by spelling, two
    // different surnames would come near
    expect(similarity("ANNA BAECKSTROEM", "Anna Bergström")).toBeLessThan(0.7);
    expect(similarity("Anna Bäckström", "Anna Bergström")).toBe(similarity("Anna Backstrom", "Anna Bergstrom"));
    expect(similarity("HANS MUELLER", "Hans Möller")).toBeLessThan(STRONG_MATCH_THRESHOLD + 0.05);
    expect(similarity("HANS MUELLER", "Hans Möller")).toBeLessThan(1);
  });

  it("retrieves the entry by the zone's spelling, not by a word's first or last letters alone (blocking keys)", () => {
    for (const [zone, listed] of [
      ["NUNXXEZ", "Núñez"],
      ["MUXXLLER", "Müller"],
    ] as const) {
      const entryKeys = new Set(entryPhoneticKeys([normalizeName(listed)]));
      const byLetters = queryPhoneticKeys(normalizeName(zone)).filter((k) => !/^[<>]/.test(k));
      expect(byLetters.some((k) => entryKeys.has(k))).toBe(true);
    }
  });
});
