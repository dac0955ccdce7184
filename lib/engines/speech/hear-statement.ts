import "server-only";
import { loadLexicon } from "./lexicon";
import { DEBIAN_POCKETSPHINX, speechAvailability, transcribe, type SpeechModel } from "./pocketsphinx";
import { scoreStatement, statementLanguage, type StatementScore } from "./statement-words";

// "Was this statement spoken" on a sound track: free decoding, then the statement aligned in order to what was
// heard (statement-words.ts says why not a grammar or keyphrases). What cannot be checked says why.

export type StatementHearing =
  | ({ checked: true; language: "en" } & StatementScore)
  | { checked: false; language: "en" | "other" | null; reason: string };

export async function hearStatement(
  pcm: Buffer,
  statement: string,
  options: { model?: SpeechModel; timeoutMs?: number } = {},
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
  const transcript = await transcribe(pcm, options);
  return { checked: true, language: "en", ...scoreStatement(statement, transcript, lexicon) };
}
