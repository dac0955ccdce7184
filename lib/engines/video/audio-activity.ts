import "server-only";
import { FfmpegError, runFfmpeg, untrustedInput, withTempDir, writeVideo } from "./ffmpeg";

// How much of a video's sound track is voice-like loud, from its samples (ffmpeg decodes to 8 kHz mono PCM):
// 50 ms windows whose RMS is above ACTIVE_DBFS and ≥ 12 dB above the recording's own floor (its 10th percentile
// window) count as active. Not speech recognition: a cough counts, but silence or a missing track does not.

export const AUDIO_THRESHOLDS = { ACTIVE_DBFS: -45, ABOVE_FLOOR_DB: 12, WINDOW_MS: 50 } as const;

export type AudioActivity = { hasAudio: boolean; seconds: number; activeSeconds: number; peakDbfs: number | null };

const RATE = 8000;

export async function audioActivity(bytes: Buffer, contentType: string, timeoutMs = 30_000): Promise<AudioActivity> {
  return withTempDir(async (dir) => {
    const input = await writeVideo(dir, bytes, contentType);
    let pcm: Buffer;
    try {
      pcm = await runFfmpeg(
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
      if (error instanceof FfmpegError && !error.timedOut)
        return { hasAudio: false, seconds: 0, activeSeconds: 0, peakDbfs: null };
      throw error;
    }
    return activityOf(pcm);
  });
}

export function activityOf(pcm: Buffer): AudioActivity {
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
