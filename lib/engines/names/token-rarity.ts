// How much a token says about who is named, from how often the list being screened uses it (an inverse document
// frequency, as yente / nomenklatura weigh terms): MOHAMMED, KIM, ALI, MANAGEMENT, GLOBAL name many entries and
// say little, a rare surname says much. The alignment (align.ts) multiplies a token's weight by its rarity, so a
// name that agrees only on common tokens, or leaves a rare one unmatched, scores lower, and a left-over common
// token costs less.
//
//   p        = entries whose names use the token / entries of the list
//   rare     = max(RARE_SHARE, MIN_COUNT / entries): at or below it a token weighs in full (1). The second term
//              keeps a small list, where a token used twice is chance, from weighing down ordinary names.
//   rarity   = max(FLOOR, ln(1/p) / ln(1/rare)) above it: 1 in 100 entries ≈ 0.74, 1 in 20 ≈ 0.48 (large list)
//   a list of fewer than MIN_ENTRIES entries has no useful frequencies: every token weighs 1
// The constants are round values chosen on the development pairs (docs/accuracy.md), not per case.

export type TokenRarity = (token: string) => number;

/** Every token in full: no list frequencies (unit tests, lists too small to count). */
export const FULL_WEIGHT: TokenRarity = () => 1;

export const RARE_SHARE = 0.002;
export const MIN_COUNT = 3;
export const MIN_ENTRIES = 200;
export const RARITY_FLOOR = 0.3;

/** The rarity of the tokens of a list from its token counts (entries using each token) and its entry count. */
export function rarityFromCounts(counts: ReadonlyMap<string, number>, entries: number): TokenRarity {
  if (entries < MIN_ENTRIES) return FULL_WEIGHT;
  const rare = Math.max(RARE_SHARE, MIN_COUNT / entries);
  const scale = Math.log(1 / rare);
  return (token) => {
    const p = (counts.get(token) ?? 0) / entries;
    if (p <= rare) return 1;
    return Math.max(RARITY_FLOOR, Math.log(1 / p) / scale);
  };
}

/** The tokens weighed less for their rarity, each once with its weight, for the reviewer (align.ts). */
export function commonTokensOf<T extends { text: string }>(tokens: readonly T[], rarityOf: (t: T) => number) {
  const common = new Map<string, number>();
  for (const t of tokens) if (rarityOf(t) < 1) common.set(t.text, Math.round(rarityOf(t) * 100) / 100);
  return [...common].map(([token, weight]) => ({ token, weight }));
}
