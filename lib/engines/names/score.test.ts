import { describe, expect, it } from "vitest";
import { normalizeName } from "@/lib/engines/names/normalize";
import {
  DEFAULT_WATCHLIST_THRESHOLD,
  dobAgreement,
  nameSimilarity,
  scoreEntry,
  tokenSimilarity,
} from "@/lib/engines/names/score";

const similarity = (a: string, b: string) => nameSimilarity(normalizeName(a), normalizeName(b)).score;
const entry = (names: string[], birthDates: string[] = []) => ({
  names,
  normalized: names.map(normalizeName),
  birthDates,
});
const score = (query: string, names: string[], birthDates: string[] = [], dateOfBirth?: string) =>
  scoreEntry({ name: normalizeName(query), dateOfBirth }, entry(names, birthDates));
const T = DEFAULT_WATCHLIST_THRESHOLD;

describe("name similarity", () => {
  it("matches Cyrillic against its Latin transliteration, in any order", () => {
    expect(similarity("Иван Петрович Сидоров", "SIDOROV, Ivan Petrovich")).toBe(1);
    expect(similarity("Ivan Sidorov", "Иван Сидоров")).toBe(1);
    expect(similarity("Sidorov Ivan", "Ivan SIDOROV")).toBe(1);
    expect(similarity("Ivan Sidorov", "Ivan SYDOROV")).toBeGreaterThanOrEqual(T);
  });

  it("matches the spellings of Muammar Qadhafi / Gaddafi / Moammar Gadhafi", () => {
    for (const [a, b] of [
      ["Muammar Gaddafi", "QADHAFI, Muammar"],
      ["Moammar Qadhafi", "GADDAFI, Muammar"],
      ["Muammar al-Gaddafi", "Moammar GADHAFI"],
      ["Moammar Kadafi", "Muammar QADHAFI"],
    ]) {
      expect(similarity(a!, b!), `${a} ~ ${b}`).toBeGreaterThanOrEqual(T);
    }
  });

  it("matches Arabic script against Latin transliterations (best effort: consonant skeletons)", () => {
    expect(similarity("خالد محمد الرشيد", "AL-RASHID, Khalid Mohammed")).toBeGreaterThanOrEqual(T);
    expect(similarity("معمر القذافي", "QADHAFI, Muammar")).toBeGreaterThanOrEqual(T);
    expect(similarity("Khaled Mahmud Wahmi", "خالد محمود الوهمي")).toBeGreaterThanOrEqual(T);
    // skeletons only apply when one side was written in an abjad: MARIA / MARIO stay apart
    expect(tokenSimilarity("MARIA", "MARIO", false)).toBeLessThan(tokenSimilarity("MARIA", "MARIO", true));
  });

  it("ignores extra tokens (patronymic, middle name) on either side", () => {
    expect(similarity("Ivan Sidorov", "SIDOROV, Ivan Petrovich")).toBe(1);
    expect(similarity("John Andrew Smith", "SMITH, John")).toBe(1);
  });

  it("does not match on one shared token, a different given name, or an unrelated name", () => {
    expect(similarity("Ivan", "Ivan SIDOROV")).toBeLessThan(T);
    expect(similarity("Ivan Petrov", "Ivan SIDOROV")).toBeLessThan(T);
    expect(similarity("Maria Sidorova", "Ivan SIDOROV")).toBeLessThan(T);
    expect(similarity("Mohammed Ali", "Mahmoud ALI")).toBeLessThan(T);
    expect(similarity("John Andrew Smith", "John Peter Smith")).toBeLessThan(T);
    expect(similarity("Anna Maria Eriksson", "Anna Petrovna SIDOROVA")).toBeLessThan(T);
    expect(similarity("Willeke de Bruijn", "MUELLER, Josef")).toBe(0);
  });

  it("lets each list token vouch for one screened token only", () => {
    expect(similarity("Ivan Ivan", "Ivan PETROV")).toBeLessThan(T);
  });

  it("explains itself: the aligned token pairs", () => {
    const { pairs } = nameSimilarity(normalizeName("Moammar Qadhafi"), normalizeName("GADDAFI, Muammar"));
    expect(pairs.map((p) => [p.query, p.list])).toEqual([
      ["MOAMMAR", "MUAMMAR"],
      ["QADHAFI", "GADDAFI"],
    ]);
  });
});

describe("date of birth agreement", () => {
  it("classifies exact, same-year, near-year, conflicting and unknown dates", () => {
    expect(dobAgreement("1961-04-02", ["1961-04-02"])).toBe("EXACT");
    expect(dobAgreement("1961-04-02", ["1961"])).toBe("SAME_YEAR");
    expect(dobAgreement("1961-04-02", ["1961-02-04"])).toBe("SAME_YEAR");
    expect(dobAgreement("1961-04-02", ["1962"])).toBe("NEAR_YEAR");
    expect(dobAgreement("1961-04-02", ["1975-01-01", "1976"])).toBe("CONFLICT");
    expect(dobAgreement("1961-04-02", ["1975", "1961-04-02"])).toBe("EXACT");
    expect(dobAgreement(null, ["1961-04-02"])).toBe("UNKNOWN");
    expect(dobAgreement("1961-04-02", [])).toBe("UNKNOWN");
  });

  it("boosts an exact date, and a conflicting one pulls a perfect name below the threshold", () => {
    const names = ["SIDOROV, Ivan Petrovich"];
    expect(score("Ivan Sidorov", names, ["1961-04-02"], "1961-04-02")).toMatchObject({
      score: 1,
      dob: "EXACT",
      nameScore: 1,
    });
    const conflict = score("Ivan Sidorov", names, ["1961-04-02"], "1990-12-31");
    expect(conflict).toMatchObject({ dob: "CONFLICT", nameScore: 1 });
    expect(conflict.score).toBeLessThan(T);
    // no date on either side is neutral
    expect(score("Ivan Sidorov", names, [], "1990-12-31").score).toBe(1);
    expect(score("Ivan Sidorov", names, ["1961"]).score).toBe(1);
  });

  it("conflict also drops a variant spelling below the threshold that it passed without a date", () => {
    const names = ["GADDAFI, Muammar"];
    expect(score("Moammar Qadhafi", names, ["1942"]).score).toBeGreaterThanOrEqual(T);
    expect(score("Moammar Qadhafi", names, ["1942"], "1942-06-07").score).toBeGreaterThan(
      score("Moammar Qadhafi", names).score,
    );
    expect(score("Moammar Qadhafi", names, ["1942"], "1985-06-07").score).toBeLessThan(T);
  });
});

describe("scoreEntry", () => {
  it("scores the best of the primary name and the aliases, and names the one that matched", () => {
    const result = score("Иван Фиктивов", ["FIKTIVOV, Ivan Petrovich", "Ivan FIKTIVOFF", "Иван Петрович Фиктивов"]);
    expect(result.score).toBe(1);
    expect(result.matchedName).toBe("FIKTIVOV, Ivan Petrovich");
    const alias = score("Vanya Fiktivoff", ["FIKTIVOV, Ivan Petrovich", "Vanya FIKTIVOFF"]);
    expect(alias.matchedName).toBe("Vanya FIKTIVOFF");
  });
});
