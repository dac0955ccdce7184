import { describe, expect, it } from "vitest";
import { TEXTURE_KEYS, type TextureFeatures } from "@/lib/engines/pad/texture-features";
import type { FrameFaces } from "@/lib/engines/faces/analyze-video";
import type { FaceObservation } from "@/lib/engines/faces/human-engine";
import {
  frontalFrames,
  judgePresentationAttack,
  PAD_THRESHOLDS,
  secondSignalsFrom,
  type FramePad,
} from "./presentation-attack";

// The policy of PRESENTATION_ATTACK on given scores (the models' side is minifasnet.real.test.ts and eval:pad).

const NO_TEXTURE = Object.fromEntries(TEXTURE_KEYS.map((k) => [k, 0])) as TextureFeatures;
// `combined` (the pair with the texture cues) set apart from `real` where a test needs them to differ; a close-up
// (faceShare 1, as the NUAA crops) unless a test moves the face away
const frame = (real: number, i = 0, greyscale = false, combined = real, faceShare = 1): FramePad => ({
  frame: i,
  real,
  combined,
  faceShare,
  texture: NO_TEXTURE,
  perModel: [
    { name: "MiniFASNetV2", real },
    { name: "MiniFASNetV1SE", real },
  ],
  greyscale,
  chroma: greyscale ? 0 : 20,
  box: [0, 0, 100, 100],
  yaw: 0,
  pitch: 0,
});
const frames = (...scores: number[]) => scores.map((s, i) => frame(s, i));
const stillFailed = [{ name: "NOT_STILL", failed: true }];

describe("judgePresentationAttack", () => {
  it("passes a live face and records every frame's score, the median and the lowest", () => {
    const { check, data } = judgePresentationAttack(frames(0.97, 0.99, 0.6, 0.95, 0.98));
    expect(check).toMatchObject({ name: "PRESENTATION_ATTACK", result: "PASSED" });
    expect(data).toMatchObject({ decision: "PASSED", median_real: 0.97, min_real: 0.6, mode: "ENFORCE" });
    expect((data.frames as unknown[]).length).toBe(5);
  });

  it("passes on the combined evidence: a middling model score with live-looking texture passes", () => {
    const { check, data } = judgePresentationAttack([frame(0.3, 0, false, 0.9), frame(0.2, 1, false, 0.8)]);
    expect(check.result).toBe("PASSED");
    expect(data).toMatchObject({ median_real: 0.25, median_combined: 0.85 });
  });

  it("does not pass a high model score whose combined evidence is weak", () => {
    const { check } = judgePresentationAttack([frame(0.9, 0, false, 0.3), frame(0.95, 1, false, 0.4)]);
    expect(check.result).toBe("REVIEW");
    expect(check.detail).toContain("with the texture cues 0.35");
  });

  it("away from a close-up the pair's score alone decides the pass, as the texture model was not fit there", () => {
    const far = (real: number, combined: number) => [0, 1, 2].map((i) => frame(real, i, false, combined, 0.4));
    const strong = judgePresentationAttack(far(0.9, 0.3));
    expect(strong.check.result).toBe("PASSED");
    expect(strong.data).toMatchObject({ face_share: 0.4, thresholds: { pass: 0.75, pass_on: "median_real" } });
    expect(judgePresentationAttack(far(0.3, 0.9)).check.result).toBe("REVIEW");
  });

  it("never lets texture overrule a model that is certain on every frame: REVIEW or FAILED, not PASSED", () => {
    const certain = [frame(0.0001, 0, false, 0.99), frame(0.001, 1, false, 0.99)];
    expect(judgePresentationAttack(certain).check.result).toBe("REVIEW");
    expect(judgePresentationAttack(certain, { secondSignals: stillFailed }).check.result).toBe("FAILED");
  });

  it("sends a suspicious score to review, whatever the other checks say", () => {
    const { check } = judgePresentationAttack(frames(0.3, 0.2, 0.5), { secondSignals: stillFailed });
    expect(check.result).toBe("REVIEW");
    expect(check.detail).toContain("Possibly a printed photo or a screen");
  });

  it("never declines on the score alone: very low on every frame but no second signal → REVIEW", () => {
    const { check } = judgePresentationAttack(frames(0.0001, 0.001, 0.0), {
      secondSignals: [{ name: "HEAD_CHALLENGE", failed: false }],
    });
    expect(check.result).toBe("REVIEW");
    expect(check.detail).toContain("no other check of the capture agrees");
  });

  it("fails when every frame is very low AND a second signal failed, and names that signal", () => {
    const { check, data } = judgePresentationAttack(frames(0.0001, 0.001, 0.0), { secondSignals: stillFailed });
    expect(check.result).toBe("FAILED");
    expect(check.detail).toContain("NOT_STILL agrees");
    expect(data.second_signal).toBe("NOT_STILL");
  });

  it("does not fail when one frame is not very low, even with a second signal", () => {
    const { check } = judgePresentationAttack(frames(0.0001, PAD_THRESHOLDS.VERY_LOW * 2, 0.0), {
      secondSignals: stillFailed,
    });
    expect(check.result).toBe("REVIEW");
  });

  it("sends greyscale frames to review, never to FAILED, however low the score", () => {
    const grey = [frame(0, 0, true), frame(0, 1, true)];
    const { check } = judgePresentationAttack(grey, { secondSignals: stillFailed });
    expect(check.result).toBe("REVIEW");
    expect(check.detail).toContain("greyscale");
  });

  it("sends a capture without a frontal face to review", () => {
    expect(judgePresentationAttack([]).check).toMatchObject({ result: "REVIEW" });
  });

  it("in shadow mode records the scores and what it would have decided, and decides nothing", () => {
    const { check, data } = judgePresentationAttack(frames(0.0, 0.0), { mode: "SHADOW", secondSignals: stillFailed });
    expect(check.result).toBe("SKIPPED");
    expect(check.detail).toContain("would have been FAILED");
    expect(data).toMatchObject({ mode: "SHADOW", decision: "FAILED", median_real: 0 });
  });
});

describe("frontalFrames", () => {
  const face = (yaw: number, pitch = 0) => ({ main: { yaw, pitch } as FaceObservation, others: 0 }) as FrameFaces;
  it("keeps only faces looking at the camera, spread over the video", () => {
    const faces = [face(2), face(40), { main: null, others: 0 }, face(-5, 3), face(0, 30), ...Array(10).fill(face(1))];
    const chosen = frontalFrames(faces, 3);
    expect(chosen).toEqual([0, 9, 14]);
    expect(frontalFrames(faces.slice(0, 5))).toEqual([0, 3]);
  });
});

describe("secondSignalsFrom", () => {
  it("takes NOT_STILL and HEAD_CHALLENGE when failed, CAPTURE_INTEGRITY when not passed, and nothing else", () => {
    const signals = secondSignalsFrom([
      { name: "NOT_STILL", result: "PASSED", detail: "" },
      { name: "HEAD_CHALLENGE", result: "FAILED", detail: "no turn" },
      { name: "SAME_FACE", result: "FAILED", detail: "" },
      { name: "CAPTURE_INTEGRITY", result: "REVIEW", detail: "virtual camera" },
    ]);
    expect(signals.map((s) => [s.name, s.failed])).toEqual([
      ["NOT_STILL", false],
      ["HEAD_CHALLENGE", true],
      ["CAPTURE_INTEGRITY", true],
    ]);
    expect(secondSignalsFrom([{ name: "CAPTURE_INTEGRITY", result: "PASSED", detail: "" }])[0]!.failed).toBe(false);
  });
});
