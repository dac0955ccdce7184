import type { NameToken } from "@/lib/engines/names/normalize";
import type { Span } from "@/lib/engines/names/token-similarity";

// What the alignment (align.ts) reads in an Arabic genealogy: the particles that say whose son or father, the links a
// short form leaves out, a name that starts at an ancestor, an article written joined to the word before it.

// particles that say whose son or father (normalize.ts writes BEN, IBN as BIN; EL, UL as AL)
export const GENEALOGY: ReadonlySet<string> = new Set(["BIN", "BINT", "ABU", "AL"]);

/**
 * The links of a genealogy (BIN or BINT and the name after it) that found no counterpart and lie between words that
 * did: the ancestors between a person's own name and the family's.
 */
export function middleLinks(parts: readonly NameToken[], used: ReadonlySet<number>): Set<NameToken> {
  const links = new Set<NameToken>();
  const found = [...used].filter((i) => parts[i]!.role === "NAME");
  if (found.length < 2) return links;
  const [first, last] = [Math.min(...found), Math.max(...found)];
  const isLink = (t: NameToken | undefined) => t?.role === "PARTICLE" && LINKS.has(t.text);
  // which BIN of the chain the other side's BIN was paired with does not matter: a left-over name after a BIN, and
  // the BIN before it if left over too, between two names found, is a link
  for (let i = first + 1; i < last; i++) {
    if (used.has(i) || parts[i]!.role !== "NAME" || !isLink(parts[i - 1])) continue;
    links.add(parts[i]!);
    if (!used.has(i - 1)) links.add(parts[i - 1]!);
  }
  return links;
}
const LINKS: ReadonlySet<string> = new Set(["BIN", "BINT"]);

/**
 * The two names read as a genealogy (either has BIN, BINT, ABU or AL: a child's name is written without its article
 * as often as the father's with it, HALA SADDAM HUSSEIN TIKRITI against SADDAM HUSSEIN AL-TIKRITI) and the first's own
 * name, its first, found no counterpart, while the other name's own name did: the other names an ancestor of the first.
 */
export function startsAtAncestor(
  genealogy: readonly NameToken[],
  usedInGenealogy: ReadonlySet<number>,
  other: readonly NameToken[],
  usedInOther: ReadonlySet<number>,
): boolean {
  const isGenealogy = (name: readonly NameToken[]) => name.some((t) => t.role === "PARTICLE" && GENEALOGY.has(t.text));
  if (!isGenealogy(genealogy) && !isGenealogy(other)) return false;
  const own = genealogy.findIndex((t) => t.role === "NAME");
  const otherOwn = other.findIndex((t) => t.role === "NAME");
  // a kunya's ABU or UMM ("father of", "mother of") opens the name with the word after it (ABU BAKR): that word found
  // is the person's own name found
  const ownFound = usedInGenealogy.has(own) || (KUNYA.has(genealogy[own]?.text ?? "") && usedInGenealogy.has(own + 1));
  return own >= 0 && !ownFound && otherOwn >= 0 && usedInOther.has(otherOwn);
}
const KUNYA: ReadonlySet<string> = new Set(["ABU", "ABOU", "UMM"]);

/**
 * One name names an ancestor of the other (startsAtAncestor, either way round), read as written and, where the two are
 * one rotation of the other (`cuts`, spans.ts rotationCuts: a surname written first), each in the other's order.
 */
export function namesAncestor(
  q: readonly NameToken[],
  usedQ: ReadonlySet<number>,
  c: readonly NameToken[],
  usedC: ReadonlySet<number>,
  cuts: { a: number; b: number } | null,
): boolean {
  type Reading = readonly [readonly NameToken[], ReadonlySet<number>, readonly NameToken[], ReadonlySet<number>];
  const readings: Reading[] = [[q, usedQ, c, usedC]];
  if (cuts) readings.push([...fromCut(q, usedQ, cuts.a), c, usedC], [q, usedQ, ...fromCut(c, usedC, cuts.b)]);
  return readings.some(([gq, uq, gc, uc]) => startsAtAncestor(gc, uc, gq, uq) || startsAtAncestor(gq, uq, gc, uc));
}

/**
 * A name's words from `cut` on, then those before it, with the indices of the words found moved alike: a name written
 * surname first (AL-TIKRITI HALA SADDAM HUSSEIN) read in the other name's order (HALA SADDAM HUSSEIN AL-TIKRITI), so
 * its own name is its first again.
 */
function fromCut(parts: readonly NameToken[], used: ReadonlySet<number>, cut: number): [NameToken[], Set<number>] {
  const n = parts.length;
  return [[...parts.slice(cut), ...parts.slice(0, cut)], new Set([...used].map((i) => (i - cut + n) % n))];
}

const isMinor = (t: NameToken) => t.role === "PARTICLE" || t.role === "STOPWORD";
/** A pair of particles or stop words only, on both sides. */
export function isMinorPair(p: { a: Span; b: Span }): boolean {
  return p.a.tokens.every(isMinor) && p.b.tokens.every(isMinor);
}
/**
 * One word that is the other side's name and article written joined, the article's vowel as spelt (ABDUL, ABDEL,
 * ABDURRAHMAN against ABD AL …).
 */
export function joinsArticle(word: Span, run: Span): boolean {
  const [first, second] = run.tokens;
  if (word.tokens.length !== 1 || !first || second?.text !== "AL" || isMinor(first)) return false;
  return word.text.startsWith(first.text) && /[AEIOU]/.test(word.text[first.text.length] ?? "");
}
