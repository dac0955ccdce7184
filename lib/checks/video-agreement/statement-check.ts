import "server-only";
import type { Check } from "@/lib/checks/types";
import { hearStatement, type StatementHearing, type StatementSearch } from "@/lib/engines/speech/hear-statement";
import type { SpeechModel } from "@/lib/engines/speech/pocketsphinx";
import { activityOf, extractAudio, type AudioActivity } from "@/lib/engines/video/audio-activity";
import { FfmpegError } from "@/lib/engines/video/ffmpeg";

// STATEMENT_TRANSCRIPT: was the workflow's statement read aloud in the agreement video. The sound track is decoded
// once (16 kHz mono) for AUDIO_PRESENT and for the recogniser (lib/engines/speech), which searches it with a grammar
// of the statement's words against a garbage branch of common English words. The score is the share of the
// statement's words heard, in order. Thresholds chosen on the development material only (docs/accuracy.md
// "Statement read aloud": the SpeechBrain Harvard-sentence clips of speaker 1, 6 read and 30 other-text pairs, and
// the espeak-ng set): there the statement read scored 0.71–1.00 (espeak-ng: 0.17–0.61) and another text 0.00–0.38.
// | result | when                                                                                                   |
// |--------|--------------------------------------------------------------------------------------------------------|
// | PASSED | share ≥ PASS_SHARE                                                                                     |
// | FAILED | share < FAIL_SHARE, ≥ FAIL_MIN_WORDS words heard (and, when the recogniser reports it, a confidence     |
// |        | ≥ FAIL_MIN_CONFIDENCE): plainly another text                                                           |
// | REVIEW | between; little or nothing heard (silence, music); statement not English; recogniser missing           |
export const STATEMENT_THRESHOLDS = {
  /** in the gap between the development clips' readings (≥ 0.71) and other texts (≤ 0.38); unchanged from round 1 */
  PASS_SHARE: 0.5,
  /** below every development reading (espeak-ng's least clear: 0.17); round 1's 0.2 relied on the free decoding's
   * confidence, which the grammar search does not report */
  FAIL_SHARE: 0.1,
  FAIL_MIN_WORDS: 4,
  /** free decoding only (search "free"): a voice the recogniser could not make out (espeak-ng's plain voices:
   * 0.18–0.61; the real development clips: 0.54–0.92) may be the statement read unclearly, not another text */
  FAIL_MIN_CONFIDENCE: 0.6,
  /** fewer hearable words than this: too short to tell a reading from chance */
  MIN_STATEMENT_WORDS: 4,
} as const;

export type AgreementAudio = { activity: AudioActivity; hearing: StatementHearing | null; check: Check };

/** The agreement video's sound: its activity (AUDIO_PRESENT) and the STATEMENT_TRANSCRIPT check. */
export async function listenToAgreement(
  bytes: Buffer,
  contentType: string,
  statement: string,
  options: { model?: SpeechModel; search?: StatementSearch } = {},
): Promise<AgreementAudio> {
  const pcm = await extractAudio(bytes, contentType);
  const activity = activityOf(pcm);
  if (!pcm || activity.activeSeconds === 0)
    return {
      activity,
      hearing: null,
      check: review("There is no voice in the video to compare with the statement (see AUDIO_PRESENT)."),
    };
  let hearing: StatementHearing;
  try {
    hearing = await hearStatement(pcm, statement, options);
  } catch (error) {
    // the recogniser crashed or ran out of its limits: the words go to a reviewer, the rest of the step stands
    if (!(error instanceof FfmpegError)) throw error;
    hearing = {
      checked: false,
      language: null,
      reason: `the speech recogniser failed (${error.message.slice(0, 200)})`,
    };
  }
  return { activity, hearing, check: statementCheck(hearing) };
}

const review = (detail: string): Check => ({ name: "STATEMENT_TRANSCRIPT", result: "REVIEW", detail });

export function statementCheck(hearing: StatementHearing): Check {
  if (!hearing.checked) return review(`Not checked automatically: ${hearing.reason}. A reviewer must listen.`);
  const { words, heard, share, transcript, confidence } = hearing;
  const t = STATEMENT_THRESHOLDS;
  if (words.length < t.MIN_STATEMENT_WORDS)
    return review(
      `The statement has ${words.length} words the recogniser knows: too few to check. A reviewer must listen.`,
    );
  const percent = Math.round(share * 100);
  const counted = `${heard} of the statement's ${words.length} words were heard in order (${percent} %)`;
  if (share >= t.PASS_SHARE)
    return { name: "STATEMENT_TRANSCRIPT", result: "PASSED", detail: `${counted}: the statement was read.` };
  const clear = confidence === null || confidence >= t.FAIL_MIN_CONFIDENCE;
  if (share < t.FAIL_SHARE && transcript.length >= t.FAIL_MIN_WORDS && clear)
    return {
      name: "STATEMENT_TRANSCRIPT",
      result: "FAILED",
      detail: `${counted} among ${transcript.length} words spoken: another text was read.`,
    };
  return review(`${counted}: a reviewer must listen for the statement.`);
}

/** What the step stores about the speech (data.speech): the score, what was heard and what was not checked. */
export function speechData(hearing: StatementHearing | null): Record<string, unknown> {
  if (!hearing) return { transcribed: false, reason: "No voice in the video." };
  if (!hearing.checked) return { transcribed: false, language: hearing.language, reason: hearing.reason };
  return {
    transcribed: true,
    engine: "pocketsphinx (en-US)",
    search: hearing.search,
    language: hearing.language,
    score: Math.round(hearing.share * 1000) / 1000,
    statement_words: hearing.words.length,
    heard_in_order: hearing.heard,
    confidence: hearing.confidence === null ? null : Math.round(hearing.confidence * 1000) / 1000,
    unchecked_words: hearing.unchecked,
    transcript: hearing.transcript.join(" "),
  };
}
