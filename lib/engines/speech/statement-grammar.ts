// The constraint the recogniser searches with (issue 36, second round): a JSGF grammar that is a loop over the
// statement's words and a GARBAGE branch of common English words (common-words.ts). Speech that is the statement is
// best explained by the statement's words; other speech is absorbed by the garbage words instead of being forced
// onto the statement's (the first round's grammar of only the statement's words "heard" the statement in any
// speech: 0.17–0.86 of another text's words). The order is checked afterwards, as before: the score is the share of
// the statement's words heard in order (statement-words.ts), now in the constrained transcript.
// Chosen on the development material only (docs/accuracy.md, "Statement read aloud"): the statement's words in
// order, each optional, with a garbage loop between each two, scored the same there but cost up to 9x the CPU of
// free decoding on a 17-word statement (a copy of the garbage branch per word); this loop costs about half of it.
import { COMMON_WORDS } from "./common-words";

export type GrammarOptions = {
  /** how many of the most probable common words make the garbage branch */
  garbageWords: number;
  /** the garbage branch's total weight, against 1 for each statement word taken (JSGF weights are relative) */
  garbageWeight: number;
};

/** The development material's setting (docs/accuracy.md): the 300 most probable words, weight 1 in all, as much as
 * one statement word; other settings were not measured. */
export const GRAMMAR_OPTIONS: GrammarOptions = { garbageWords: 300, garbageWeight: 1 };

// a JSGF token: the words of wordsOf() are letters and inner apostrophes; anything else would break the grammar
const TOKEN = /^[a-z]+(?:'[a-z]+)*$/;

/**
 * The JSGF grammar for `words` (the statement's words the recogniser knows, as scoreStatement lists them):
 *   public <utt> = ( <statement> | <garbage> )* ;   <statement> = /1/ w1 | /1/ w2 | … ;
 *   <garbage> = /p1/ the | /p2/ to | …
 * The garbage words are weighted by their unigram probability, scaled to `garbageWeight` in all; a statement word is
 * not among them, so hearing it can only count for the statement.
 */
export function statementGrammar(words: readonly string[], options: GrammarOptions = GRAMMAR_OPTIONS): string {
  const statement = words.filter((w) => TOKEN.test(w));
  if (statement.length === 0) throw new Error("a statement grammar needs at least one word");
  const own = new Set(statement);
  const garbage = COMMON_WORDS.slice(0, options.garbageWords).filter((g) => TOKEN.test(g.word) && !own.has(g.word));
  const total = garbage.reduce((s, g) => s + 10 ** g.log10, 0);
  const alternatives = garbage.map((g) => `/${weight((10 ** g.log10 / total) * options.garbageWeight)}/ ${g.word}`);
  return [
    "#JSGF V1.0;",
    "grammar statement;",
    "public <utt> = ( <statement> | <garbage> )* ;",
    `<statement> = ${[...own].map((w) => `/1/ ${w}`).join(" | ")} ;`,
    `<garbage> = ${alternatives.join(" | ")} ;`,
    "",
  ].join("\n");
}

// JSGF weights are plain decimals: no exponent notation
const weight = (w: number) => w.toFixed(8).replace(/0+$/, "").replace(/\.$/, "");
