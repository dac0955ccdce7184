// "Was this statement spoken": the pure half. The recogniser (pocketsphinx.ts) decodes the sound with the grammar of
// statement-grammar.ts (the statement's words against a garbage branch of common words); the statement is then
// aligned, in order, to what was heard, which is where the order is checked. A grammar of the statement's words
// alone "hears" the statement in any speech (0.17–0.86 of a wrong statement's words) and keyphrase spotting found
// no phrase at all on clips of 2–3 s (docs/accuracy.md, "Statement read aloud").

/** What the pronouncing dictionary of the recogniser knows: a word it lacks can never be heard. */
export type Lexicon = { pronunciations(word: string): readonly string[] | undefined };

export type StatementScore = {
  /** the statement's words the recogniser can hear (in its dictionary), in order */
  words: string[];
  /** how many of `words` were heard, in order (a longest common subsequence with the transcript) */
  heard: number;
  /** heard / words.length, 0 when there are no words to check */
  share: number;
  /** the statement's words left out of the score: numbers written in digits and words missing from the dictionary */
  unchecked: string[];
  /** the words the recogniser heard */
  transcript: string[];
  /** the recogniser's mean posterior probability of the words it heard (0–1; 0 when none): low for speech it could
   * not make out (a synthetic voice, a strong accent, noise), high for clear speech */
  confidence: number;
};

/** Lower-case words; an apostrophe inside a word stays ("don't"), everything else separates. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      // pocketsphinx marks alternative pronunciations "word(2)"
      .replace(/\(\d+\)/g, "")
      .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? []
  );
}

// frequent English function words: a statement in another language written with Latin letters may share
// dictionary entries (cmudict holds many names), rarely these
const ENGLISH_MARKERS = new Set(
  "i the to and of a that this is am my me we our you your in for with on by be are have has it as at".split(" "),
);
/** A statement counts as English when this share of its words are in the en-US dictionary… */
export const ENGLISH_DICTIONARY_SHARE = 0.85;
/** …and, in a statement of SHORT_STATEMENT words or more, at least this many common English function words. */
export const ENGLISH_MARKER_WORDS = 2;
const SHORT_STATEMENT = 8;

/**
 * The statement's language as far as the recogniser is concerned: "en" or "other". Detected from the text itself
 * (a workflow has no language setting): most words in the en-US pronouncing dictionary and some English function
 * words.
 */
export function statementLanguage(statement: string, lexicon: Lexicon): "en" | "other" {
  const words = wordsOf(statement).filter((w) => !/^\p{N}+$/u.test(w));
  if (words.length === 0) return "other";
  const known = words.filter((w) => lexicon.pronunciations(w)).length;
  const markers = words.filter((w) => ENGLISH_MARKERS.has(w)).length;
  // a short sentence ("Canned pears lack full flavor.") may have none: the dictionary share alone decides it
  const enough = words.length < SHORT_STATEMENT ? 0 : ENGLISH_MARKER_WORDS;
  return known / words.length >= ENGLISH_DICTIONARY_SHARE && markers >= enough ? "en" : "other";
}

/** Two words sound the same: equal, or one pronunciation in common ("two" / "too", "there" / "their"). */
export function sameWord(a: string, b: string, lexicon: Lexicon): boolean {
  if (a === b) return true;
  const pa = lexicon.pronunciations(a);
  const pb = lexicon.pronunciations(b);
  return !!pa && !!pb && pa.some((p) => pb.includes(p));
}

/** Longest common subsequence of `expected` in `heard`: how many expected words were heard, in order. */
export function heardInOrder(
  expected: readonly string[],
  heard: readonly string[],
  same: (a: string, b: string) => boolean,
): number {
  let previous = new Array<number>(heard.length + 1).fill(0);
  for (const word of expected) {
    const row = new Array<number>(heard.length + 1).fill(0);
    for (let j = 0; j < heard.length; j++)
      row[j + 1] = same(word, heard[j]!) ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!);
    previous = row;
  }
  return previous[heard.length]!;
}

/** The share of the statement's hearable words found, in order, in the words heard. */
export function scoreStatement(
  statement: string,
  heardWords: readonly { word: string; confidence: number }[],
  lexicon: Lexicon,
): StatementScore {
  const words: string[] = [];
  const unchecked: string[] = [];
  for (const word of wordsOf(statement)) {
    if (!/^\p{N}+$/u.test(word) && lexicon.pronunciations(word)) words.push(word);
    else unchecked.push(word);
  }
  const transcript = heardWords.flatMap((w) => wordsOf(w.word));
  const heard = heardInOrder(words, transcript, (a, b) => sameWord(a, b, lexicon));
  const confidence = heardWords.length ? heardWords.reduce((s, w) => s + w.confidence, 0) / heardWords.length : 0;
  return { words, heard, share: words.length ? heard / words.length : 0, unchecked, transcript, confidence };
}
