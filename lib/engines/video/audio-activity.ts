import "server-only";
import { FfmpegError, runFfmpeg, untrustedInput, withTempDir, writeVideo } from "./ffmpeg";

// How much of a video's sound track is voice-like loud, from its samples (ffmpeg decodes to 16 kHz mono PCM, the
// rate the speech recogniser of lib/engines/speech expects, so the track is decoded once for both):
// 50 ms windows whose RMS is above ACTIVE_DBFS and ≥ 12 dB above the recording's own floor (its 10th percentile
// window) count as active. Not speech recognition: a cough counts, but silence or a missing track does not.

export const AUDIO_THRESHOLDS = { ACTIVE_DBFS: -45, ABOVE_FLOOR_DB: 12, WINDOW_MS: 50 } as const;

export type AudioActivity = { hasAudio: boolean; seconds: number; activeSeconds: number; peakDbfs: number | null };

/** The sample rate of the extracted sound track (16-bit little-endian mono PCM). */
export const AUDIO_RATE = 16000;
const RATE = AUDIO_RATE;

/** The video's first sound track as 16 kHz mono PCM; null when it has none (or ffmpeg rejects it). */
export async function extractAudio(bytes: Buffer, contentType: string, timeoutMs = 30_000): Promise<Buffer | null> {
  return withTempDir(async (dir) => {
    const input = await writeVideo(dir, bytes, contentType);
    try {
      return await runFfmpeg(
        [
          ...untrustedInput(input, contentType),
          "-vn",
          "-map",
          "0:a:0?",
          "-ac",
          "1",
          "-ar",
          String(RATE),
          "-f",
          "s16le",
          "-acodec",
          "pcm_s16le",
          "-",
        ],
        { timeoutMs },
      );
    } catch (error) {
      if (error instanceof FfmpegError && !error.timedOut) return null;
      throw error;
    }
  });
}

export async function audioActivity(bytes: Buffer, contentType: string, timeoutMs = 30_000): Promise<AudioActivity> {
  return activityOf(await extractAudio(bytes, contentType, timeoutMs));
}

/** Activity of extracted PCM (extractAudio); null (no sound track) is no audio. */
export function activityOf(pcm: Buffer | null): AudioActivity {
  if (!pcm) return { hasAudio: false, seconds: 0, activeSeconds: 0, peakDbfs: null };
  const samples = Math.floor(pcm.length / 2);
  if (samples === 0) return { hasAudio: false, seconds: 0, activeSeconds: 0, peakDbfs: null };
  const window = (RATE * AUDIO_THRESHOLDS.WINDOW_MS) / 1000;
  const levels: number[] = [];
  for (let start = 0; start + window <= samples; start += window) {
    let sum = 0;
    for (let i = start; i < start + window; i++) {
      const v = pcm.readInt16LE(i * 2) / 32768;
      sum += v * v;
    }
    levels.push(10 * Math.log10(sum / window + 1e-12));
  }
  const sorted = [...levels].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.1)] ?? -120;
  const active = levels.filter(
    (db) => db >= AUDIO_THRESHOLDS.ACTIVE_DBFS && db >= floor + AUDIO_THRESHOLDS.ABOVE_FLOOR_DB,
  ).length;
  return {
    hasAudio: true,
    seconds: Math.round((samples / RATE) * 10) / 10,
    activeSeconds: Math.round(((active * AUDIO_THRESHOLDS.WINDOW_MS) / 1000) * 10) / 10,
    peakDbfs: sorted.length ? Math.round(sorted.at(-1)! * 10) / 10 : null,
  };
}
