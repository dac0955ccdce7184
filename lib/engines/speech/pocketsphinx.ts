import "server-only";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { runLimitedWithLog, withTempDir } from "@/lib/engines/video/ffmpeg";
import { AUDIO_RATE } from "@/lib/engines/video/audio-activity";

// Debian's PocketSphinx (packages `pocketsphinx` and `pocketsphinx-en-us`: the CLI and the US English acoustic
// model, language model and dictionary), run offline like ffmpeg: an empty environment, the rlimits of
// FFMPEG_MEMORY_MB / FFMPEG_CPU_SECONDS, a wall-clock timeout and the same bubblewrap sandbox (ffmpeg-sandbox.ts:
// no network, read-only /usr, only its job folder writable). The sound it decodes came from an untrusted upload.

export type SpeechModel = { binary: string; hmm: string; lm: string; dict: string };

const MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
export const DEBIAN_POCKETSPHINX: SpeechModel = {
  binary: "/usr/bin/pocketsphinx_continuous",
  hmm: path.join(MODEL_DIR, "en-us"),
  lm: path.join(MODEL_DIR, "en-us.lm.bin"),
  dict: path.join(MODEL_DIR, "cmudict-en-us.dict"),
};

/** At most this much sound is decoded (about 0.7 s of CPU per second of sound): a statement is read in less. */
export const MAX_SPEECH_SECONDS = 60;

export type SpeechAvailability = { available: true } | { available: false; reason: string };

/** Whether the recogniser and its model are installed; the reason names the Debian package that is missing. */
export function speechAvailability(model: SpeechModel = DEBIAN_POCKETSPHINX): SpeechAvailability {
  if (!existsSync(model.binary))
    return { available: false, reason: `PocketSphinx is not installed (${model.binary}; Debian package pocketsphinx)` };
  for (const file of [model.hmm, model.lm, model.dict])
    if (!existsSync(file))
      return {
        available: false,
        reason: `the PocketSphinx US English model is not installed (${file}; Debian package pocketsphinx-en-us)`,
      };
  return { available: true };
}

// Chosen on the development clips (docs/accuracy.md): the recogniser's own noise removal, on by default, lowered the
// share heard of a statement read correctly (0.50 → 0.75 on one clip, no clip better with it), and on an old noisy
// recording it turned "what your country can do for you" into noise.
const DECODER_OPTIONS = ["-remove_noise", "no"];

/** A RIFF header for 16-bit mono PCM at AUDIO_RATE. */
export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(AUDIO_RATE, 24);
  header.writeUInt32LE(AUDIO_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A word the recogniser heard: its posterior probability (0–1) is how sure it is of that word there. */
export type HeardWord = { word: string; start: number; end: number; confidence: number };

/**
 * The words of `-time yes` output: after each utterance's hypothesis line, one line per segment
 * "word start end posterior"; sentence marks, silences and fillers ("<s>", "<sil>", "[NOISE]", "++UM++") are
 * not words; "word(2)" is an alternative pronunciation of "word".
 */
export function parseTimedOutput(output: string): HeardWord[] {
  const words: HeardWord[] = [];
  for (const line of output.split("\n")) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 4) continue;
    const [token, start, end, confidence] = fields as [string, string, string, string];
    if (![start, end, confidence].every((f) => /^-?\d+(\.\d+)?$/.test(f))) continue;
    // "(NULL)": a grammar's empty transition (a skipped optional word)
    if (/^(<.*>|\[.*\]|\+\+.*\+\+|\(NULL\))$/.test(token)) continue;
    words.push({
      word: token.replace(/\(\d+\)$/, ""),
      start: Number(start),
      end: Number(end),
      confidence: Number(confidence),
    });
  }
  return words;
}

/**
 * The recogniser's command line for one WAV file (bench:speech runs exactly this): searched with the JSGF grammar in
 * `grammarFile` (statement-grammar.ts), or freely with the general language model without one.
 */
export function recogniserArgs(file: string, model: SpeechModel = DEBIAN_POCKETSPHINX, grammarFile?: string): string[] {
  return [
    "-infile",
    file,
    "-hmm",
    model.hmm,
    ...(grammarFile ? ["-jsgf", grammarFile] : ["-lm", model.lm]),
    "-dict",
    model.dict,
    ...DECODER_OPTIONS,
    "-time",
    "yes",
    "-logfn",
    "/dev/null",
  ];
}

/**
 * Decoding of 16 kHz mono PCM with the US English model: the words heard, with their confidence. With `grammar`
 * (JSGF text) the search is constrained to it, and the recogniser reports every word's confidence as 1.
 */
export async function transcribe(
  pcm: Buffer,
  options: { model?: SpeechModel; timeoutMs?: number; grammar?: string } = {},
): Promise<HeardWord[]> {
  const model = options.model ?? DEBIAN_POCKETSPHINX;
  const samples = pcm.subarray(0, Math.min(pcm.length - (pcm.length % 2), MAX_SPEECH_SECONDS * AUDIO_RATE * 2));
  return withTempDir(async (dir) => {
    const file = path.join(dir, "speech.wav");
    await writeFile(file, Buffer.concat([wavHeader(samples.length), samples]));
    const grammarFile = options.grammar ? path.join(dir, "statement.gram") : undefined;
    if (grammarFile) await writeFile(grammarFile, options.grammar!);
    const { stdout } = await runLimitedWithLog(model.binary, recogniserArgs(file, model, grammarFile), {
      timeoutMs: options.timeoutMs ?? 60_000,
    });
    return parseTimedOutput(stdout.toString());
  });
}
