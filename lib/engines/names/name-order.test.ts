import { describe, expect, it } from "vitest";
import { initialsFirst } from "@/lib/engines/names/name-order";
import { DEFAULT_WATCHLIST_THRESHOLD as T, STRONG_MATCH_THRESHOLD } from "@/lib/engines/names/score";
import { blocks, similarity } from "@/test/name-pairs";

// A surname followed by its bearer's initials, Russian's short form (issue 30, eighteenth round). Before: "Putin VV"
// and "Lavrov SV" 0.23 (two capitals read as a name), "Putin V.V." 0.74 but "Putin I.V." 0.74 too (an initial matched
// the list's given name and patronymic joined as one word, so another initial cost nothing).
describe("a surname, then its bearer's initials", () => {
  it.each([
    ["Putin V.V.", "Vladimir Vladimirovich Putin"],
    ["Putin VV", "Vladimir Vladimirovich Putin"],
    ["Путин В.В.", "Vladimir Vladimirovich Putin"],
    ["Lavrov SV", "Sergey Viktorovich Lavrov"],
    ["Kadyrov RA", "Ramzan Akhmatovich Kadyrov"],
    ["Medvedev D. A.", "Dmitry Anatolyevich Medvedev"],
    ["Prigozhin E.V.", "Yevgeny Viktorovich Prigozhin"],
  ])("%s is %s, and findable", (written, listed) => {
    expect(similarity(written, listed)).toBeGreaterThanOrEqual(STRONG_MATCH_THRESHOLD);
    expect(blocks(written, listed)).toBe(true);
  });

  it("tells other initials apart", () => {
    expect(similarity("Putin I.V.", "Vladimir Vladimirovich Putin")).toBeLessThan(T);
    expect(similarity("Kadyrov A.A.", "Ramzan Akhmatovich Kadyrov")).toBeLessThan(T);
    expect(similarity("Kadyrov RA", "Akhmat Abdulkhamidovich Kadyrov")).toBeLessThan(T);
    expect(similarity("I. V. Putin", "Vladimir Vladimirovich Putin")).toBeLessThan(T);
    // one initial stands for one name, never for a given name and patronymic read as one word
    expect(similarity("A Nazarbayev", "Aleksandar Vučić")).toBeLessThan(T);
  });

  it("reads capitals as initials only where the name shows it", () => {
    expect(initialsFirst("Putin V.V.")).toBe("V. V. Putin");
    expect(initialsFirst("PUTIN VV")).toBe("V. V. PUTIN"); // no vowel: initials in any case
    expect(initialsFirst("KADYROV RA")).toBe("KADYROV RA"); // all capitals: RA may be a name
    expect(initialsFirst("Wong NG")).toBe("Wong NG"); // a surname of its own
    expect(initialsFirst("Gates III")).toBe("Gates III");
    expect(initialsFirst("Marcos JR")).toBe("Marcos JR");
    expect(initialsFirst("RA Jong Il")).toBe("RA Jong Il");
    expect(similarity("RA Jong Il", "Ra Jong Il")).toBe(1);
  });
});
