import "server-only";
import { FfmpegError } from "@/lib/engines/video/ffmpeg";
import { readFrameTiming, type FrameTiming } from "@/lib/engines/video/frame-timing";
import { CaptureSignalsSchema, type CaptureSignals } from "@/lib/shared/capture-signals";
import type { Check, ProcessInput } from "@/lib/checks/types";
import { cameraSoftwareOf, type CameraSoftware } from "./virtual-cameras";

// CAPTURE_INTEGRITY (issue 31): was the selfie video filmed by a camera in front of the person, or injected (a
// virtual camera replaying a clip, a script-made stream, a file swapped into the upload)? Two sources:
// - the hosted page's report (lib/shared/capture-signals.ts, kept in the file's metadata `capture`): camera
//   label, track settings, frame timing in the browser. CLIENT-REPORTED: it can only add suspicion.
// - the server's own reading of the file (lib/engines/video/frame-timing.ts): frame times and repeated pixels.
// Every finding is REVIEW, never FAILED: a person may honestly film through OBS, and none of these signals was
// measured on enough attacks to decline anyone (docs/accuracy.md, "capture integrity"). `isInjectionSuspected`
// is the boolean PRESENTATION_ATTACK may use as its "second independent signal".
// Thresholds chosen on the genuine browser recordings of tools/make/browser-recordings.ts and the synthetic
// head-turn videos (docs/accuracy.md): none of those comes near them.
export const CAPTURE_THRESHOLDS = {
  /** share of consecutive frame pairs with identical pixels (genuine hosted recordings measured: ≤ 0.014) */
  REPEATED_SHARE: 0.5,
  /** hosted recordings: the file may differ from the page's recording time by this much (s) or share */
  DURATION_SLACK_S: 1.5,
  DURATION_SLACK_SHARE: 0.4,
  /**
   * hosted recordings: file frames / frames the compositor presented while the page recorded (seen + skipped);
   * genuine recordings measured 0.987–1.01, so ±25 % leaves room for a phone that drops frames under load
   */
  FRAME_RATIO: [0.8, 1.25] as const,
  /** frame rates no camera records */
  FPS_RANGE: [3, 240] as const,
  /**
   * share of frames whose pts repeats the previous one: a live recording may write a few (frames delivered together
   * after a stall: 1 of 75 seen from Chromium under load), never most of them
   */
  REPEATED_PTS_SHARE: 0.1,
} as const;

export type IntegrityFinding = { code: string; detail: string };

export type CaptureIntegrity = {
  check: Check;
  /** a finding says the video may not come from a camera in front of a person (PRESENTATION_ATTACK's second signal) */
  isInjectionSuspected: boolean;
  data: Record<string, unknown>;
};

/** Where the upload came from, as send-inputs stamped it on the stored file (`meta.capture`). */
export type CaptureOrigin = { channel: "hosted" | "api"; signals: CaptureSignals | null };

export async function captureIntegrity(
  input: ProcessInput,
  video: { fileId: string; bytes: Buffer; contentType: string },
  /** the timing already read with the frames (analyze-video.ts `withTiming`; null: unreadable); read here if absent */
  read?: FrameTiming | null,
): Promise<CaptureIntegrity> {
  const origin = originOf(await input.ports.fileMeta(video.fileId));
  let timing: FrameTiming | null = read ?? null;
  if (read === undefined) {
    try {
      timing = await readFrameTiming(video.bytes, video.contentType);
    } catch (error) {
      // a timeout or a missing binary is ours (retry); a file ffmpeg cannot decode fails VIDEO_FRAMES already
      if (!(error instanceof FfmpegError) || error.timedOut) throw error;
    }
  }
  return judgeCaptureIntegrity({ origin, timing, nonce: input.verification.livenessChallenge?.nonce ?? null });
}

/** The stored file's metadata → the origin of the upload; a report that does not parse counts as none. */
export function originOf(meta: Record<string, unknown> | null): CaptureOrigin {
  const capture = meta?.capture as { channel?: unknown; signals?: unknown } | undefined;
  if (!capture || capture.channel !== "hosted") return { channel: "api", signals: null };
  const parsed = CaptureSignalsSchema.safeParse(capture.signals);
  return { channel: "hosted", signals: parsed.success ? parsed.data : null };
}

/** The decision, pure: findings → REVIEW with every reason; none → PASSED. */
export function judgeCaptureIntegrity(input: {
  origin: CaptureOrigin;
  timing: FrameTiming | null;
  nonce: string | null;
}): CaptureIntegrity {
  const { origin, timing } = input;
  const signals = origin.signals;
  const findings: IntegrityFinding[] = [...clientFindings(origin, input.nonce), ...fileFindings(timing, signals)];
  const software = cameraSoftware(signals);
  const data = {
    channel: origin.channel,
    source: signals?.source ?? null,
    camera_label: signals?.device?.label || signals?.device?.trackLabel || null,
    camera_software: software,
    client: signals ? { settings: signals.settings, frames: signals.frames, recording: signals.recording } : null,
    file: timing,
    findings,
    thresholds: CAPTURE_THRESHOLDS,
    client_reported: "the page's report can add suspicion only; it never clears a video",
  };
  if (!timing && !signals)
    return {
      check: { name: "CAPTURE_INTEGRITY", result: "SKIPPED", detail: "The video's frame timing could not be read." },
      isInjectionSuspected: false,
      data: { ...data, result: "SKIPPED" },
    };
  const result = findings.length ? "REVIEW" : "PASSED";
  const detail = findings.length
    ? findings.map((f) => f.detail).join(" ")
    : origin.channel === "api"
      ? "The video's frame timing is that of a recording (uploaded through the API: no report from the page)."
      : signals?.source === "upload"
        ? "The video's frame timing is that of a recording (a file chosen on the device: no camera report)."
        : "The camera and the video's frame timing look like a camera recording.";
  return {
    check: { name: "CAPTURE_INTEGRITY", result, detail },
    isInjectionSuspected: findings.length > 0,
    data: { ...data, result },
  };
}

function cameraSoftware(signals: CaptureSignals | null): CameraSoftware | null {
  const labels = [signals?.device?.label ?? "", signals?.device?.trackLabel ?? ""];
  return labels.map(cameraSoftwareOf).find((s) => s !== null) ?? null;
}

function clientFindings(origin: CaptureOrigin, nonce: string | null): IntegrityFinding[] {
  if (origin.channel === "api") return [];
  const signals = origin.signals;
  // the hosted page always sends its report with the video (an empty one for a file from the gallery)
  if (!signals)
    return [{ code: "REPORT_MISSING", detail: "The hosted page's capture report did not arrive with the video." }];
  const findings: IntegrityFinding[] = [];
  if (nonce && signals.nonce !== nonce)
    findings.push({
      code: "CHALLENGE_NOT_SHOWN",
      detail: "The recording was not made on a page showing this verification's challenge.",
    });
  if (signals.source !== "camera") return findings;
  const software = cameraSoftware(signals);
  if (software?.kind === "VIRTUAL")
    findings.push({
      code: "VIRTUAL_CAMERA",
      detail: `The camera is a virtual camera ("${signals.device?.label || signals.device?.trackLabel}", ${software.name}): its picture can be any video.`,
    });
  // only when the track has a deviceId to compare: a browser that gives none cannot be judged this way
  if (signals.device && signals.device.cameras > 0 && !signals.device.listed && signals.settings?.deviceId)
    findings.push({
      code: "TRACK_NOT_A_CAMERA",
      detail: "The recorded stream does not come from any camera the browser lists (a script-made stream).",
    });
  const frames = signals.frames;
  if (frames && frames.count > 10 && frames.identical / (frames.count - 1) >= CAPTURE_THRESHOLDS.REPEATED_SHARE)
    findings.push({
      code: "CLIENT_REPEATED_FRAMES",
      detail: `${frames.identical} of ${frames.count} frames shown during the recording repeated the previous picture exactly.`,
    });
  return findings;
}

function fileFindings(timing: FrameTiming | null, signals: CaptureSignals | null): IntegrityFinding[] {
  if (!timing || timing.frames < 2) return [];
  const findings: IntegrityFinding[] = [];
  const [minFps, maxFps] = CAPTURE_THRESHOLDS.FPS_RANGE;
  const repeatedPts = timing.nonIncreasing - timing.backwards;
  if (timing.backwards > 0 || repeatedPts / (timing.frames - 1) >= CAPTURE_THRESHOLDS.REPEATED_PTS_SHARE)
    findings.push({
      code: "IMPOSSIBLE_TIMING",
      detail: `${timing.nonIncreasing} frames of the file repeat or go back in time (pts not increasing).`,
    });
  if (timing.fps !== null && (timing.fps < minFps || timing.fps > maxFps))
    findings.push({
      code: "IMPOSSIBLE_TIMING",
      detail: `The file runs at ${timing.fps} frames per second; cameras record between ${minFps} and ${maxFps}.`,
    });
  // how a hosted recording was made is known (MediaRecorder on a live track): the rules below hold only there;
  // an API upload may come from any app or encoder, which may repeat frames to reach a fixed rate
  if (signals?.source !== "camera" || !signals.recording) return findings;
  if (timing.longGaps > 0)
    findings.push({ code: "IMPOSSIBLE_TIMING", detail: `The recording stalls for over a second ${timing.longGaps}×.` });
  if (timing.identical / (timing.frames - 1) >= CAPTURE_THRESHOLDS.REPEATED_SHARE)
    findings.push({
      code: "FILE_REPEATED_FRAMES",
      detail: `${timing.identical} of ${timing.frames} frames in the file repeat the previous picture exactly.`,
    });
  const recorded = signals.recording.durationMs / 1000;
  const slack = Math.max(CAPTURE_THRESHOLDS.DURATION_SLACK_S, CAPTURE_THRESHOLDS.DURATION_SLACK_SHARE * recorded);
  if (Math.abs(timing.seconds - recorded) > slack)
    findings.push({
      code: "NOT_THE_RECORDING",
      detail: `The file lasts ${timing.seconds} s but the page recorded for ${Math.round(recorded * 10) / 10} s.`,
    });
  const seen = signals.frames ? signals.frames.count + signals.frames.skipped : 0;
  const [low, high] = CAPTURE_THRESHOLDS.FRAME_RATIO;
  if (seen >= 10 && (timing.frames / seen < low || timing.frames / seen > high))
    findings.push({
      code: "NOT_THE_RECORDING",
      detail: `The file has ${timing.frames} frames; the page showed ${seen} while it recorded.`,
    });
  return findings;
}
