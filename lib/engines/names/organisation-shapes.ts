import type { NameToken, Script } from "@/lib/engines/names/normalize";
import type { Span } from "@/lib/engines/names/token-similarity";
import { GENERIC_BUSINESS_WORDS } from "@/lib/engines/names/generic-words";
import { PLACE_NAME_WORDS, PLACE_WORDS } from "@/lib/engines/names/place-words";

// What the alignment (align.ts) reads in two organisations' names: a name written in a script whose legal forms this
// project names in English, the Arabic article the other side's reading lost, another of a series, only generic words
// shared.

// scripts whose organisations' legal forms this project reads as English words of its choosing
const TRANSLATED_SCRIPTS: ReadonlySet<Script> = new Set(["HANGUL", "HAN", "KANA", "ABJAD"]);

/** Written in Hangul, Han, kana or Arabic letters: its legal form's English word is this project's choice. */
export function isTranslatedName(side: readonly NameToken[]): boolean {
  return side.some((t) => TRANSLATED_SCRIPTS.has(t.script));
}

const ARTICLES: ReadonlySet<string> = new Set(["AL", "EL"]);
/** A name's AL or EL before a word, against an organisation read from Arabic letters (whose reading loses it): a stop word. */
export function articleAsStopWord(parts: readonly NameToken[], otherIsAbjad: boolean): readonly NameToken[] {
  if (!otherIsAbjad) return parts;
  return parts.map((t, i) =>
    t.script === "LATIN" && t.role === "NAME" && ARTICLES.has(t.text) && i < parts.length - 1
      ? { ...t, role: "STOPWORD" }
      : t,
  );
}

/** Only numbers left over, on one side or both, after a distinctive word aligned: the same name with another number. */
export function isOtherOfSeries(
  aligned: readonly { a: Span; b: Span }[],
  leftQ: readonly NameToken[],
  leftC: readonly NameToken[],
): boolean {
  const onlyNumbers = (left: readonly NameToken[]) => left.every((t) => t.role === "NUMBER");
  const namesSomething = aligned.some((p) =>
    p.b.tokens.some((t) => t.role === "NAME" && !GENERIC_BUSINESS_WORDS.has(t.text)),
  );
  // a number on one side only (FUND / FUND II) is as much another of the series as another number
  return namesSomething && leftQ.length + leftC.length > 0 && onlyNumbers(leftQ) && onlyNumbers(leftC);
}

const distinctive = (t: NameToken) => (t.role === "NAME" && !GENERIC_BUSINESS_WORDS.has(t.text)) || t.role === "NUMBER";

/**
 * Two organisations' names that share only generic business words (MANAGEMENT COMPANY against WESTMINISTER
 * MANAGEMENT COMPANY), or only those and a place (IRAN AIR against IRAN ASEMAN AIRLINES), while one names something
 * more: two organisations. A place's word left over (SYRIAN ARAB AIRLINES, BANK OF CHINA HONG KONG) names no other
 * one where a place is shared.
 */
export function sharesOnlyGenericWords(aligned: readonly { a: Span; b: Span }[], left: readonly NameToken[]): boolean {
  const shared = aligned.flatMap((p) => [...p.a.tokens, ...p.b.tokens]).filter(distinctive);
  if (shared.length === 0) return left.some(distinctive);
  return (
    shared.every((t) => PLACE_WORDS.has(t.text)) && left.some((t) => distinctive(t) && !PLACE_NAME_WORDS.has(t.text))
  );
}
