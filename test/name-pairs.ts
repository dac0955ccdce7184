import { expect } from "vitest";
import { normalizeName, type NameKind } from "@/lib/engines/names/normalize";
import { entryPhoneticKeys, queryPhoneticKeys } from "@/lib/engines/names/phonetic";
import { nameSimilarity } from "@/lib/engines/names/score";

// The two questions the screening's unit tests ask of a screened name and a listed one, through the functions
// WATCHLIST_CHECK runs: how alike they score, and whether the listed one is looked at at all.

/** nameSimilarity's score of the two names, each normalised as the screening does. */
export function similarity(query: string, listed: string, kind: NameKind = "PERSON"): number {
  return nameSimilarity(normalizeName(query, kind), normalizeName(listed, kind)).score;
}

/** Does the screened name share a blocking key with the listed one (the screening scores only entries that do). */
export function blocks(query: string, listed: string, kind: NameKind = "PERSON"): boolean {
  const entryKeys = new Set(entryPhoneticKeys([normalizeName(listed, kind)]));
  return queryPhoneticKeys(normalizeName(query, kind)).some((key) => entryKeys.has(key));
}

/** Each pair is one person's name in two writings: alike by at least `min` and found by blocking, both ways round. */
export function expectSameNameBothWays(pairs: readonly (readonly [string, string])[], min = 0.95): void {
  for (const [a, b] of pairs) {
    expect(similarity(a, b), `${a} ~ ${b}`).toBeGreaterThanOrEqual(min);
    expect(similarity(b, a), `${b} ~ ${a}`).toBeGreaterThanOrEqual(min);
    expect(blocks(a, b), `${a} ~ ${b} blocking`).toBe(true);
    expect(blocks(b, a), `${b} ~ ${a} blocking`).toBe(true);
  }
}
