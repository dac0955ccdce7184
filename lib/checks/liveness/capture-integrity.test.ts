import { describe, expect, it } from "vitest";
import type { CaptureSignals } from "@/lib/shared/capture-signals";
import type { FrameTiming } from "@/lib/engines/video/frame-timing";
import { judgeCaptureIntegrity, originOf } from "./capture-integrity";
import { cameraSoftwareOf } from "./virtual-cameras";

// The figures below are those of a genuine Chromium recording of its fake camera (tools/make/browser-recordings.ts,
// scenario y4m: 15 fps, 75 frames in 5 s), so a change of rule that would flag genuine recordings fails here.
const genuineTiming: FrameTiming = {
  frames: 75,
  seconds: 4.933,
  fps: 15,
  intervalMs: { median: 67, mean: 66.7, jitter: 2.6, min: 63, max: 71 },
  nonIncreasing: 0,
  backwards: 0,
  longGaps: 0,
  identical: 0,
  hasAudio: false,
  timeBase: "1/1000",
};

function signals(over: Partial<CaptureSignals> = {}, label = "HD Pro Webcam C920"): CaptureSignals {
  return {
    version: 1,
    source: "camera",
    nonce: "n1",
    device: { label, trackLabel: label, cameras: 1, listed: true },
    settings: {
      deviceId: true,
      facingMode: "user",
      width: 1280,
      height: 720,
      frameRate: 30,
      capabilities: "present",
      capabilityKeys: ["deviceId", "width", "height", "frameRate"],
    },
    frames: {
      count: 75,
      durationMs: 4950,
      meanIntervalMs: 66.9,
      jitterMs: 11.8,
      maxIntervalMs: 83.4,
      skipped: 0,
      repeatedMediaTime: 0,
      identical: 1,
    },
    recording: { mimeType: "video/webm;codecs=vp9", durationMs: 5014 },
    ...over,
  };
}
const hosted = (s: CaptureSignals | null) => ({ channel: "hosted" as const, signals: s });
const codes = (r: ReturnType<typeof judgeCaptureIntegrity>) =>
  (r.data.findings as { code: string }[]).map((f) => f.code);

describe("judgeCaptureIntegrity", () => {
  it("passes a genuine hosted camera recording and an API upload", () => {
    const page = judgeCaptureIntegrity({ origin: hosted(signals()), timing: genuineTiming, nonce: "n1" });
    expect(page.check.result).toBe("PASSED");
    expect(page.isInjectionSuspected).toBe(false);
    const api = judgeCaptureIntegrity({
      origin: { channel: "api", signals: null },
      timing: genuineTiming,
      nonce: null,
    });
    expect(api.check).toMatchObject({ result: "PASSED", detail: expect.stringContaining("API") });
  });

  it("sends an OBS virtual camera to review with its name, not to FAILED", () => {
    const r = judgeCaptureIntegrity({
      origin: hosted(signals({}, "OBS Virtual Camera")),
      timing: genuineTiming,
      nonce: "n1",
    });
    expect(r.check.result).toBe("REVIEW");
    expect(r.check.detail).toContain('virtual camera ("OBS Virtual Camera"');
    expect(r.isInjectionSuspected).toBe(true);
    expect(codes(r)).toEqual(["VIRTUAL_CAMERA"]);
  });

  it("does not flag a phone used as a webcam", () => {
    const r = judgeCaptureIntegrity({
      origin: hosted(signals({}, "DroidCam Source 3")),
      timing: genuineTiming,
      nonce: "n1",
    });
    expect(r.check.result).toBe("PASSED");
    expect(r.data.camera_software).toEqual({ name: "DroidCam", kind: "PHONE_BRIDGE" });
  });

  it("flags a stream that no listed camera produced (canvas.captureStream)", () => {
    const s = signals();
    const r = judgeCaptureIntegrity({
      origin: hosted({ ...s, device: { ...s.device!, label: "", listed: false } }),
      timing: genuineTiming,
      nonce: "n1",
    });
    expect(codes(r)).toEqual(["TRACK_NOT_A_CAMERA"]);
    // a browser that gives the track no deviceId cannot be compared with the list: no finding
    const unknown = judgeCaptureIntegrity({
      origin: hosted({
        ...s,
        device: { ...s.device!, label: "", listed: false },
        settings: { ...s.settings!, deviceId: false },
      }),
      timing: genuineTiming,
      nonce: "n1",
    });
    expect(unknown.check.result).toBe("PASSED");
  });

  it("flags a hosted upload without the page's report, and a report for another challenge", () => {
    expect(codes(judgeCaptureIntegrity({ origin: hosted(null), timing: genuineTiming, nonce: "n1" }))).toEqual([
      "REPORT_MISSING",
    ]);
    expect(codes(judgeCaptureIntegrity({ origin: hosted(signals()), timing: genuineTiming, nonce: "other" }))).toEqual([
      "CHALLENGE_NOT_SHOWN",
    ]);
  });

  it("flags a file that is not the page's recording: other length, other frame count, repeated pictures", () => {
    const long = judgeCaptureIntegrity({
      origin: hosted(signals()),
      timing: { ...genuineTiming, seconds: 12, frames: 180, fps: 15 },
      nonce: "n1",
    });
    expect(codes(long)).toEqual(["NOT_THE_RECORDING", "NOT_THE_RECORDING"]);
    const repeats = judgeCaptureIntegrity({
      origin: hosted(signals()),
      timing: { ...genuineTiming, identical: 40 },
      nonce: "n1",
    });
    expect(codes(repeats)).toEqual(["FILE_REPEATED_FRAMES"]);
  });

  it("keeps the repeated-frame rule to hosted recordings: an encoder's 25 fps from 10 fps frames is not flagged", () => {
    // the synthetic head-turn videos: ffmpeg at -r 25 from 10 fps pictures (test/sample-faces.ts framesVideo)
    const synthetic = { ...genuineTiming, frames: 125, fps: 25, identical: 70 };
    const r = judgeCaptureIntegrity({ origin: { channel: "api", signals: null }, timing: synthetic, nonce: null });
    expect(r.check.result).toBe("PASSED");
  });

  it("flags impossible timing on any upload", () => {
    const r = judgeCaptureIntegrity({
      origin: { channel: "api", signals: null },
      timing: { ...genuineTiming, nonIncreasing: 3, backwards: 1 },
      nonce: null,
    });
    expect(r.check.result).toBe("REVIEW");
    expect(r.check.detail).toContain("3 frames of the file repeat or go back in time");
    // a tenth of the frames on a repeated time: no live recording writes that many
    const repeated = { ...genuineTiming, nonIncreasing: 8 };
    expect(
      judgeCaptureIntegrity({ origin: { channel: "api", signals: null }, timing: repeated, nonce: null }).check.result,
    ).toBe("REVIEW");
  });

  it("passes a live recording with one frame on the previous frame's time (Chromium under load)", () => {
    // seen in a browser test on a loaded machine: the OBS-named camera's recording carried one repeated pts, which
    // flagged IMPOSSIBLE_TIMING beside the expected VIRTUAL_CAMERA
    const r = judgeCaptureIntegrity({
      origin: { channel: "hosted", signals: signals() },
      timing: { ...genuineTiming, nonIncreasing: 1 },
      nonce: "n1",
    });
    expect(r.check.result).toBe("PASSED");
  });

  it("reads the stored stamp; a stamp that does not parse counts as a missing report", () => {
    expect(originOf(null)).toEqual({ channel: "api", signals: null });
    expect(originOf({ capture: { channel: "hosted", signals: signals() } }).signals?.device?.label).toBe(
      "HD Pro Webcam C920",
    );
    expect(originOf({ capture: { channel: "hosted", signals: { version: 2 } } })).toEqual({
      channel: "hosted",
      signals: null,
    });
  });
});

describe("cameraSoftwareOf", () => {
  it.each([
    ["OBS Virtual Camera", "VIRTUAL"],
    ["obs-camera", "VIRTUAL"],
    ["ManyCam Virtual Webcam", "VIRTUAL"],
    ["XSplit VCam", "VIRTUAL"],
    ["Snap Camera", "VIRTUAL"],
    ["Logi Capture", "VIRTUAL"],
    ["e2eSoft VCam", "VIRTUAL"],
    ["SplitCam Video Driver", "VIRTUAL"],
    ["CamTwist", "VIRTUAL"],
    ["Dummy video device (0x0000)", "VIRTUAL"],
    ["Some Virtual Webcam", "VIRTUAL"],
    ["e2eSoft iVCam", "PHONE_BRIDGE"],
    ["DroidCam Source 3", "PHONE_BRIDGE"],
    ["Camo", "PHONE_BRIDGE"],
  ])("%s is %s", (label, kind) => {
    expect(cameraSoftwareOf(label)?.kind).toBe(kind);
  });

  it.each([
    "FaceTime HD Camera",
    "HD Pro Webcam C920 (046d:082d)",
    "Integrated Camera",
    "iPhone Camera",
    "Front Camera",
    "Logitech BRIO",
    "",
  ])("%s is an ordinary camera", (label) => expect(cameraSoftwareOf(label)).toBeNull());
});
