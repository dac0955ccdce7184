import "server-only";
import { loadLexicon } from "./lexicon";
import { DEBIAN_POCKETSPHINX, speechAvailability, transcribe, type SpeechModel } from "./pocketsphinx";
import { statementGrammar } from "./statement-grammar";
import { scoreStatement, statementLanguage, type StatementScore } from "./statement-words";

// "Was this statement spoken" on a sound track: decoding constrained by a grammar of the statement's words against a
// garbage branch of common English words (statement-grammar.ts), then the statement aligned in order to what was
// heard (statement-words.ts). `search: "free"` is the first round's free decoding with the general language model,
// kept for the evaluation's comparison (npm run eval:agreement -- --search free). What cannot be checked says why.

export type StatementHearing =
  | ({ checked: true; language: "en"; search: StatementSearch } & Omit<StatementScore, "confidence"> & {
        /** the recogniser's mean confidence; null under the grammar, where it reports none */
        confidence: number | null;
      })
  | { checked: false; language: "en" | "other" | null; reason: string };

export type StatementSearch = "grammar" | "free";

export async function hearStatement(
  pcm: Buffer,
  statement: string,
  options: { model?: SpeechModel; timeoutMs?: number; search?: StatementSearch } = {},
): Promise<StatementHearing> {
  const model = options.model ?? DEBIAN_POCKETSPHINX;
  const availability = speechAvailability(model);
  if (!availability.available) return { checked: false, language: null, reason: availability.reason };
  const lexicon = await loadLexicon(model.dict);
  if (statementLanguage(statement, lexicon) !== "en")
    return {
      checked: false,
      language: "other",
      reason: "the statement is not in English, the only language of the installed speech model (US English)",
    };
  const { words } = scoreStatement(statement, [], lexicon);
  const constrained = (options.search ?? "grammar") === "grammar" && words.length > 0;
  const grammar = constrained ? statementGrammar(words) : undefined;
  const transcript = await transcribe(pcm, { ...options, grammar });
  // under a grammar the recogniser reports no confidence (every word 1): none is claimed
  const score = scoreStatement(statement, transcript, lexicon);
  return {
    checked: true,
    language: "en",
    search: constrained ? "grammar" : "free",
    ...score,
    confidence: constrained ? null : score.confidence,
  };
}
