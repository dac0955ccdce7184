import "server-only";
import type { FrameFaces, VideoAnalysis } from "@/lib/engines/faces/analyze-video";
import { DETECTOR_BOX_SCALE, type FaceObservation } from "@/lib/engines/faces/human-engine";
import { COMBINED_MODEL } from "@/lib/engines/pad/combined-score";
import { PAD_ENGINE } from "@/lib/engines/pad/minifasnet";
import { scoreFace, type FacePad } from "@/lib/engines/pad/score-face";
import type { Check, CheckResult } from "@/lib/checks/types";
import type { PAD_MODES } from "@/lib/shared/workflow-settings";

// PRESENTATION_ATTACK: passive presentation-attack detection (ISO/IEC 30107-3 "PAD") on the near-frontal frames of
// a selfie or agreement video, with the MiniFASNet pair (lib/engines/pad). On a close-up (the face box ≥ 60 % of the
// frame's width, where the models lack the 2.7–4× context they were trained with) it passes on the pair's score
// combined with texture cues of the face instead (combined-score.ts: the pair alone sent half the genuine tight
// webcam crops to review, the combination, cross-validated by subject, one in seven — docs/accuracy.md). The policy
// never declines a person on these scores only:
// | result  | when                                                                                               |
// |---------|----------------------------------------------------------------------------------------------------|
// | PASSED  | median real-face probability ≥ PASS; on a close-up the median combined probability ≥ COMBINED_PASS  |
// |         | instead; never when every frame is below VERY_LOW                                                  |
// | REVIEW  | below that; or every frame below VERY_LOW with no second signal agreeing; or greyscale frames      |
// |         | (the models call every grey face a spoof); or no near-frontal face to score                        |
// | FAILED  | EVERY scored frame below VERY_LOW AND an independent signal of the same capture agrees: NOT_STILL or |
// |         | HEAD_CHALLENGE failed, or CAPTURE_INTEGRITY was not PASSED (SECOND_SIGNAL_CHECKS); named in the detail |
// | SKIPPED | shadow mode (workflow setting PAD_MODE = SHADOW): scores recorded, the check decides nothing       |
// Thresholds chosen on the development half of ../shared/data/face-pad with tools/eval/pad.ts and pad-cv.ts
// (docs/accuracy.md).

export const PAD_THRESHOLDS = {
  /** median real-face probability from which the capture passes: 2 of 29 development attacks score above it */
  PASS: 0.75,
  /** on a close-up, the median COMBINED probability (the pair's score with the texture cues, combined-score.ts) from
   * which the capture passes instead: on out-of-fold scores of the development half, 1 of 26 attacks above it */
  COMBINED_PASS: COMBINED_MODEL.threshold,
  /** median face share (human's box width / frame width) from which a capture is a close-up */
  CLOSE_UP_SHARE: COMBINED_MODEL.minFaceShare,
  /** below this on every frame the pair's real-face probability says print or screen (FAILED when a second signal
   * agrees): under every genuine score of the development material (lowest 0.0047, a tight NUAA crop), half the
   * attacks under it. On the pair's score alone, not the combined one: the texture cues decide no decline. */
  VERY_LOW: 0.002,
  /** |yaw| and |pitch| (degrees) of a frame scored: the models were trained on faces looking at the camera */
  FRONTAL_DEG: 15,
  /** frames scored per video, spread over the near-frontal ones: ~20 ms each on one core */
  FRAMES: 5,
} as const;

export type PadMode = (typeof PAD_MODES)[number];

/** One scored frame. */
export type FramePad = FacePad & { frame: number; yaw: number; pitch: number };

/** Another check of the same capture that says whether it looks live (for the FAILED rule). */
export type SecondSignal = { name: string; failed: boolean; detail?: string };

/**
 * The real-face probability of `face` in one decoded frame or photo (RGB): what LIVENESS and VIDEO_AGREEMENT do for
 * each frame they score and what tools/eval/pad.ts does for each image.
 */
export function scoreFrame(image: { data: Uint8Array; width: number; height: number }, face: FaceObservation) {
  return scoreFace({ ...image, channels: 3 }, face.box, { detectorScale: DETECTOR_BOX_SCALE, boxMode: "human" });
}

/** Up to FRAMES frames whose main face looks at the camera, evenly spread (first and last included). */
export function frontalFrames(faces: readonly FrameFaces[], count: number = PAD_THRESHOLDS.FRAMES): number[] {
  const frontal = faces.flatMap((f, i) =>
    f.main && Math.abs(f.main.yaw) <= PAD_THRESHOLDS.FRONTAL_DEG && Math.abs(f.main.pitch) <= PAD_THRESHOLDS.FRONTAL_DEG
      ? [i]
      : [],
  );
  if (frontal.length <= count) return frontal;
  return Array.from({ length: count }, (_, k) => frontal[Math.round((k * (frontal.length - 1)) / (count - 1))]!);
}

/** Scores the frontal frames of an analysed video (analyzeVideo with keepPixels). */
export async function scoreVideoFrames(
  faces: readonly FrameFaces[],
  pixels: readonly { data: Uint8Array; width: number; height: number }[],
): Promise<FramePad[]> {
  const scored: FramePad[] = [];
  for (const i of frontalFrames(faces)) {
    const face = faces[i]!.main!;
    scored.push({
      ...(await scoreFrame(pixels[i]!, face)),
      frame: i,
      yaw: round(face.yaw, 1),
      pitch: round(face.pitch, 1),
    });
  }
  return scored;
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
}

export type PadJudgement = { check: Check; data: Record<string, unknown> };

/** The PRESENTATION_ATTACK check and its step data from the scored frames (see the table above). */
export function judgePresentationAttack(
  frames: readonly FramePad[],
  { mode = "ENFORCE", secondSignals = [] }: { mode?: PadMode; secondSignals?: readonly SecondSignal[] } = {},
): PadJudgement {
  const scores = frames.map((f) => f.real);
  const combined = frames.map((f) => f.combined);
  const decision = decide(frames, secondSignals);
  const data = {
    mode,
    decision: decision.result,
    reason: decision.reason,
    median_real: scores.length ? round(median(scores)) : null,
    min_real: scores.length ? round(Math.min(...scores)) : null,
    median_combined: combined.length ? round(median(combined)) : null,
    face_share: frames.length ? round(median(frames.map((f) => f.faceShare))) : null,
    frames: frames.map((f) => ({
      frame: f.frame,
      real: round(f.real),
      combined: round(f.combined),
      texture: Object.fromEntries(Object.entries(f.texture).map(([k, v]) => [k, round(v, 4)])),
      models: Object.fromEntries(f.perModel.map((m) => [m.name, round(m.real)])),
      greyscale: f.greyscale,
      yaw: f.yaw,
      pitch: f.pitch,
    })),
    second_signal: decision.agreeing ?? null,
    thresholds: {
      pass: decision.passOn === "median_combined" ? PAD_THRESHOLDS.COMBINED_PASS : PAD_THRESHOLDS.PASS,
      pass_on: decision.passOn ?? null,
      close_up_share: PAD_THRESHOLDS.CLOSE_UP_SHARE,
      very_low: PAD_THRESHOLDS.VERY_LOW,
      frontal_deg: PAD_THRESHOLDS.FRONTAL_DEG,
    },
    engine: PAD_ENGINE,
  };
  if (mode === "SHADOW")
    return {
      check: {
        name: "PRESENTATION_ATTACK",
        result: "SKIPPED",
        detail: `Shadow mode: scores recorded, not decisive (would have been ${decision.result}: ${decision.reason})`,
      },
      data,
    };
  return { check: { name: "PRESENTATION_ATTACK", result: decision.result, detail: decision.reason }, data };
}

function decide(
  frames: readonly FramePad[],
  secondSignals: readonly SecondSignal[],
): {
  result: Exclude<CheckResult, "SKIPPED">;
  reason: string;
  agreeing?: string;
  passOn?: "median_real" | "median_combined";
} {
  if (frames.length === 0)
    return { result: "REVIEW", reason: "No near-frontal face to score for presentation attacks." };
  const grey = frames.filter((f) => f.greyscale).length;
  if (grey > 0)
    return {
      result: "REVIEW",
      reason: `${grey} of ${frames.length} scored frames are greyscale; the presentation-attack models reject any grey face, so they cannot judge this capture.`,
    };
  const scores = frames.map((f) => f.real);
  const mid = median(scores);
  const combined = median(frames.map((f) => f.combined));
  const highest = Math.max(...scores);
  // the combined model decides only where it was fit and validated: close-ups (combined-score.ts' minFaceShare)
  const closeUp = median(frames.map((f) => f.faceShare)) >= PAD_THRESHOLDS.CLOSE_UP_SHARE;
  const passOn = closeUp ? "median_combined" : "median_real";
  const summary = `real-face probability median ${round(mid, 2)} (lowest ${round(Math.min(...scores), 2)})${closeUp ? `, with the texture cues ${round(combined, 2)} (a close-up)` : ""}, over ${frames.length} frontal frames`;
  const passes = closeUp ? combined >= PAD_THRESHOLDS.COMBINED_PASS : mid >= PAD_THRESHOLDS.PASS;
  // a frame not very low is needed to pass: the texture cues may lift a middling score, not overrule a certain one
  if (highest >= PAD_THRESHOLDS.VERY_LOW && passes)
    return { result: "PASSED", reason: `Looks like a live face: ${summary}.`, passOn };
  if (highest >= PAD_THRESHOLDS.VERY_LOW)
    return { result: "REVIEW", reason: `Possibly a printed photo or a screen: ${summary}.`, passOn };
  const agreeing = secondSignals.find((s) => s.failed);
  if (!agreeing)
    return {
      result: "REVIEW",
      reason: `Every frame looks like a printed photo or a screen (${summary}), but no other check of the capture agrees: a person decides.`,
    };
  return {
    result: "FAILED",
    reason: `A printed photo or a screen: ${summary}, every frame below ${PAD_THRESHOLDS.VERY_LOW}, and ${agreeing.name} agrees.`,
    agreeing: agreeing.name,
  };
}

/**
 * Checks of the same capture that count as the second, independent signal of the FAILED rule, and the results that
 * make them agree: the still-picture and head-challenge checks when they FAILED, and the capture-integrity check
 * (virtual-camera labels, frame timing) when it is anything but PASSED — it never fails on its own (a virtual camera
 * has honest uses), its REVIEW is its "suspicious". By name: a check absent from the step is simply not a signal.
 */
export const SECOND_SIGNAL_CHECKS: Readonly<Record<string, readonly CheckResult[]>> = {
  NOT_STILL: ["FAILED"],
  HEAD_CHALLENGE: ["FAILED"],
  CAPTURE_INTEGRITY: ["FAILED", "REVIEW"],
};

export function secondSignalsFrom(checks: readonly Check[], extra: readonly SecondSignal[] = []): SecondSignal[] {
  const named = checks
    .filter((c) => Object.hasOwn(SECOND_SIGNAL_CHECKS, c.name))
    .map((c) => ({ name: c.name, failed: SECOND_SIGNAL_CHECKS[c.name]!.includes(c.result), detail: c.detail }));
  return [...named, ...extra];
}

/**
 * PRESENTATION_ATTACK for an analysed video (analyzeVideo with keepPixels): scores its frontal frames, judges them
 * against the other checks already made on the capture, and lets go of the frames' pixels.
 */
export async function presentationAttack(
  analysis: VideoAnalysis,
  mode: PadMode | undefined,
  checks: readonly Check[],
  extraSignals: readonly SecondSignal[] = [],
): Promise<PadJudgement> {
  const pixels = analysis.pixels ?? [];
  const frames = pixels.length ? await scoreVideoFrames(analysis.faces, pixels) : [];
  analysis.pixels = undefined;
  return judgePresentationAttack(frames, { mode, secondSignals: secondSignalsFrom(checks, extraSignals) });
}
